import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../src/webhooks/signature.js';
import {
  api,
  BIN,
  cleanUp,
  cli,
  expectOneLine,
  startDev,
  startReceiver,
  tempDir,
  userEnv,
  type DevProcess,
} from '../helpers.js';

/**
 * `addon listen` as a user runs it: a child process beside `addon dev`, stopped with Ctrl-C (SIGINT).
 * The events differ from test to test, so that each listen hears only its own.
 */
const APP = 'com.example.demo-addon';
let dev: DevProcess;
let token: string;

beforeAll(async () => {
  dev = await startDev(['--ephemeral']);
  token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
});
afterAll(cleanUp);

const run = (...args: string[]) => cli([...args, '--emulator', dev.url]);
const subscriptions = async () => (await api(`${dev.apiUrl}/events/subscriptions`, { token })).body.data;

/** `addon listen <args>` running against `addon dev`. */
const listen = (...args: string[]) => listenAt(dev.url, args);

/** `addon listen <args>` running; `line(pattern)` waits for a line of its stdout that matches (or is `pattern`). */
function listenAt(emulator: string, args: string[]) {
  const child = execa('node', [BIN, 'listen', ...args, '--emulator', emulator], {
    env: { ...userEnv, NO_COLOR: '1' },
    extendEnv: false,
    reject: false,
    buffer: false,
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const lines = () => stdout.split('\n').filter(Boolean);
  const line = async (pattern: RegExp | string) => {
    const matches = (l: string) => (typeof pattern === 'string' ? l === pattern : pattern.test(l));
    await expect
      .poll(() => lines().some(matches), { timeout: 15_000, message: `${pattern} in:\n${stdout}${stderr}` })
      .toBe(true);
    return lines().find(matches)!;
  };
  const jsonLine = async (event: string) => JSON.parse(await line(new RegExp(`^\\{"event":"${event}"`)));
  /** Its exit, whatever ends it. */
  const exited = async () => {
    const { exitCode } = await child;
    return { exitCode, stdout, stderr, lines: lines() };
  };
  /** Ctrl-C, and its exit. */
  const interrupt = () => {
    child.kill('SIGINT');
    return exited();
  };
  return { child, line, jsonLine, interrupt, exited };
}

describe('addon listen', () => {
  it('--forward-to: the receiver gets the bytes the platform sends, signed; a line per delivery; Ctrl-C unsubscribes', async () => {
    const receiver = await startReceiver();
    const listening = listen('--forward-to', receiver.url, '--events', 'invoice.paid');
    await listening.line(new RegExp(`^Ready: forwarding to ${receiver.url} \\(${APP} in org_demo\\); Ctrl-C`));
    expect(await subscriptions()).toEqual([{ event: 'invoice.paid', webhookUrl: receiver.url, isActive: true }]);

    const triggered = JSON.parse((await run('trigger', 'invoice.paid', '--json')).stdout);
    const [{ deliveryId }] = triggered.deliveries;
    const [request] = await receiver.received(1);
    expect(request.headers).toMatchObject({
      'x-service-event': 'invoice.paid',
      'x-service-app': APP,
      'x-service-delivery-attempt': '1',
    });
    const rawBody = Buffer.from(request.body, 'utf8');
    expect(verifyWebhookSignature(rawBody, request.headers['x-service-signature'] as string, APP)).toBe(true);
    const logged = JSON.parse((await run('deliveries', 'show', deliveryId, '--json')).stdout);
    expect(rawBody.equals(Buffer.from(logged.payload, 'utf8'))).toBe(true);
    await listening.line(
      new RegExp(`webhook invoice\\.paid -> ${receiver.url} 200 [\\d.]+ms \\(attempt 1\\) ${deliveryId.slice(0, 8)}$`),
    );

    const stopped = await listening.interrupt();
    expect(stopped.exitCode, stopped.stderr).toBe(0);
    expect(stopped.stderr).toBe('');
    expect(stopped.lines.at(-1)).toBe('Stopped; removed the 1 subscription it made.');
    expect(await subscriptions()).toEqual([]);
    // Listen made none of the add-on's calls (its rate limit, audit log and `addon scopes` are the add-on's own).
    const calls = (
      JSON.parse((await run('logs', '--json')).stdout) as { data: Array<{ method: string; path: string }> }
    ).data;
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(
      Array(calls.length).fill('GET /api/addon/v1/events/subscriptions'),
    );
  });

  it('without --forward-to, prints each delivery to the built-in inbox with the body it got', async () => {
    const listening = listen('--events', 'customer.created');
    await listening.line(
      `Ready: forwarding to ${dev.url}/inbox/listen (${APP} in org_demo); Ctrl-C stops and unsubscribes.`,
    );
    const [delivery] = JSON.parse((await run('trigger', 'customer.created', '--json')).stdout).deliveries;
    await listening.line(new RegExp(`webhook customer\\.created -> ${dev.url}/inbox/listen 200 .* \\(attempt 1\\) `));
    await listening.line(new RegExp(`^  \\{"event":"customer\\.created",.*"deliveryId":"${delivery.deliveryId}"\\}$`));
    expect((await listening.interrupt()).exitCode).toBe(0);
    expect(await subscriptions()).toEqual([]);
  });

  it('--json: one JSON object per line, ready, each attempt with its payload, stopped', async () => {
    const receiver = await startReceiver({ status: 503 });
    const listening = listen('--forward-to', receiver.url, '--events', 'payment.refunded', '--json');
    expect(await listening.jsonLine('ready')).toEqual({
      event: 'ready',
      appId: APP,
      orgId: 'org_demo',
      webhookUrl: receiver.url,
      events: ['payment.refunded'],
      subscribed: ['payment.refunded'],
      kept: [],
      replaced: [],
    });
    await run('trigger', 'payment.refunded');
    const attempt = await listening.jsonLine('delivery');
    const [request] = await receiver.received(1);
    expect(attempt).toMatchObject({
      name: 'payment.refunded',
      status: 'pending',
      attempt: 1,
      ok: false,
      response: { status: 503 },
      payload: request.body,
    });

    const stopped = await listening.interrupt();
    expect(stopped.exitCode).toBe(0);
    expect(stopped.lines.map((line) => JSON.parse(line).event)).toEqual(['ready', 'delivery', 'stopped']);
    expect(JSON.parse(stopped.lines[2])).toEqual({
      event: 'stopped',
      removed: ['payment.refunded'],
      restored: [],
      handedOver: [],
    });
  });

  it('says when its receiver failed a delivery three times and so had the subscription disabled', async () => {
    const receiver = await startReceiver({ status: 500 });
    const listening = listen('--forward-to', receiver.url, '--events', 'expense.approved');
    await listening.line(/^Ready: forwarding to /);
    await run('trigger', 'expense.approved');
    await listening.line(/\(attempt 1\) \w{8} retry at /);
    // Each advance returns once the attempts that fell due are logged.
    await run('clock', 'advance', '1m');
    await run('clock', 'advance', '5m');
    const disabled = 'disabled after 3 failed attempts; re-subscribe to enable it';
    await listening.line(
      new RegExp(`^[\\d:]{8} webhook subscription to expense\\.approved at ${receiver.url} ${disabled}$`),
    );
    expect(await listening.interrupt()).toMatchObject({ exitCode: 0 });
  });

  it("leaves the add-on's subscription it found in place, and puts back one it replaced as it was", async () => {
    const receiver = await startReceiver();
    const backend = 'http://127.0.0.1:3000/webhooks';
    await api(`${dev.apiUrl}/events/subscribe`, {
      token,
      body: { event: 'ticket.created', webhookUrl: receiver.url },
    });
    // A disabled subscription (as after three failed attempts), made through the control API.
    await api(`${dev.url}/_emulator/subscriptions/ticket.closed`, {
      method: 'PUT',
      body: { webhookUrl: backend, isActive: false },
    });
    const before = await subscriptions();

    const events = 'ticket.created,ticket.closed,ticket.solved';
    const listening = listen('--forward-to', receiver.url, '--events', events, '--json');
    expect(await listening.jsonLine('ready')).toMatchObject({
      events: ['ticket.created', 'ticket.closed', 'ticket.solved'],
      subscribed: ['ticket.closed', 'ticket.solved'],
      kept: ['ticket.created'],
      replaced: [{ event: 'ticket.closed', webhookUrl: backend, isActive: false }],
    });
    expect(await subscriptions()).toEqual([
      { event: 'ticket.created', webhookUrl: receiver.url, isActive: true },
      { event: 'ticket.closed', webhookUrl: receiver.url, isActive: true },
      { event: 'ticket.solved', webhookUrl: receiver.url, isActive: true },
    ]);

    const stopped = await listening.interrupt();
    expect(stopped.exitCode, stopped.stderr).toBe(0);
    expect(JSON.parse(stopped.lines.at(-1)!)).toEqual({
      event: 'stopped',
      removed: ['ticket.solved'],
      restored: [{ event: 'ticket.closed', webhookUrl: backend, isActive: false }],
      handedOver: [],
    });
    expect(await subscriptions()).toEqual(before);
    for (const event of ['ticket.created', 'ticket.closed'])
      await api(`${dev.url}/_emulator/subscriptions/${event}`, { method: 'DELETE' });
  });

  it('refuses an unknown event or a URL that is not http(s) in one line, subscribing nothing', async () => {
    expectOneLine(
      await run('listen', '--events', 'invoice.paid,invoice.exploded'),
      'addon: invoice.exploded is not in the event catalog (addon events lists them)',
    );
    expectOneLine(await run('listen', '--forward-to', 'ftp://127.0.0.1/x'), /--forward-to takes an http\(s\) URL/, 2);
    expect(await subscriptions()).toEqual([]);
  });
});

describe('addon listen holds a lease', () => {
  it('killed hard (kill -9), its subscriptions are gone within a few seconds, and the one it replaced is back', async () => {
    const receiver = await startReceiver();
    await api(`${dev.url}/_emulator/subscriptions/store.order.paid`, {
      method: 'PUT',
      body: { webhookUrl: 'http://127.0.0.1:3000/webhooks' },
    });
    const before = await subscriptions();
    const listening = listen('--forward-to', receiver.url, '--events', 'store.order.paid,store.order.created');
    await listening.line(/^Ready: forwarding to /);
    expect(await subscriptions()).toEqual([
      { event: 'store.order.paid', webhookUrl: receiver.url, isActive: true },
      { event: 'store.order.created', webhookUrl: receiver.url, isActive: true },
    ]);

    listening.child.kill('SIGKILL');
    expect((await listening.child).signal).toBe('SIGKILL');
    // No signal handler ran: the emulator saw its connection drop, and gave back what listen held.
    await expect
      .poll(subscriptions, { timeout: 5_000, message: 'the subscriptions after kill -9 of addon listen' })
      .toEqual(before);
    await api(`${dev.url}/_emulator/subscriptions/store.order.paid`, { method: 'DELETE' });
  });
});

describe('two addon listens of one event, to different URLs', () => {
  it("stopped in the order they started: the second's URL until it stops, then the add-on's own as it was", async () => {
    const receivers = [await startReceiver(), await startReceiver()];
    await api(`${dev.url}/_emulator/subscriptions/customer.updated`, {
      method: 'PUT',
      body: { webhookUrl: 'http://127.0.0.1:3000/webhooks' },
    });
    const before = await subscriptions();
    const at = ({ url }: { url: string }) => [{ event: 'customer.updated', webhookUrl: url, isActive: true }];
    const listens = [];
    // The second starts once the first holds its lease: the order they took it in is the test's.
    for (const receiver of receivers) {
      listens.push(listen('--forward-to', receiver.url, '--events', 'customer.updated'));
      await listens.at(-1)!.line(/^Ready: /);
      expect(await subscriptions()).toEqual(at(receiver));
    }

    const stopped = [await listens[0]!.interrupt()];
    expect(await subscriptions()).toEqual(at(receivers[1]!));
    stopped.push(await listens[1]!.interrupt());
    expect(await subscriptions()).toEqual(before);
    for (const { exitCode, stderr } of stopped) expect(exitCode, stderr).toBe(0);
    expect(stopped[0]!.lines.at(-1)).toBe('Stopped; handed customer.updated over to another listen still running.');
    expect(stopped[1]!.lines.at(-1)).toBe("Stopped; put back the add-on's own to customer.updated.");
    await api(`${dev.url}/_emulator/subscriptions/customer.updated`, { method: 'DELETE' });
  });
});

describe('addon listen when the emulator stops', () => {
  it('says so in one line: the emulator gave back what listen made before it closed', async () => {
    const other = await startDev(['--ephemeral']);
    const listening = listenAt(other.url, ['--events', 'expense.created']);
    await listening.line(/^Ready: /);
    await other.stop('SIGINT');
    expectOneLine(
      await listening.exited(),
      `addon: the emulator at ${other.url} stopped; it gave back the subscriptions listen made (expense.created)`,
    );
  });

  it('killed hard itself, an emulator with a data dir gives back what listen held at its next start', async () => {
    const data = await tempDir();
    const first = await startDev(['--data', data]);
    const receiver = await startReceiver();
    await api(`${first.url}/_emulator/subscriptions/invoice.sent`, {
      method: 'PUT',
      body: { webhookUrl: 'http://127.0.0.1:3000/webhooks' },
    });
    const own = (await api(`${first.url}/_emulator/subscriptions`)).body.data;
    const listening = listenAt(first.url, ['--forward-to', receiver.url, '--events', 'invoice.sent,invoice.voided']);
    await listening.line(/^Ready: /);
    await first.stop('SIGKILL');
    expectOneLine(
      await listening.exited(),
      `addon: the emulator at ${first.url} stopped; the subscriptions listen made (invoice.sent, invoice.voided) are given back at its next start, if it keeps a data dir`,
    );

    const second = await startDev(['--data', data]);
    expect((await api(`${second.url}/_emulator/subscriptions`)).body.data).toEqual(own);
  });
});
