import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, inProcess, type InProcessEmulator } from '../helpers.js';
import { postWith, RESOURCE_NAMES, sampleRecords } from '../sample-records.js';

/**
 * Hostile input: arbitrary bodies and query strings against every collection. The emulator may
 * accept (2xx) or refuse (4xx with the documented error shape), but never fails (5xx), and a refused
 * request writes nothing.
 */
let em: InProcessEmulator;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  em = await inProcess({ rateLimit: 1_000_000 });
  token = (await em.token()).token;
});
afterAll(cleanUp);

const RUNS = 120;
const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'name', 'status', 'lineItems', 'items', ''),
  fc.string({ maxLength: 20 }),
);
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 3 }),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.constantFrom('x'.repeat(100_000), -1, 1e308, Number.MIN_VALUE, '', null, true),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 5 }),
  ),
})).value;
const hostileBody = fc.oneof(
  fc.dictionary(hostileKey, hostileValue, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
  hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
  fc.string({ maxLength: 300 }),
  fc.constantFrom(
    '{',
    '{"name":',
    '[[[[[[[[[[',
    '{"a":' + '['.repeat(5000),
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '\u0000',
    '',
  ),
);

function expectErrorShape(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.body).toMatchObject({
      statusCode: res.status,
      error: expect.any(String),
      code: expect.any(String),
      message: expect.any(String),
    });
  }
}

describe.each(RESOURCE_NAMES)('%s under hostile input', (name) => {
  // A resource whose samples make no valid record fails here, by name, rather than going untested.
  beforeAll(async () => {
    const { record } = sampleRecords(postWith(em.call, token));
    ids[name] = (await record(name))._id;
  });

  it('POST: 2xx or a 4xx in the error shape, and a refused body writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody, async (body) => {
        const before = (await em.call('GET', `${name}?limit=1`, { token })).body.total;
        const res = await em.call('POST', name, { token, body });
        expectErrorShape(res);
        const after = (await em.call('GET', `${name}?limit=1`, { token })).body.total;
        expect(after).toBe(res.status === 201 ? before + 1 : before);
      }),
      { numRuns: RUNS },
    );
  });

  it('PATCH: 2xx or a 4xx in the error shape, and a refused patch changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody, async (body) => {
        const before = (await em.call('GET', `${name}/${ids[name]}`, { token })).body;
        const res = await em.call('PATCH', `${name}/${ids[name]}`, { token, body });
        expectErrorShape(res);
        if (res.status >= 400) expect((await em.call('GET', `${name}/${ids[name]}`, { token })).body).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });

  it('list query strings and ids: never a 5xx', async () => {
    const query = fc.dictionary(
      fc.constantFrom('limit', 'offset', 'q', '__proto__', 'limit[]'),
      fc.string({ maxLength: 30 }),
      { maxKeys: 3 },
    );
    await fc.assert(
      fc.asyncProperty(query, fc.string({ maxLength: 80 }), async (params, id) => {
        expectErrorShape(await em.call('GET', `${name}?${new URLSearchParams(params)}`, { token }));
        expectErrorShape(await em.call('GET', `${name}/${encodeURIComponent(id)}`, { token }));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('organizations under random operations', () => {
  it('never lets one organization read or change another one’s records', async () => {
    const tokens = {
      a: (await em.token({ orgId: 'org_fuzz_a' })).token,
      b: (await em.token({ orgId: 'org_fuzz_b' })).token,
    };
    const operation = fc.record({
      org: fc.constantFrom<'a' | 'b'>('a', 'b'),
      kind: fc.constantFrom('create', 'get', 'patch', 'delete', 'list'),
      target: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 30 }), async (operations) => {
        const owned: Record<'a' | 'b', string[]> = { a: [], b: [] };
        const names = new Map<string, string>();
        for (const { org, kind, target } of operations) {
          const all = [...owned.a.map((id) => ['a', id] as const), ...owned.b.map((id) => ['b', id] as const)];
          const [owner, id] = all.length ? all[target % all.length] : [org, 'cus_none'];
          const token = tokens[org];
          if (kind === 'create') {
            const created = await em.call('POST', 'customers', { token, body: { name: `${org}-${target}` } });
            owned[org].push(created.body.data._id);
            names.set(created.body.data._id, `${org}-${target}`);
          } else if (kind === 'list') {
            const { data } = (await em.call('GET', 'customers?limit=100', { token })).body;
            for (const record of data) expect(owned[org === 'a' ? 'b' : 'a']).not.toContain(record._id);
          } else {
            const path = `customers/${id}`;
            const res =
              kind === 'get'
                ? await em.call('GET', path, { token })
                : kind === 'patch'
                  ? await em.call('PATCH', path, { token, body: { name: `renamed by ${org}` } })
                  : await em.call('DELETE', path, { token });
            if (owner !== org) expect(res.status).toBe(404);
            else if (res.status < 300 && kind === 'patch') names.set(id, `renamed by ${org}`);
            else if (res.status < 300 && kind === 'delete') owned[org].splice(owned[org].indexOf(id), 1);
          }
        }
        for (const org of ['a', 'b'] as const) {
          for (const id of owned[org]) {
            const res = await em.call('GET', `customers/${id}`, { token: tokens[org] });
            expect(res.body.data.name).toBe(names.get(id));
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
