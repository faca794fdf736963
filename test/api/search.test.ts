import { afterEach, describe, expect, it } from 'vitest';
import { MAX_SEARCH_QUERY_CHARS, MAX_SEARCH_RESULTS } from '../../src/common/limits.js';
import { cleanUp, inProcess } from '../helpers.js';

afterEach(cleanUp);

/** An emulator on a real socket, and the control API's search over HTTP as the host page calls it. */
async function listening() {
  const em = await inProcess();
  const url = await em.listen();
  const search = async (query: string | URLSearchParams, headers: Record<string, string> = {}) => {
    const params = typeof query === 'string' ? new URLSearchParams({ q: query }) : query;
    const response = await fetch(`${url}/_emulator/search?${params}`, { headers });
    return { status: response.status, body: await response.json() };
  };
  const { token } = await em.token();
  const customer = async (name: string) => (await em.call('POST', 'customers', { token, body: { name } })).body.data;
  return { em, search, customer };
}

describe('GET /_emulator/search', () => {
  it("finds a seeded organization's customers and invoices by their text, with their record pages", async () => {
    const { em, search } = await listening();
    await em.seed({ size: 12 });
    const [first] = em.records('customers', { limit: 1, offset: 0 }).data as Array<{ _id: string; name: string }>;
    const found = await search(first.name.slice(0, 4).toUpperCase());
    expect(found.status).toBe(200);
    expect(found.body.data[0]).toEqual({
      resource: 'customers',
      id: first._id,
      title: first.name,
      subtitle: expect.stringMatching(/^customer · \S+@\S+$/),
      path: `/customers/${first._id}`,
    });
    // Its invoices name it too (customerName), after it: the customer comes first among equal ranks.
    expect(found.body.data.some((r: { resource: string }) => r.resource === 'invoices')).toBe(true);

    const [invoice] = em.records('invoices', { limit: 1, offset: 2 }).data as Array<{
      _id: string;
      invoiceNumber: string;
    }>;
    const byNumber = await search(invoice.invoiceNumber.toLowerCase());
    expect(byNumber.body.data[0]).toMatchObject({
      resource: 'invoices',
      id: invoice._id,
      title: invoice.invoiceNumber,
      path: `/invoices/${invoice._id}`,
    });
  });

  it('ranks the whole value first, then its start, then anywhere in it', async () => {
    const { search, customer } = await listening();
    const within = await customer('Unbolted Goods');
    const prefix = await customer('Bolton Freight');
    const exact = await customer('bolt');
    const found = await search('Bolt');
    expect(found.body.data.map((r: { id: string }) => r.id)).toEqual([exact._id, prefix._id, within._id]);
    expect(found.body.total).toBe(3);
  });

  it(`answers at most ${MAX_SEARCH_RESULTS} results, and counts them all in total`, async () => {
    const { em, search } = await listening();
    await em.seed({ size: 12 });
    const invoices = em.records('invoices', { limit: 0, offset: 0 }).total;
    expect(invoices).toBeGreaterThan(MAX_SEARCH_RESULTS);
    const found = await search('INV-');
    expect(found.body.data).toHaveLength(MAX_SEARCH_RESULTS);
    expect(found.body.total).toBe(invoices);
  });

  it("searches the organization asked for, else the emulator's own", async () => {
    const { em, search } = await listening();
    await em.seed({ size: 3 });
    expect((await search('INV-')).body.total).toBe(6);
    const elsewhere = await search(new URLSearchParams({ q: 'INV-', orgId: 'org_other' }));
    expect(elsewhere.body).toEqual({ data: [], total: 0 });
  });

  it('treats the query as plain text: pattern characters, prototype keys and unicode', async () => {
    const { search, customer } = await listening();
    const pattern = await customer('Cost .*( report');
    await customer('Plain Customer');
    const proto = await customer('__proto__');
    const umlaut = await customer('Zoë Müller');
    expect((await search('.*(')).body.data.map((r: { id: string }) => r.id)).toEqual([pattern._id]);
    expect((await search('.*')).body.total).toBe(1);
    expect((await search('__proto__')).body.data.map((r: { id: string }) => r.id)).toEqual([proto._id]);
    for (const q of ['constructor', 'toString', 'hasOwnProperty']) {
      expect((await search(q)).body, q).toEqual({ data: [], total: 0 });
    }
    expect((await search('MÜLLER')).body.data[0].id).toBe(umlaut._id);
    // The same letter written decomposed (e + combining diaeresis) finds it as well.
    expect((await search('zoe\u0308')).body.data[0].id).toBe(umlaut._id);
  });

  it('refuses a query that is missing, empty, blank, too long or not one string', async () => {
    const { search } = await listening();
    const cases: Array<[string, URLSearchParams]> = [
      ['missing', new URLSearchParams()],
      ['empty', new URLSearchParams({ q: '' })],
      ['blank', new URLSearchParams({ q: '   ' })],
      ['too long', new URLSearchParams({ q: 'x'.repeat(MAX_SEARCH_QUERY_CHARS + 1) })],
      [
        'twice',
        new URLSearchParams([
          ['q', 'a'],
          ['q', 'b'],
        ]),
      ],
      ['bad orgId', new URLSearchParams({ q: 'a', orgId: '../x' })],
      ['unknown parameter', new URLSearchParams({ q: 'a', regex: '1' })],
    ];
    for (const [name, params] of cases) {
      const refused = await search(params);
      expect(refused.status, name).toBe(400);
      expect(refused.body, name).toMatchObject({
        code: 'validation_failed',
        message: expect.stringMatching(/q|orgId|regex/),
      });
    }
    expect((await search('x'.repeat(MAX_SEARCH_QUERY_CHARS))).status).toBe(200);
  });

  it('is guarded like the rest of the control API: no page of another origin', async () => {
    const { search } = await listening();
    const refused = await search('a', { origin: 'http://evil.example' });
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden_origin' } });
  });
});
