import { createHmac } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';
import { INBOX_KEEP } from '../../src/common/limits.js';
import { api, attemptsInLog, attemptsLogged, BIN, cleanUp, cli, startDev, startReceiver, tempDir } from '../helpers.js';

afterEach(cleanUp);

const APP = 'com.example.demo-addon';
/** Recomputed here, independently of the package's own signer. */
const expectedSignature = (body: string) =>
  `sha256=${createHmac('sha256', `service_addon_${APP}`).update(Buffer.from(body, 'utf8')).digest('hex')}`;

async function devWithToken(args: string[] = ['--ephemeral']) {
  const dev = await startDev(args);
  const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
  const subscribe = (event: string, webhookUrl: string) =>
    api(`${dev.apiUrl}/events/subscribe`, { token, body: { event, webhookUrl } });
  const run = (args: string[]) => cli([...args, '--emulator', dev.url]);
  return { dev, token, subscribe, run };
}

describe('webhooks through the real CLI', () => {
  it('delivers a triggered event, signed over the exact bytes, with --data merged over realistic data', async () => {
    const { subscribe, run } = await devWithToken();
    const receiver = await startReceiver();
    expect((await subscribe('invoice.paid', receiver.url)).status).toBe(201);
    const triggered = await run(['trigger', 'invoice.paid', '--data', '{"paymentMethod":"card"}', '--json']);
    expect(triggered.exitCode).toBe(0);
    const result = JSON.parse(triggered.stdout);
    expect(result.deliveries).toHaveLength(1);
    expect(result.deliveries[0]).toMatchObject({
      status: 'succeeded',
      attempts: [{ attempt: 1, response: { status: 200 } }],
    });

    const [request] = await receiver.received(1);
    expect(request.headers['x-service-signature']).toBe(expectedSignature(request.body));
    const envelope = JSON.parse(request.body);
    expect(envelope.data).toMatchObject({ paymentMethod: 'card', invoiceNumber: expect.stringMatching(/^INV-\d{6}$/) });
    expect(Object.keys(envelope.data).sort()).toEqual([
      'customerId',
      'customerName',
      'invoiceId',
      'invoiceNumber',
      'paidAmount',
      'paymentMethod',
      'totalAmount',
    ]);
    expect(envelope.data.totalAmount).toBeGreaterThan(0);
  });

  it('retries after `addon clock advance 1m` and `5m`, disables after three 500s, and re-activates on subscribing again', async () => {
    const { token, dev, subscribe, run } = await devWithToken();
    const receiver = await startReceiver({ status: 500 });
    await subscribe('customer.created', receiver.url);
    await api(`${dev.apiUrl}/customers`, { token, body: { name: 'Acme' } });
    // A retry falls due a delay after its previous attempt is logged: advance the clock only after that.
    await attemptsLogged(dev, 1);
    // Each advance returns once the attempts that fell due are logged.
    await run(['clock', 'advance', '1m']);
    expect(await attemptsInLog(dev)).toBe(2);
    await run(['clock', 'advance', '5m']);
    expect(receiver.requests.map((r) => r.headers['x-service-delivery-attempt'])).toEqual(['1', '2', '3']);

    expect(await attemptsInLog(dev)).toBe(3);
    const subscriptions = await api(`${dev.apiUrl}/events/subscriptions`, { token });
    expect(subscriptions.body.data).toEqual([{ event: 'customer.created', webhookUrl: receiver.url, isActive: false }]);
    const failed = JSON.parse((await run(['deliveries', '--status', 'failed', '--json'])).stdout).data;
    expect(failed).toHaveLength(1);
    expect(failed[0].attempts.map((a: { response: { status: number } }) => a.response.status)).toEqual([500, 500, 500]);

    const again = await subscribe('customer.created', receiver.url);
    expect(again.body.data.isActive).toBe(true);
    receiver.status = 200;
    await api(`${dev.apiUrl}/customers`, { token, body: { name: 'Globex' } });
    await receiver.received(4);
  });

  it('replays a delivery with `addon deliveries replay`', async () => {
    const { subscribe, run } = await devWithToken();
    const receiver = await startReceiver();
    await subscribe('expense.approved', receiver.url);
    const first = JSON.parse((await run(['trigger', 'expense.approved', '--json'])).stdout).deliveries[0];
    const shown = JSON.parse((await run(['deliveries', 'show', first.deliveryId, '--json'])).stdout);
    expect(shown.attempts[0].request.headers['x-service-event']).toBe('expense.approved');
    const replay = await run(['deliveries', 'replay', first.deliveryId, '--json']);
    expect(JSON.parse(replay.stdout)).toMatchObject({ status: 'succeeded', replayOf: first.deliveryId });
    const [a, b] = await receiver.received(2);
    expect(JSON.parse(b.body).data).toEqual(JSON.parse(a.body).data);
    expect(b.headers['x-service-signature']).toBe(expectedSignature(b.body));
    const unknown = await run(['deliveries', 'replay', 'no-such-delivery']);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr.trim()).toMatch(/^addon: delivery no-such-delivery does not exist/);
  });

  it('resumes the retry schedule after a restart and still delivers attempt 3', async () => {
    const data = await tempDir();
    const first = await devWithToken(['--data', data]);
    const receiver = await startReceiver({ status: 503 });
    await first.subscribe('ticket.created', receiver.url);
    await first.run(['trigger', 'ticket.created']);
    // The advance returns with attempt 2 logged, so stopping now cancels nothing.
    await first.run(['clock', 'advance', '1m']);
    expect(await attemptsInLog(first.dev)).toBe(2);
    await first.dev.stop('SIGINT');

    receiver.status = 200;
    const second = await startDev(['--data', data]);
    const pending = JSON.parse(
      (await cli(['deliveries', '--status', 'pending', '--json', '--emulator', second.url])).stdout,
    ).data;
    expect(pending).toHaveLength(1);
    expect(pending[0].attempts).toHaveLength(2);
    await cli(['clock', 'advance', '5m', '--emulator', second.url]);
    const { requests } = receiver;
    expect(requests[2].headers['x-service-delivery-attempt']).toBe('3');
    expect(JSON.parse(requests[2].body).deliveryId).toBe(JSON.parse(requests[0].body).deliveryId);
    expect(await attemptsInLog(second)).toBe(3);
    const done = JSON.parse((await cli(['deliveries', '--json', '--emulator', second.url])).stdout).data;
    expect(done[0]).toMatchObject({ status: 'succeeded', nextAttemptAt: null });
  });

  it('lets a receiver that hangs cost one timed-out attempt while other deliveries and the API go on', async () => {
    // A receiver timeout long enough for a CLI to start and finish, and an API call, within it on a loaded
    // machine: the checks below that the hanging attempt is still in flight race it.
    const { dev, token, subscribe, run } = await devWithToken(['--ephemeral', '--webhook-timeout', '12s']);
    const hanging = await startReceiver();
    hanging.hang = true;
    const healthy = await startReceiver();
    await subscribe('product.low_stock', hanging.url);
    await subscribe('customer.created', healthy.url);

    let slowDone = false;
    const slow = execa('node', [BIN, 'trigger', 'product.low_stock', '--json', '--emulator', dev.url], {
      reject: false,
    }).finally(() => (slowDone = true));
    await hanging.received(1);
    const quick = await run(['trigger', 'customer.created', '--json']);
    expect(JSON.parse(quick.stdout).deliveries[0].status).toBe('succeeded');
    expect((await api(`${dev.apiUrl}/products?limit=1`, { token })).status).toBe(200);
    // All of that was done while the hanging attempt was still waiting for its answer.
    expect(slowDone).toBe(false);
    const [inFlight] = (await api(`${dev.url}/_emulator/deliveries?event=product.low_stock`)).body.data;
    expect(inFlight).toMatchObject({ status: 'pending', attempts: [] });

    const slowResult = JSON.parse((await slow).stdout);
    expect(slowResult.deliveries[0]).toMatchObject({
      status: 'pending',
      attempts: [{ attempt: 1, ok: false, error: 'timed out after 12 s', response: null }],
    });
    expect(slowResult.deliveries[0].attempts[0].durationMs).toBeGreaterThanOrEqual(12_000);
  });

  it('lists the catalog with `addon events` and shows arrivals with `addon inbox`', async () => {
    const catalog = JSON.parse((await cli(['events', '--json'])).stdout);
    expect(catalog).toEqual({
      data: DEFAULT_REGISTRY.catalog.published(),
      total: DEFAULT_REGISTRY.catalog.events.length,
    });
    const { dev, subscribe, run } = await devWithToken();
    await subscribe('store.order.created', `${dev.url}/inbox/shop`);
    await run(['trigger', 'store.order.created']);
    const inbox = JSON.parse((await run(['inbox', 'shop', '--json'])).stdout);
    expect(inbox).toEqual({
      data: [expect.objectContaining({ event: 'store.order.created', signatureValid: true })],
      dropped: 0,
    });
    const text = await run(['inbox', 'shop']);
    expect(text.stdout).toContain('signature ok');
    expect(text.stdout).not.toContain('dropped');

    // One more than an inbox keeps: the delivery is dropped, and both forms say so.
    for (let i = 0; i < INBOX_KEEP; i++)
      await (await fetch(`${dev.url}/inbox/shop`, { method: 'POST', body: `${i}` })).text();
    const full = JSON.parse((await run(['inbox', 'shop', '--json', '-n', '1'])).stdout);
    expect(full).toEqual({ data: [expect.objectContaining({ body: INBOX_KEEP - 1 })], dropped: 1 });
    expect((await run(['inbox', 'shop', '-n', '1'])).stdout).toMatch(/^1 older entry was dropped/);
  });

  it('says what is wrong with a bad trigger in one line', async () => {
    const { run } = await devWithToken();
    const unknown = await run(['trigger', 'invoice.exploded']);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr.trim()).toMatch(/^addon: invoice.exploded is not in the event catalog/);
    const dir = await tempDir();
    await writeFile(join(dir, 'data.json'), '[1, 2]');
    const badData = await run(['trigger', 'invoice.paid', '--data', `@${join(dir, 'data.json')}`]);
    expect(badData.stderr.trim()).toBe(`addon: --data @${join(dir, 'data.json')}: the file must hold a JSON object`);
  });
});
