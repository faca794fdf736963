import { afterEach, describe, expect, it } from 'vitest';
import { internalsOf } from '../../src/emulator/internals.js';
import { cleanUp, inProcess, startReceiver } from '../helpers.js';

afterEach(cleanUp);

describe('the control API', () => {
  it('mints tokens within the declared scopes only', async () => {
    const em = await inProcess({ scopes: ['customers.*', 'invoices.read'] });
    const minted = await em.call('POST', '/_emulator/tokens', {
      body: { scopes: ['customers.read'], userId: 'usr_2' },
    });
    expect(minted.status).toBe(201);
    expect(minted.body.claims).toMatchObject({ scopes: ['customers.read'], userId: 'usr_2', orgId: 'org_demo' });
    const defaults = await em.call('POST', '/_emulator/tokens');
    expect(defaults.body.claims.scopes).toEqual(['customers.*', 'invoices.read']);
    const undeclared = await em.call('POST', '/_emulator/tokens', { body: { scopes: ['invoices.write'] } });
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.message).toMatch(/not among the declared scopes/);
    const unknown = await em.call('POST', '/_emulator/tokens', { body: { scopes: ['payroll.read'] } });
    expect(unknown.status).toBe(400);
  });

  it('advances the clock, and keeps it moving forward only', async () => {
    const em = await inProcess();
    const before = (await em.call('GET', '/_emulator/clock')).body;
    const after = await em.call('POST', '/_emulator/clock/advance', { body: { by: '1h30m' } });
    expect(after.body.offsetMs).toBe(before.offsetMs + 5_400_000);
    expect(after.body.nowMs - before.nowMs).toBeGreaterThanOrEqual(5_400_000);
    const bad = await em.call('POST', '/_emulator/clock/advance', { body: { by: 'tomorrow' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/invalid duration/);
    // As the CLI reads one: a bare number has no unit to guess, and no time at all is a slip.
    for (const [by, message] of [
      ['90', 'duration "90" has no unit: write 90s, 90m, 90h or 90d'],
      ['0s', 'duration "0s" must be at least 1ms'],
    ]) {
      const refused = await em.call('POST', '/_emulator/clock/advance', { body: { by } });
      expect(refused, by).toMatchObject({ status: 400, body: { code: 'invalid_request', message } });
    }
    expect((await em.call('GET', '/_emulator/clock')).body.offsetMs).toBe(after.body.offsetMs);
  });

  it('answers /idle once every delivery in flight has had its attempt', async () => {
    const em = await inProcess({ webhookTimeoutMs: 200 });
    const receiver = await startReceiver();
    receiver.hang = true;
    const { token } = await em.token();
    await em.call('POST', 'events/subscribe', { token, body: { event: 'customer.created', webhookUrl: receiver.url } });
    await em.call('POST', 'customers', { token, body: { name: 'Acme' } });
    const idle = await em.call('GET', '/_emulator/idle');
    expect(idle).toMatchObject({ status: 200, body: { idle: true } });
    const [delivery] = em.deliveries({});
    expect(delivery.attempts).toEqual([expect.objectContaining({ ok: false, error: 'timed out after 0.2 s' })]);
  });

  it("marks every answer, refusals included, as the emulator's (x-addon-emulator)", async () => {
    const em = await inProcess();
    for (const [path, headers] of [
      ['/_emulator/status', {}],
      ['/_emulator/status', { origin: 'http://evil.example' }],
      ['/_emulator/nope', {}],
      ['/_emulator/deliveries?limit=9999', {}],
    ] as const) {
      const res = await em.call('GET', path, { headers });
      expect(res.headers['x-addon-emulator'], `${res.status} ${path}`).toBe('1');
    }
  });

  it('finds a delivery by a unique id prefix, and refuses an ambiguous one', async () => {
    const em = await inProcess();
    const delivery = (deliveryId: string) => ({
      deliveryId,
      event: 'ticket.created',
      orgId: 'org_demo',
      appId: 'com.example.demo-addon',
      webhookUrl: 'http://127.0.0.1:9/',
      payload: '{}',
      status: 'succeeded' as const,
      attempts: [],
      nextAttemptAt: null,
      replayOf: null,
      createdAt: new Date().toISOString(),
    });
    await internalsOf(em).webhooks.log.save(delivery('abcd1111-0000-4000-8000-000000000000'));
    await internalsOf(em).webhooks.log.save(delivery('abcd2222-0000-4000-8000-000000000000'));
    const unique = await em.call('GET', '/_emulator/deliveries/abcd1');
    expect(unique.body.deliveryId).toBe('abcd1111-0000-4000-8000-000000000000');
    const ambiguous = await em.call('GET', '/_emulator/deliveries/abcd');
    expect(ambiguous).toMatchObject({
      status: 400,
      body: { code: 'ambiguous_id', message: '2 deliveries have ids starting with abcd; give more of the id' },
    });
    expect((await em.call('POST', '/_emulator/deliveries/abcd/replay')).status).toBe(400);
  });

  it('refuses a webhook timeout outside 100 ms to 10 minutes, in one line', async () => {
    await expect(inProcess({ webhookTimeoutMs: 5 })).rejects.toThrow(
      'the webhook timeout must be from 100 ms to 10 minutes (got 5 ms)',
    );
  });

  it.each([
    [{ origin: 'http://evil.example' }, 'forbidden_origin'],
    [{ origin: 'http://localhost:5173' }, 'forbidden_origin'],
    [{ origin: 'null' }, 'forbidden_origin'],
    [{ host: 'evil.example:4455' }, 'forbidden_host'],
    [{ host: 'rebind.attacker.test' }, 'forbidden_host'],
    // Headers that only begin like a loopback host: the guard parses a host and port, then compares.
    [{ host: '[::1]x.evil.example:4455' }, 'forbidden_host'],
    [{ host: '[::1].evil.example' }, 'forbidden_host'],
    [{ host: '127.0.0.1:4455,evil.example' }, 'forbidden_host'],
    [{ host: 'localhost:4455@evil.example' }, 'forbidden_host'],
    [{ host: 'localhost.evil.example' }, 'forbidden_host'],
    [{ host: 'localhost:4455/evil.example' }, 'forbidden_host'],
    [{ host: 'localhost:' }, 'forbidden_host'],
    [{ 'sec-fetch-site': 'cross-site' }, 'forbidden_origin'],
  ])('refuses %j with 403 and no CORS headers', async (headers, code) => {
    const em = await inProcess();
    const res = await em.call('POST', '/_emulator/tokens', { body: {}, headers });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(code);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each(['localhost:4455', 'LOCALHOST', '127.0.0.1:4455', '127.0.0.1', '[::1]:4455', '[::1]'])(
    'answers a request addressed to %s',
    async (host) => {
      const em = await inProcess();
      expect((await em.call('GET', '/_emulator/status', { headers: { host } })).status).toBe(200);
    },
  );

  it('refuses connections from other machines', async () => {
    const em = await inProcess();
    const res = await em.inject({ method: 'GET', url: '/_emulator/status', remoteAddress: '192.0.2.10' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden_client');
  });

  it("answers the emulator's own origin (the host page) over a real socket", async () => {
    const em = await inProcess();
    await em.listen();
    const own = await fetch(`${em.url}/_emulator/status`, { headers: { origin: em.url } });
    expect(own.status).toBe(200);
    const status = await own.json();
    expect(status).toMatchObject({ appId: 'com.example.demo-addon', url: em.url, ephemeral: true });
    expect(status).not.toHaveProperty('port');
    const foreign = await fetch(`${em.url}/_emulator/status`, { headers: { origin: 'http://127.0.0.1:1' } });
    expect(foreign.status).toBe(403);
  });

  it('streams audit entries as server-sent events', async () => {
    const em = await inProcess();
    await em.listen();
    const { token } = await em.token();
    const stream = await fetch(`${em.url}/_emulator/audit/stream`);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const reader = stream.body!.getReader();
    await fetch(`${em.apiUrl}/customers`, { headers: { authorization: `Bearer ${token}` } });
    let text = '';
    while (!text.includes('event: audit')) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    const data = JSON.parse(
      text
        .split('\n')
        .find((l) => l.startsWith('data: '))!
        .slice(6),
    );
    expect(data).toMatchObject({ method: 'GET', path: '/api/addon/v1/customers', status: 200 });
  });

  it('seeds an organization through the same rules as the API', async () => {
    const em = await inProcess();
    const res = await em.call('POST', '/_emulator/seed', { body: { orgId: 'org_seeded', size: 4 } });
    expect(res.status).toBe(201);
    expect(res.body.created.customers).toBe(4);
    const { token } = await em.token({ orgId: 'org_seeded' });
    expect((await em.call('GET', 'invoices', { token })).body.total).toBe(8);
    expect((await em.call('POST', '/_emulator/seed', { body: { orgId: 'org with spaces' } })).status).toBe(400);
  });

  it('reads the records the host page shows: a page newest first, one record, and the resources from the registry', async () => {
    const em = await inProcess({ scopes: ['customers.*', 'invoices.*'] });
    const { token } = await em.token();
    const made: string[] = [];
    for (const name of ['First', 'Second', 'Third'])
      made.push((await em.call('POST', 'customers', { token, body: { name } })).body.data._id);
    const names = async (query: string) =>
      (await em.call('GET', `/_emulator/records/customers?${query}`)).body.data.map((c: { name: string }) => c.name);
    expect(await names('')).toEqual(['First', 'Second', 'Third']);
    expect(await names('order=newest')).toEqual(['Third', 'Second', 'First']);
    expect(await names('order=newest&limit=2&offset=1')).toEqual(['Second', 'First']);
    expect(await names('order=newest&offset=3')).toEqual([]);
    expect((await em.call('GET', '/_emulator/records/customers?order=newest&limit=1')).body.total).toBe(3);
    expect((await em.call('GET', '/_emulator/records/customers?order=sideways')).body.code).toBe('validation_failed');

    // One record, as the API's GET answers it, without a token or an audit entry.
    const audited = em.audit(50).length;
    const one = await em.call('GET', `/_emulator/records/customers/${made[1]}`);
    expect(one).toMatchObject({ status: 200, body: { data: { _id: made[1], name: 'Second' } } });
    expect(one.body).toEqual((await em.call('GET', `customers/${made[1]}`, { token })).body);
    expect(em.audit(50)).toHaveLength(audited + 1);
    expect(await em.call('GET', `/_emulator/records/customers/${made[1]}?orgId=org_other`)).toMatchObject({
      status: 404,
      body: { code: 'not_found', message: `customer ${made[1]} does not exist in this organization` },
    });
    expect((await em.call('GET', '/_emulator/records/customers/cus_missing')).body.code).toBe('not_found');
    expect((await em.call('GET', '/_emulator/records/widgets/wid_1')).body.code).toBe('unknown_collection');
    expect((await em.call('GET', `/_emulator/records/customers/${made[1]}?bogus=1`)).body.code).toBe(
      'validation_failed',
    );

    const resources = (await em.call('GET', '/_emulator/resources')).body.data;
    expect(resources.map((r: { name: string }) => r.name)).toEqual(em.registry.resources.map((r) => r.name));
    const invoices = resources.find((r: { name: string }) => r.name === 'invoices');
    expect(invoices).toMatchObject({ label: 'invoice', idPrefix: 'inv', idPattern: '^inv_[A-Za-z0-9]+$' });
    expect(invoices.statuses).toEqual(['draft', 'sent', 'paid', 'overdue', 'void']);
    expect(invoices.fields.slice(0, 3)).toEqual([
      { name: '_id', kind: 'string' },
      { name: 'invoiceNumber', kind: 'string' },
      { name: 'customerId', kind: 'string', refersTo: 'customers' },
    ]);
    // Money is marked (the host page formats it in the record's currency), and so are a line's fields.
    expect(invoices.fields).toEqual(
      expect.arrayContaining([
        {
          name: 'lineItems',
          kind: 'array',
          items: [
            { name: 'description', kind: 'string' },
            { name: 'quantity', kind: 'number' },
            { name: 'unitPrice', kind: 'number', money: true },
            { name: 'productId', kind: 'string' },
            { name: 'amount', kind: 'number', money: true },
          ],
        },
        { name: 'taxRate', kind: 'number' },
        { name: 'total', kind: 'number', money: true },
        { name: 'paidAt', kind: 'string', format: 'date-time' },
      ]),
    );
    const expenses = resources.find((r: { name: string }) => r.name === 'expenses');
    expect(expenses.fields.find((f: { name: string }) => f.name === 'amount')).toEqual({
      name: 'amount',
      kind: 'number',
      money: true,
    });
  });

  it('subscribes the add-on by the rules of POST /events/subscribe, without its rate limit, audit or scope report', async () => {
    const em = await inProcess({ scopes: ['customers.read'] });
    const put = (event: string, body: object) => em.call('PUT', `/_emulator/subscriptions/${event}`, { body });
    const [a, b] = ['http://127.0.0.1:3000/a', 'http://127.0.0.1:3000/b'];
    expect(await put('customer.created', { webhookUrl: a })).toMatchObject({
      status: 201,
      body: { appId: 'com.example.demo-addon', event: 'customer.created', webhookUrl: a, isActive: true },
    });
    // Replaced, and put back disabled as a subscription can be found (what `addon listen` gives back).
    expect(await put('customer.created', { webhookUrl: b, isActive: false })).toMatchObject({
      status: 200,
      body: { webhookUrl: b, isActive: false },
    });
    expect((await em.call('GET', '/_emulator/subscriptions')).body.data).toMatchObject([
      { event: 'customer.created', webhookUrl: b, isActive: false },
    ]);
    const { token } = await em.token();
    expect((await em.call('GET', 'events/subscriptions', { token })).body.data).toEqual([
      { event: 'customer.created', webhookUrl: b, isActive: false },
    ]);

    expect(await put('invoice.paid', { webhookUrl: a })).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope', requiredScope: 'invoices.read', grantedScopes: ['customers.read'] },
    });
    expect((await put('invoice.exploded', { webhookUrl: a })).body.code).toBe('unknown_event');
    expect((await put('customer.updated', { webhookUrl: 'ftp://x' })).body.code).toBe('validation_failed');
    expect((await put('customer.updated', { webhookUrl: a, bogus: 1 })).body.code).toBe('validation_failed');

    expect((await em.call('DELETE', '/_emulator/subscriptions/customer.created')).status).toBe(204);
    const again = await em.call('DELETE', '/_emulator/subscriptions/customer.created');
    expect(again).toMatchObject({ status: 404, body: { code: 'not_subscribed' } });
    expect((await em.call('GET', '/_emulator/subscriptions')).body.data).toEqual([]);
    // The add-on's one call, the list above: none of the control calls is the add-on's.
    expect(em.audit(50).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/addon/v1/events/subscriptions',
    ]);
    expect(em.scopeReport()).toMatchObject({ calls: 1, needed: [] });
  });
});
