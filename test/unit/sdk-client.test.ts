// The SDK's REST client in Node, against a real emulator listening on a free port.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/create-emulator.js';
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';
import {
  AddonApiError,
  createClient,
  DEFAULT_API_URL,
  NotFoundError,
  paginate,
  RateLimitError,
  ScopeError,
  SessionExpiredError,
  ValidationError,
  type ClientOptions,
  type Page,
} from '../../src/sdk/browser/index.js';

const running: Emulator[] = [];
afterEach(async () => {
  while (running.length) await running.pop()!.close();
});

async function start(options: EmulatorOptions = {}) {
  const em = await createEmulator({ port: 0, ...options });
  running.push(em);
  await em.listen();
  return em;
}

/** An emulator, a token with `scopes` and a client with it; `requests` records every URL fetched. */
async function setup(scopes: string[] = ['*'], options: EmulatorOptions = {}, client: Partial<ClientOptions> = {}) {
  const em = await start(options);
  const { token } = await em.token({ scopes });
  const requests: string[] = [];
  const fetchSpy: typeof fetch = (input, init) => {
    requests.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return fetch(input, init);
  };
  return { em, token, requests, client: createClient({ apiUrl: em.apiUrl, token, fetch: fetchSpy, ...client }) };
}

/** The rejection of a promise, which must reject. */
async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('the SDK REST client', () => {
  it('sends the bearer token and JSON, and unwraps {data} on a create, get, update, list and delete', async () => {
    const { client, requests, token, em } = await setup();
    const seen: Array<Record<string, string>> = [];
    const recording = createClient({
      apiUrl: `${em.apiUrl}/`,
      token,
      fetch: (input, init) => {
        seen.push(init!.headers as Record<string, string>);
        return fetch(input, init);
      },
    });
    const created = await recording.customers.create({ name: 'Acme Ltd', email: 'ap@acme.example', currency: 'EUR' });
    expect(seen[0]).toMatchObject({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    expect(created).toMatchObject({ name: 'Acme Ltd', email: 'ap@acme.example', currency: 'EUR', phone: null });
    expect(created._id).toMatch(/^cus_[0-9a-f]{16}$/);

    expect(await client.customers.get(created._id)).toEqual(created);
    const updated = await client.customers.update(created._id, { email: null, notes: 'Pays late' });
    expect(updated).toMatchObject({ _id: created._id, email: null, notes: 'Pays late' });
    expect(await client.customers.list()).toEqual({ data: [updated], total: 1 });

    await expect(client.customers.remove(created._id)).resolves.toBeUndefined();
    const missing = await rejection(client.customers.get(created._id));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toBeInstanceOf(AddonApiError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
    expect(await client.customers.list()).toEqual({ data: [], total: 0 });
    expect(requests.map((r) => r.split(' ')[0])).toEqual(['GET', 'PATCH', 'GET', 'DELETE', 'GET', 'GET']);
  });

  it('creates an invoice with line items and moves it through its statuses', async () => {
    const { client } = await setup();
    const customer = await client.customers.create({ name: 'Globex' });
    const product = await client.products.create({ name: 'Consulting hour', unitPrice: 150 });
    const invoice = await client.invoices.create({
      customerId: customer._id,
      taxRate: 19,
      lineItems: [
        { description: 'Consulting hour', quantity: 3, unitPrice: 150, productId: product._id },
        { description: 'Paper', quantity: 2, unitPrice: 24.75 },
      ],
    });
    expect(invoice.lineItems).toEqual([
      { description: 'Consulting hour', quantity: 3, unitPrice: 150, productId: product._id, amount: 450 },
      { description: 'Paper', quantity: 2, unitPrice: 24.75, productId: null, amount: 49.5 },
    ]);
    expect(invoice).toMatchObject({ customerName: 'Globex', status: 'draft', subtotal: 499.5, total: 594.41 });
    await client.invoices.update(invoice._id, { status: 'sent' });
    expect(await client.invoices.update(invoice._id, { status: 'paid' })).toMatchObject({ amountDue: 0 });
    const locked = await rejection(client.invoices.update(invoice._id, { notes: 'late' }));
    expect(locked).toBeInstanceOf(AddonApiError);
    expect(locked).toMatchObject({ status: 409, code: 'invoice_locked' });
  });

  it('walks every page with all(), and paginate() walks any list', async () => {
    const { client, requests } = await setup();
    for (let i = 1; i <= 5; i++) await client.customers.create({ name: `Customer ${i}` });
    requests.length = 0;
    const names: string[] = [];
    for await (const customer of client.customers.all(2)) names.push(customer.name);
    expect(names).toEqual(['Customer 1', 'Customer 2', 'Customer 3', 'Customer 4', 'Customer 5']);
    expect(requests.map((r) => new URL(r.split(' ')[1]).search)).toEqual([
      '?limit=2&offset=0',
      '?limit=2&offset=2',
      '?limit=2&offset=4',
    ]);

    // A page size the API would refuse is refused before any request.
    await expect(client.customers.all(101).next()).rejects.toThrow(RangeError);

    // paginate() stops on total, or on an empty page.
    const pages: Array<Page<number>> = [
      { data: [1, 2], total: 9 },
      { data: [], total: 9 },
    ];
    const list = vi.fn(async () => pages.shift()!);
    const all: number[] = [];
    for await (const n of paginate(list, 2)) all.push(n);
    expect(all).toEqual([1, 2]);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('covers config, storage and events', async () => {
    const { client } = await setup();
    expect(await client.config.get()).toMatchObject({ values: {}, updatedAt: null });
    await client.config.replace({ currency: 'EUR', reminders: { enabled: true, days: [7, 14] }, theme: 'dark' });
    expect((await client.config.patch({ reminders: { days: [3] }, theme: null })).values).toEqual({
      currency: 'EUR',
      reminders: { enabled: true, days: [3] },
    });
    await client.config.reset();
    expect((await client.config.get()).values).toEqual({});

    const entry = await client.storage.set('last-sync', { cursor: 42 });
    expect(entry).toMatchObject({ key: 'last-sync', value: { cursor: 42 } });
    expect((await client.storage.get<{ cursor: number }>('last-sync')).value.cursor).toBe(42);
    expect((await client.storage.list()).total).toBe(1);
    await client.storage.remove('last-sync');
    expect(await rejection(client.storage.get('last-sync'))).toBeInstanceOf(NotFoundError);

    const catalog = await client.events.catalog();
    expect(catalog.total).toBe(DEFAULT_REGISTRY.catalog.events.length);
    expect(catalog.data.find((e) => e.name === 'invoice.paid')).toMatchObject({ scope: 'invoices.read' });
    expect(await client.events.subscribe('customer.created', 'http://127.0.0.1:9/hooks')).toEqual({
      event: 'customer.created',
      webhookUrl: 'http://127.0.0.1:9/hooks',
      isActive: true,
    });
    expect((await client.events.subscriptions()).data.map((s) => s.event)).toEqual(['customer.created']);
    await client.events.unsubscribe('customer.created');
    expect(await client.events.subscriptions()).toEqual({ data: [], total: 0 });
    expect(await rejection(client.events.unsubscribe('customer.created'))).toMatchObject({
      status: 404,
      code: 'not_subscribed',
    });
  });

  it('turns a 403 into a ScopeError with the required and granted scopes', async () => {
    const { client } = await setup(['customers.read']);
    expect(await client.customers.list()).toEqual({ data: [], total: 0 });
    const error = await rejection(client.customers.create({ name: 'Nope' }));
    expect(error).toBeInstanceOf(ScopeError);
    expect(error).toMatchObject({
      name: 'ScopeError',
      status: 403,
      code: 'insufficient_scope',
      requiredScope: 'customers.write',
      grantedScopes: ['customers.read'],
    });
    expect(error.message).toContain('customers.write');
  });

  it('turns a 401 into a SessionExpiredError and calls onSessionExpired once', async () => {
    const onSessionExpired = vi.fn();
    const { client, em } = await setup(['*'], {}, { onSessionExpired });
    await client.customers.list();
    expect(onSessionExpired).not.toHaveBeenCalled();
    await em.advanceClock(61 * 60_000);
    const first = await rejection(client.customers.list());
    expect(first).toBeInstanceOf(SessionExpiredError);
    expect(first).toMatchObject({ status: 401, code: 'token_expired' });
    const second = await rejection(client.invoices.list());
    expect(second).toBeInstanceOf(SessionExpiredError);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledWith(first);
  });

  it('turns a 429 into a RateLimitError with the Retry-After seconds', async () => {
    const { client } = await setup(['*'], { rateLimit: 2 });
    await client.customers.list();
    await client.customers.list();
    const error = await rejection(client.customers.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(error.retryAfter).toBeGreaterThan(0);
    expect(error.retryAfter).toBe(error.body.retryAfter);
  });

  it('keeps the details of a 400 validation_failed', async () => {
    const { client } = await setup();
    const error = await rejection(client.customers.create({ name: 42, bogus: true } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(error.details).toEqual(
      expect.arrayContaining([
        { in: 'body', field: 'bogus', message: 'is not a known field' },
        { in: 'body', field: 'name', message: 'must be string' },
      ]),
    );
    const query = await rejection(client.customers.list({ limit: 101 }));
    expect(query).toBeInstanceOf(ValidationError);
    expect(query.details).toEqual([{ in: 'querystring', field: 'limit', message: 'must be at most 100' }]);
  });

  it('gives an AddonApiError in the API shape for an answer that is not JSON', async () => {
    const client = createClient({
      apiUrl: 'http://127.0.0.1:9/api/addon/v1',
      token: 't',
      fetch: async () => new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' }),
    });
    const error = await rejection(client.products.list());
    expect(error).toBeInstanceOf(AddonApiError);
    expect(error).toMatchObject({ status: 502, code: 'http_502', message: '502 Bad Gateway: Bad Gateway' });
    expect(() => createClient({ token: '' })).toThrow(TypeError);
    expect(createClient({ token: 't' }).apiUrl).toBe('http://127.0.0.1:4455/api/addon/v1');
  });
});

describe('the API URL without apiUrl', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("falls back to addon dev's only in a page served from this machine, and fails at connect() elsewhere", async () => {
    const { connect } = await import('../../src/sdk/browser/index.js');
    for (const page of [
      'http://localhost:5173/',
      'http://127.0.0.1:8080/app',
      'http://[::1]:3000/',
      'http://my.localhost/',
    ]) {
      vi.stubGlobal('location', new URL(page));
      expect(createClient({ token: 't' }).apiUrl).toBe(DEFAULT_API_URL);
    }
    vi.stubGlobal('location', new URL('https://addon.example.com/app'));
    const message =
      "no apiUrl: this page is served from https://addon.example.com, not this machine, so there is no addon dev to fall back to; pass apiUrl (the service's {base_url}/api/addon/v1)";
    expect(() => createClient({ token: 't' })).toThrow(message);
    // Before it says anything to a host: there is none here (Node), and connect() fails on the URL first.
    await expect(connect()).rejects.toThrow(message);
    expect(createClient({ token: 't', apiUrl: 'https://service.example.com/api/addon/v1/' }).apiUrl).toBe(
      'https://service.example.com/api/addon/v1',
    );
  });
});

describe('readToken', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A location and history where replaceState moves the location, as in a browser. */
  function stubUrl(href: string) {
    const url = new URL(href);
    const replaced: string[] = [];
    vi.stubGlobal('location', url);
    vi.stubGlobal('history', {
      state: { kept: true },
      replaceState(state: unknown, _title: string, next: string) {
        expect(state).toEqual({ kept: true });
        replaced.push(next);
        const moved = new URL(next, url);
        url.search = moved.search;
        url.hash = moved.hash;
      },
    });
    return { url, replaced };
  }

  it('takes service_token out of the URL, keeping the other parameters as written and the hash', async () => {
    const { readToken } = await import('../../src/sdk/browser/session.js');
    const { url, replaced } = stubUrl('https://addon.example/app/?a=1&service_token=eyJ.x.y&b=two%20words+x&c#tab');
    expect(readToken()).toBe('eyJ.x.y');
    expect(replaced).toEqual(['/app/?a=1&b=two%20words+x&c#tab']);
    expect(url.href).toBe('https://addon.example/app/?a=1&b=two%20words+x&c#tab');
    // Idempotent: the token is remembered (in memory only) and the URL is not touched again.
    expect(readToken()).toBe('eyJ.x.y');
    expect(replaced).toHaveLength(1);

    const only = stubUrl('https://addon.example/?service_token=second');
    expect(readToken()).toBe('second');
    expect(only.replaced).toEqual(['/']);
  });
});

describe('retries, against injected faults', () => {
  const retry = { retries: 2, baseDelayMs: 1, maxDelayMs: 20 };

  it('retries a read through 503s and a dropped connection, and gives up after `retries`', async () => {
    const { em, client } = await setup(['*'], {}, { retry });
    em.faults.add({ method: 'GET', path: '/customers', status: 503, times: 1 });
    em.faults.add({ method: 'GET', path: '/customers', reset: true, times: 1 });
    expect((await client.customers.list()).total).toBe(0);
    expect(em.faults.list().map((rule) => rule.hits)).toEqual([1, 1]);
    em.faults.add({ method: 'GET', path: '/products', status: 502, times: 3 });
    await expect(client.products.list()).rejects.toMatchObject({ status: 502 });
    expect(em.faults.list()[2].hits).toBe(3);
  });

  it('waits out a 429 (Retry-After, capped) and then succeeds', async () => {
    const { em, client, requests } = await setup(['*'], {}, { retry });
    em.faults.add({ path: '/invoices', rateLimited: true, times: 1 });
    expect((await client.invoices.list()).data).toEqual([]);
    expect(requests.filter((r) => r.endsWith('/invoices'))).toHaveLength(2);
  });

  it('never repeats a write unless told: a lost answer is not a missing record', async () => {
    const { em, client } = await setup(['*'], {}, { retry });
    em.faults.add({ method: 'POST', path: '/customers', afterWrite: 503, times: 1 });
    await expect(client.customers.create({ name: 'Once Ltd' })).rejects.toMatchObject({ status: 503 });
    expect((await client.customers.list()).total).toBe(1);

    // Told to, it retries, and the lost answer becomes a duplicate: what the default protects from.
    em.faults.add({ method: 'POST', path: '/customers', afterWrite: 503, times: 1 });
    const again = createClient({
      apiUrl: em.apiUrl,
      token: (await em.token()).token,
      retry: { ...retry, nonIdempotent: true },
    });
    await again.customers.create({ name: 'Twice Ltd' });
    expect((await client.customers.list()).data.filter((c) => c.name === 'Twice Ltd')).toHaveLength(2);
  });

  it('does not retry what is not in `on`, nor without the option', async () => {
    const { em, client, requests } = await setup(['*'], {}, { retry });
    em.faults.add({ method: 'GET', path: '/tickets', status: 500, times: 1 });
    await expect(client.tickets.list()).rejects.toMatchObject({ status: 500 });
    em.faults.add({ method: 'GET', path: '/expenses', status: 503, times: 1 });
    await expect(client.expenses.list({})).resolves.toMatchObject({ total: 0 });
    em.faults.add({ method: 'GET', path: '/orders', status: 503, times: 1 });
    await expect(client.request('GET', 'orders', { retry: false })).rejects.toMatchObject({ status: 503 });
    expect(requests.filter((r) => r.includes('/tickets'))).toHaveLength(1);
  });
});
