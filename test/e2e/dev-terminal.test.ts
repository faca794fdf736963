import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  api,
  attemptsLogged,
  cleanUp,
  cli,
  followLogs,
  ROOT,
  startDev,
  startReceiver,
  type DevProcess,
} from '../helpers.js';

/**
 * What the `addon dev` terminal says went wrong, through the real CLI: calls refused before the audit
 * log (401, 429), a subscription disabled after its third failed attempt, a duplicated delivery; and
 * the order of every list (newest first) against the order of the streams (time order).
 */
afterEach(cleanUp);

const lines = (dev: DevProcess) => dev.output().split('\n');

/** Waits until `addon dev` printed a line that `match` takes, and returns it. */
async function printedLine(dev: DevProcess, match: (line: string) => boolean): Promise<string> {
  await expect
    .poll(() => lines(dev).some(match), { timeout: 15_000, message: `no such line in:\n${dev.output()}` })
    .toBe(true);
  return lines(dev).find(match)!;
}

/** The JSON lines of `addon dev --json` whose `event` is `event`, once there are `count` of them. */
async function jsonLines(dev: DevProcess, event: string, count: number) {
  const found = () =>
    lines(dev)
      .filter((line) => line.startsWith(`{"event":"${event}"`))
      .map((line) => JSON.parse(line));
  await expect.poll(() => found().length, { timeout: 15_000, message: dev.output() }).toBe(count);
  return found();
}

const run = (dev: DevProcess, ...args: string[]) => cli([...args, '--emulator', dev.url]);

/** A subscription of the emulated add-on made through the control API: no rate limit, no audit entry. */
const subscribe = (dev: DevProcess, event: string, webhookUrl: string) =>
  api(`${dev.url}/_emulator/subscriptions/${event}`, { method: 'PUT', body: { webhookUrl } });

/** A receiver answering 500, failed three times: attempts 1, 2 (+1 min) and 3 (+5 min) of one delivery. */
async function failThreeTimes(dev: DevProcess, event: string) {
  const receiver = await startReceiver({ status: 500 });
  expect((await subscribe(dev, event, receiver.url)).status).toBe(201);
  await run(dev, 'trigger', event);
  await attemptsLogged(dev, 1);
  // Each advance returns once the attempts that fell due are logged.
  await run(dev, 'clock', 'advance', '1m');
  await run(dev, 'clock', 'advance', '5m');
  expect(receiver.requests).toHaveLength(3);
  return receiver;
}

describe('the addon dev terminal', () => {
  it('shows what went wrong: 401s with why, a disabled subscription, a duplicated delivery', async () => {
    const dev = await startDev(['--ephemeral'], { json: false });
    const expired = (await run(dev, 'token', '--expired')).stdout.trim();
    expect((await api(`${dev.apiUrl}/customers?limit=1`, { token: expired })).status).toBe(401);
    expect((await api(`${dev.apiUrl}/invoices`, { token: 'garbage' })).status).toBe(401);
    expect((await api(`${dev.apiUrl}/products`)).status).toBe(401);
    const refused = (path: string) => (line: string) => line.includes(` ${path} 401 `);
    expect(await printedLine(dev, refused('/api/addon/v1/customers'))).toMatch(
      /^\d\d:\d\d:\d\d GET {4}\/api\/addon\/v1\/customers 401 token_expired \(the session token has expired; reopen the add-on to get a new one\)$/,
    );
    expect(await printedLine(dev, refused('/api/addon/v1/invoices'))).toMatch(
      /GET {4}\/api\/addon\/v1\/invoices 401 malformed_token \(the session token is not a well-formed JWT\)$/,
    );
    expect(await printedLine(dev, refused('/api/addon/v1/products'))).toMatch(/ 401 missing_token \(send the session/);
    expect(dev.output()).not.toContain(expired);
    // The audit log has none of them: the spec puts it after the token check.
    expect(JSON.parse((await run(dev, 'logs', '--json')).stdout).data).toEqual([]);

    const receiver = await failThreeTimes(dev, 'customer.created');
    const disabled = await printedLine(dev, (line) => line.includes('disabled after'));
    expect(disabled).toMatch(
      new RegExp(
        `^\\d\\d:\\d\\d:\\d\\d webhook subscription to customer.created at ${receiver.url} disabled after 3 failed attempts; re-subscribe to enable it$`,
      ),
    );
    // After attempt 3's own line.
    const at = (match: string) => lines(dev).findIndex((line) => line.includes(match));
    expect(at('(attempt 3)')).toBeGreaterThan(-1);
    expect(at('(attempt 3)')).toBeLessThan(at('disabled after'));

    const twice = await startReceiver();
    await subscribe(dev, 'invoice.paid', twice.url);
    expect((await run(dev, 'faults', 'add', '--webhooks', '--event', 'invoice.paid', '--duplicate')).exitCode).toBe(0);
    await run(dev, 'trigger', 'invoice.paid');
    await twice.received(2);
    const sends = await (async () => {
      const webhook = (line: string) => line.includes(`webhook invoice.paid -> ${twice.url}`);
      await expect.poll(() => lines(dev).filter(webhook).length, { message: dev.output() }).toBe(2);
      return lines(dev).filter(webhook);
    })();
    expect(sends[0]).toMatch(/ 200 [\d.]+ms \(attempt 1\)$/);
    expect(sends[1]).toMatch(/ 200 [\d.]+ms \(attempt 1, duplicate\)$/);
    const listed = (await run(dev, 'deliveries', '--event', 'invoice.paid')).stdout.trim().split('\n');
    expect(listed).toEqual([
      expect.stringMatching(/^succeeded invoice\.paid .* 200 {2}[\d.]+ms \(attempt 1\) \(duplicate\) /),
    ]);
    // One that was not duplicated says nothing of it.
    expect((await run(dev, 'deliveries', '--event', 'customer.created')).stdout).not.toContain('duplicate');
  });

  it('says the same as JSON lines under --json: refused (401, 429), subscription-disabled, a duplicate', async () => {
    const dev = await startDev(['--ephemeral', '--rate-limit', '1']);
    const token = (await run(dev, 'token')).stdout.trim();
    expect((await api(`${dev.apiUrl}/customers?q=1`, { token: 'not.a.jwt' })).status).toBe(401);
    expect((await api(`${dev.apiUrl}/customers`, { token })).status).toBe(200);
    expect((await api(`${dev.apiUrl}/customers`, { token })).status).toBe(429);
    const [unauthorized, limited] = await jsonLines(dev, 'refused', 2);
    expect(unauthorized).toEqual({
      event: 'refused',
      at: expect.any(String),
      requestId: expect.stringMatching(/^req_/),
      method: 'GET',
      path: '/api/addon/v1/customers',
      status: 401,
      code: 'malformed_token',
      reason: 'the session token is not a well-formed JWT',
    });
    expect(limited).toMatchObject({
      status: 429,
      code: 'rate_limited',
      reason: expect.stringContaining('rate limit of 1'),
    });
    expect(dev.output()).not.toContain(token);

    const receiver = await failThreeTimes(dev, 'ticket.created');
    const [disabled] = await jsonLines(dev, 'subscription-disabled', 1);
    const deliveries = await jsonLines(dev, 'delivery', 3);
    expect(disabled).toEqual({
      event: 'subscription-disabled',
      name: 'ticket.created',
      orgId: 'org_demo',
      appId: 'com.example.demo-addon',
      webhookUrl: receiver.url,
      attempts: 3,
      deliveryId: deliveries[2].deliveryId,
      at: expect.any(String),
    });

    const twice = await startReceiver();
    await subscribe(dev, 'invoice.paid', twice.url);
    await run(dev, 'faults', 'add', '--webhooks', '--event', 'invoice.paid', '--duplicate');
    await run(dev, 'trigger', 'invoice.paid');
    const [, , , first, second] = await jsonLines(dev, 'delivery', 5);
    expect([first, second].map((d) => [d.name, d.attempt, d.duplicate])).toEqual([
      ['invoice.paid', 1, undefined],
      ['invoice.paid', 1, true],
    ]);
    expect(second.deliveryId).toBe(first.deliveryId);
    const listed = JSON.parse((await run(dev, 'deliveries', '--event', 'invoice.paid', '--json')).stdout).data;
    expect(listed[0].attempts.map((a: { duplicate?: boolean }) => a.duplicate ?? false)).toEqual([false, true]);
  });

  it("prints the README's ready block as it is", async () => {
    const dev = await startDev(['--ephemeral'], { json: false });
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /`addon dev` prints where everything is and a ready line:\n\n```\n([\s\S]*?)```/.exec(readme)![1];
    // What changes from run to run, or with --port 0 and --ephemeral: the ports, data dir, seed and time.
    const port = new URL(dev.url).port;
    const general = (text: string) =>
      text
        .replaceAll(` --emulator ${dev.url}`, '')
        .replaceAll(`:${port}`, ':4455')
        .replace(/(Add-on +http:\/\/localhost:)\d+/, '$1PORT')
        .replace(/(Data +).*/, '$1DIR')
        .replace(/seed \d+/, 'seed N')
        .replace(/Ready in \d+ ms/, 'Ready in N ms')
        .split('\n')
        .filter((line) => !line.includes('ADDON_EMULATOR_URL'))
        .join('\n')
        .trim();
    const printed = await printedLine(dev, (line) => line.includes('served on a port of its own'));
    const banner = dev.output().slice(0, dev.output().indexOf(printed) + printed.length);
    expect(general(banner)).toBe(general(block));
  });
});

describe('lists newest first, streams in time order', () => {
  it('addon logs, addon logs --follow, addon inbox and the control API', async () => {
    const dev = await startDev(['--ephemeral']);
    const token = (await run(dev, 'token')).stdout.trim();
    for (const path of ['/customers', '/invoices', '/products']) await api(`${dev.apiUrl}${path}`, { token });
    const paths = (entries: Array<{ path: string }>) => entries.map((e) => e.path.replace('/api/addon/v1', ''));

    expect(paths((await api(`${dev.url}/_emulator/audit`)).body.data)).toEqual([
      '/products',
      '/invoices',
      '/customers',
    ]);
    expect(paths(JSON.parse((await run(dev, 'logs', '--json')).stdout).data)).toEqual([
      '/products',
      '/invoices',
      '/customers',
    ]);
    const text = (await run(dev, 'logs', '-n', '2')).stdout.trim().split('\n');
    expect(text.map((line) => line.split(/ +/)[2])).toEqual(['/api/addon/v1/products', '/api/addon/v1/invoices']);

    // With --follow, the first page in time order, and the stream below it.
    const follower = await followLogs(dev.url, ['--json', '-n', '2']);
    await api(`${dev.apiUrl}/tickets`, { token });
    await expect.poll(follower.printed).toContain('/tickets');
    await follower.stop();
    const followed = follower.printed().trim().split('\n');
    expect(paths(followed.map((line) => JSON.parse(line)))).toEqual(['/invoices', '/products', '/tickets']);

    for (const body of ['first', 'second', 'third'])
      await (await fetch(`${dev.url}/inbox/order`, { method: 'POST', body })).text();
    const inbox = JSON.parse((await run(dev, 'inbox', 'order', '--json')).stdout).data;
    expect(inbox.map((entry: { body: string }) => entry.body)).toEqual(['third', 'second', 'first']);
    const printed = (await run(dev, 'inbox', 'order', '-n', '2')).stdout;
    expect(printed.indexOf('"third"')).toBeGreaterThan(-1);
    expect(printed.indexOf('"third"')).toBeLessThan(printed.indexOf('"second"'));
    expect(printed).not.toContain('"first"');
  });
});
