import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../src/webhooks/signature.js';
import { cleanUp, cli, inProcess, ROOT, tempDir } from '../helpers.js';
import { headerNames, rawReceiver, type RawRequest } from '../raw-receiver.js';

/**
 * What a receiver sees of a delivery, read off a bare socket: exactly the headers docs/webhooks.md
 * lists, none of an HTTP client's own (fetch adds accept, accept-language, sec-fetch-mode,
 * accept-encoding), so a receiver tested here sees what it will see in production.
 */
afterEach(cleanUp);

const APP = 'com.example.demo-addon';

/** The names in docs/webhooks.md's table under "### Headers", lowercased, in its order (sorted: `sorted`). */
async function documentedHeaders({ sorted = true } = {}): Promise<string[]> {
  const doc = await readFile(join(ROOT, 'docs', 'webhooks.md'), 'utf8');
  const section = doc.split('\n### Headers\n')[1]!.split('\n#')[0]!;
  const names = [...section.matchAll(/^\| `([A-Za-z-]+)` \|/gm)].map(([, name]) => name!.toLowerCase());
  return sorted ? names.sort() : names;
}

const value = (request: RawRequest, name: string) => request.headers.find(([n]) => n.toLowerCase() === name)?.[1];

describe('the headers of a delivery', () => {
  it('are exactly those docs/webhooks.md lists, each with its documented value', async () => {
    const documented = await documentedHeaders();
    expect(documented).toContain('x-service-signature');
    const receiver = await rawReceiver();
    const em = await inProcess();
    await em.listen();
    await em.subscribe('customer.created', receiver.url);
    const { deliveries } = await em.trigger('customer.created');
    expect(deliveries).toMatchObject([{ status: 'succeeded' }]);

    const [request] = receiver.requests;
    expect(request!.requestLine).toBe('POST /hooks HTTP/1.1');
    expect(headerNames(request!)).toEqual(documented);
    expect(request!.headers.map(([name]) => name.toLowerCase())).toEqual(await documentedHeaders({ sorted: false }));
    expect(value(request!, 'content-type')).toBe('application/json');
    expect(value(request!, 'content-length')).toBe(String(request!.body.length));
    expect(value(request!, 'host')).toBe(new URL(receiver.url).host);
    expect(value(request!, 'x-service-event')).toBe('customer.created');
    expect(value(request!, 'x-service-app')).toBe(APP);
    expect(value(request!, 'x-service-delivery-attempt')).toBe('1');
    expect(verifyWebhookSignature(request!.body, value(request!, 'x-service-signature'), APP)).toBe(true);
    await receiver.close();
  });

  it("are the same on a retry, but for the attempt's number", async () => {
    // A 500 first, then 200s: attempt 2 goes out when the emulated clock has moved a minute.
    const receiver = await rawReceiver((socket, request) =>
      socket.write(
        value(request, 'x-service-delivery-attempt') === '1'
          ? 'HTTP/1.1 500 Internal Server Error\r\ncontent-length: 0\r\n\r\n'
          : 'HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n',
      ),
    );
    const em = await inProcess();
    await em.listen();
    await em.subscribe('invoice.paid', receiver.url);
    await em.trigger('invoice.paid');
    await em.advanceClock(60_000);
    expect(em.deliveries({})).toMatchObject([{ status: 'succeeded' }]);
    const documented = await documentedHeaders();
    expect(receiver.requests.map(headerNames)).toEqual([documented, documented]);
    expect(receiver.requests.map((request) => value(request, 'x-service-delivery-attempt'))).toEqual(['1', '2']);
    await receiver.close();
  });

  it("are what addon check's crafted deliveries carry too, but for the signature the unsigned one leaves out", async () => {
    const receiver = await rawReceiver();
    const result = await cli(
      ['check', '--json', '--only', 'webhook', '--webhook', `customer.created=${receiver.url}`],
      { cwd: await tempDir() },
    );
    expect(result.stderr).toBe('');
    const documented = (await documentedHeaders()).join();
    const unsigned = (await documentedHeaders()).filter((name) => name !== 'x-service-signature').join();
    const sent = receiver.requests.map((request) => headerNames(request).join());
    // The genuine delivery, three refusals, two acceptances and ten at once (the duplicate is skipped:
    // the raw receiver makes no API writes).
    expect(sent).toHaveLength(16);
    expect(sent.filter((names) => names === unsigned)).toHaveLength(1);
    expect(sent.filter((names) => names === documented)).toHaveLength(15);
    await receiver.close();
  });
});
