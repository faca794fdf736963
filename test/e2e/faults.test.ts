import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../src/webhooks/signature.js';
import { MAX_FAULT_RULES } from '../../src/common/limits.js';
import { api, cleanUp, cli, expectOneLine, startDev, startReceiver, tempDir } from '../helpers.js';

/** Fault rules through the real CLI, as a plain fetch client of `addon dev` sees them. */
afterEach(cleanUp);

async function dev(args: string[] = [], cwd?: string) {
  const emulator = await startDev(['--ephemeral', '--rate-limit', '100000', ...args], { cwd });
  const run = (...command: string[]) => cli([...command, '--emulator', emulator.url]);
  const token = (await run('token')).stdout.trim();
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${emulator.apiUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
  return { emulator, run, token, call };
}

const add = async (run: (...a: string[]) => ReturnType<typeof cli>, ...flags: string[]) => {
  const result = await run('faults', 'add', ...flags, '--json');
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as { id: string };
};

describe('addon faults', () => {
  it('shows each API effect to a plain fetch client, and counts hits', async () => {
    const { run, call } = await dev();
    await add(run, '--method', 'GET', '--path', '/customers', '--status', '503', '--times', '1');
    await add(run, '--path', '/invoices', '--rate-limited', '--times', '1');
    await add(run, '--path', '/products', '--expired-token', '--times', '1');
    await add(run, '--path', '/tickets', '--reset', '--times', '1');
    await add(run, '--path', '/orders', '--hang', '--times', '1');
    await add(run, '--path', '/expenses', '--latency', '150', '--times', '1');

    const unavailable = await call('/customers');
    expect([unavailable.status, (await unavailable.json()).code]).toEqual([503, 'service_unavailable']);
    expect((await call('/customers')).status).toBe(200);
    expect((await call('/customers', { method: 'POST', body: '{"name":"A"}' })).status).toBe(201);
    const limited = await call('/invoices');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).code).toBe('rate_limited');
    const expired = await call('/products');
    expect([expired.status, (await expired.json()).code]).toEqual([401, 'token_expired']);
    await expect(call('/tickets')).rejects.toThrow('fetch failed');
    await expect(call('/orders', { signal: AbortSignal.timeout(400) })).rejects.toThrow();
    const started = performance.now();
    expect((await call('/expenses')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);

    const listed = JSON.parse((await run('faults', '--json')).stdout);
    expect(listed.data.map((rule: { hits: number }) => rule.hits)).toEqual([1, 1, 1, 1, 1, 1]);
    const logs = (await run('logs')).stdout;
    expect(logs).toContain('fault flt_1: status 503');
    expect(logs).toContain('fault flt_6: latency 150 ms');
  });

  it('afterWrite: the record is created and its event delivered while the client got the status', async () => {
    const { run, call } = await dev();
    const receiver = await startReceiver();
    await call('/events/subscribe', {
      method: 'POST',
      body: JSON.stringify({ event: 'customer.created', webhookUrl: receiver.url }),
    });
    await add(run, '--method', 'POST', '--path', '/customers', '--after-write', '502', '--times', '1');
    expect((await call('/customers', { method: 'POST', body: '{"name":"Twice Ltd"}' })).status).toBe(502);
    const [delivery] = await receiver.received(1);
    expect(JSON.parse(delivery.body).data.name).toBe('Twice Ltd');
    expect((await (await call('/customers')).json()).total).toBe(1);
  });

  it('keeps a rule to its organization', async () => {
    const { run, call, emulator } = await dev();
    await add(run, '--org', 'org_other', '--status', '500');
    expect((await call('/customers')).status).toBe(200);
    const other = (await cli(['token', '--org', 'org_other', '--emulator', emulator.url])).stdout.trim();
    expect((await api(`${emulator.apiUrl}/customers`, { token: other })).status).toBe(500);
  });

  it('repeats the same faults for the same seed, and others for another', async () => {
    const sequence = async (seed: string) => {
      const { run, call, emulator } = await dev(['--fault-seed', seed]);
      await add(run, '--path', '/customers', '--probability', '0.3', '--status', '503');
      let faults = '';
      for (let i = 0; i < 300; i++) faults += (await call('/customers')).status === 503 ? '1' : '0';
      await emulator.stop();
      return faults;
    };
    const first = await sequence('7');
    const hits = first.split('1').length - 1;
    // 300 calls at 0.3: mean 90, standard deviation 7.9; five of them either side. (Not 1,000: three
    // runs of those, one call at a time, took up to 29 s of a loaded CI machine.)
    expect(hits).toBeGreaterThan(50);
    expect(hits).toBeLessThan(130);
    expect(await sequence('7')).toBe(first);
    expect(await sequence('8')).not.toBe(first);
  });

  it('duplicates a delivery byte for byte, and delays one until the clock is advanced', async () => {
    const { run, call } = await dev();
    const receiver = await startReceiver();
    for (const event of ['invoice.paid', 'customer.created'])
      await call('/events/subscribe', { method: 'POST', body: JSON.stringify({ event, webhookUrl: receiver.url }) });
    await add(run, '--webhooks', '--event', 'invoice.paid', '--duplicate', '--times', '1');
    await run('trigger', 'invoice.paid');
    const [first, second] = await receiver.received(2);
    expect(second.body).toBe(first.body);
    expect(JSON.parse(second.body).deliveryId).toBe(JSON.parse(first.body).deliveryId);
    expect(
      verifyWebhookSignature(second.body, String(second.headers['x-service-signature']), 'com.example.demo-addon'),
    ).toBe(true);

    await add(run, '--webhooks', '--event', 'customer.created', '--delay', '5m', '--times', '1');
    await call('/customers', { method: 'POST', body: '{"name":"Held"}' });
    await call('/customers', { method: 'POST', body: '{"name":"Overtaker"}' });
    await receiver.received(3);
    await run('clock', 'advance', '5m');
    const names = receiver.requests.slice(2).map((r) => JSON.parse(r.body).data.name);
    expect(names).toEqual(['Overtaker', 'Held']);
  });

  it('takes rules from addon.config.json and says which one is wrong', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'addon.config.json'), JSON.stringify({ faults: [{ path: '/customers', status: 418 }] }));
    const { call } = await dev([], dir);
    expect((await call('/customers')).status).toBe(418);
    await writeFile(join(dir, 'addon.config.json'), JSON.stringify({ faults: [{ path: '/customers', status: 200 }] }));
    const refused = await cli(['exec', '--', 'true'], { cwd: dir });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr.trim()).toBe('addon: addon.config.json: faults[0].status must be at least 400');
    const many = Array.from({ length: MAX_FAULT_RULES + 1 }, () => ({ path: '/customers', status: 503 }));
    await writeFile(join(dir, 'addon.config.json'), JSON.stringify({ faults: many }));
    expectOneLine(
      await cli(['exec', '--', 'true'], { cwd: dir }),
      'addon: addon.config.json: faults must have at most 100 items',
    );
  });

  it('refuses a rule past the 100 in force, in one line', async () => {
    const { run, emulator } = await dev();
    for (let i = 0; i < MAX_FAULT_RULES; i++)
      await api(`${emulator.url}/_emulator/faults`, { body: { path: `/nowhere/${i}`, status: 503 } });
    expectOneLine(
      await run('faults', 'add', '--status', '503'),
      'addon: 100 fault rules are in force, the most there can be; clear one before adding another',
    );
    await run('faults', 'clear', 'flt_1');
    expect((await run('faults', 'add', '--status', '503')).exitCode).toBe(0);
  });
});
