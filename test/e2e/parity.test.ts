import { afterEach, describe, expect, it } from 'vitest';
import { api, cleanUp, cli, expectOneLine, parityLines, printed, startDev } from '../helpers.js';

/**
 * Parity warnings and the least-privilege report, through the real CLI against `addon dev`. How a
 * receiver slower than the platform's 10 s is served and said is test/api/slow-receiver.test.ts:
 * its time to answer passes on injected timers there, where here it would be 10 s of real waiting.
 */
afterEach(cleanUp);

const subscribe = (apiUrl: string, token: string, event: string, webhookUrl: string) =>
  api(`${apiUrl}/events/subscribe`, { token, body: { event, webhookUrl } });

describe('parity warnings', () => {
  it('serves an http: webhook URL and says so once, in the terminal and as a JSON line', async () => {
    const dev = await startDev(['--ephemeral']);
    const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
    expect((await subscribe(dev.apiUrl, token, 'invoice.paid', 'http://127.0.0.1:9/a')).status).toBe(201);
    expect((await subscribe(dev.apiUrl, token, 'customer.created', 'http://127.0.0.1:9/b')).status).toBe(201);
    const listed = (await api(`${dev.url}/_emulator/parity`)).body;
    expect(listed.data).toMatchObject([{ kind: 'http-webhook-url', count: 2 }]);
    const [line, ...more] = parityLines(await printed(dev, token));
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      event: 'parity',
      kind: 'http-webhook-url',
      message:
        'a webhook subscription to an http: URL (http://127.0.0.1:9/a); the platform takes HTTPS URLs only (spec 2.3)',
      strict: 'POST /events/subscribe answers 400 https_required',
    });

    const human = await startDev(['--ephemeral'], { json: false });
    const humanToken = (await cli(['token', '--emulator', human.url])).stdout.trim();
    await subscribe(human.apiUrl, humanToken, 'invoice.paid', 'http://127.0.0.1:9/a');
    await subscribe(human.apiUrl, humanToken, 'invoice.paid', 'http://127.0.0.1:9/b');
    // The terminal's lines come a few milliseconds after their call (LINE_BATCH_MS): read them once a
    // call made after both subscriptions has its line.
    const warned = (await printed(human, humanToken)).split('\n').filter((l) => l.includes('parity:'));
    expect(warned).toEqual([
      '⚠ parity: a webhook subscription to an http: URL (http://127.0.0.1:9/a); the platform takes HTTPS URLs only (spec 2.3) (--strict: POST /events/subscribe answers 400 https_required)',
    ]);
  });

  it('refuses with --strict what the platform refuses', async () => {
    const dev = await startDev(['--ephemeral', '--strict']);
    const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
    const refused = await subscribe(dev.apiUrl, token, 'invoice.paid', 'http://127.0.0.1:9/a');
    expect([refused.status, refused.body.code]).toEqual([400, 'https_required']);
    expect((await subscribe(dev.apiUrl, token, 'invoice.paid', 'https://127.0.0.1:9/a')).status).toBe(201);
    expect(parityLines(await printed(dev, token))).toEqual([]);
    expectOneLine(
      await cli(['dev', '--ephemeral', '--strict', '--webhook-timeout', '30s', '--port', '0', '--no-open']),
      "addon: with --strict the webhook timeout is at most the platform's 10 s (got 30 s)",
    );
  });
});

describe('parity: a receiver slower than the platform waits', () => {
  it('is given a --webhook-timeout above the 10 s without --strict', async () => {
    // What the receiver is then served, and said, is test/api/slow-receiver.test.ts.
    const dev = await startDev(['--ephemeral', '--webhook-timeout', '15s']);
    expect((await api(`${dev.url}/_emulator/status`)).body).toMatchObject({ webhookTimeoutMs: 15_000 });
  });
});

describe('addon scopes', () => {
  it('reports, per scope, declared, granted, used and refused, and the smallest list, for a known mix of calls', async () => {
    const dev = await startDev(['--ephemeral', '--scopes', 'customers.*,invoices.read,products.read']);
    const token = async (scopes: string) =>
      (await cli(['token', '--scopes', scopes, '--emulator', dev.url])).stdout.trim();
    const all = await token('customers.*,invoices.read,products.read');
    const narrow = await token('customers.read');
    const call = (path: string, t: string, method = 'GET', body?: unknown) =>
      api(`${dev.apiUrl}${path}`, { token: t, method, body });

    await call('/customers', all);
    await call('/customers', narrow);
    const created = (await call('/customers', all, 'POST', { name: 'Acme Ltd' })).body.data;
    await call(`/customers/${created._id}`, all);
    await call(`/customers/${created._id}`, all, 'DELETE');
    await call('/invoices', all);
    await call('/products', narrow); // 403: the token lacks products.read
    await call('/customers', narrow, 'POST', { name: 'Refused' }); // 403: customers.write
    await call('/customers/cus_missing', all); // 404: needed the scope, did not succeed

    const report = JSON.parse((await cli(['scopes', '--json', '--emulator', dev.url])).stdout);
    const row = (scope: string) => report.scopes.find((r: { scope: string }) => r.scope === scope);
    expect(row('customers.read')).toEqual({
      scope: 'customers.read',
      declared: true,
      granted: true,
      used: 3,
      refused: 0,
    });
    expect(row('customers.write')).toEqual({
      scope: 'customers.write',
      declared: true,
      granted: true,
      used: 1,
      refused: 1,
    });
    expect(row('customers.delete')).toEqual({
      scope: 'customers.delete',
      declared: true,
      granted: true,
      used: 1,
      refused: 0,
    });
    expect(row('invoices.read')).toEqual({
      scope: 'invoices.read',
      declared: true,
      granted: true,
      used: 1,
      refused: 0,
    });
    expect(row('products.read')).toEqual({
      scope: 'products.read',
      declared: true,
      granted: true,
      used: 0,
      refused: 1,
    });
    expect(report.scopes.map((r: { scope: string }) => r.scope)).toEqual([
      'customers.read',
      'customers.write',
      'customers.delete',
      'invoices.read',
      'products.read',
    ]);
    expect(report.needed).toEqual(['customers.*', 'invoices.read']);
    expect(report.refused).toEqual(['customers.write', 'products.read']);
    expect(report.calls).toBe(9);

    const human = (await cli(['scopes', '--emulator', dev.url])).stdout;
    expect(human).toContain('Smallest "scopes" for addon.config.json: ["customers.*","invoices.read"]');
    expect(human).toMatch(/^products\.read +yes +yes +0 +1$/m);
  });
});
