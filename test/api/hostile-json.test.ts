import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, inProcess, type InProcessEmulator, tempDir } from '../helpers.js';

/**
 * Generated hostile JSON (deep, wide, prototype-named keys, huge strings, odd numbers) on every way
 * JSON comes in. Each request is either refused with a 4xx, the world and history unchanged, or
 * accepted; and everything accepted comes back identical after export and import into another
 * emulator, and after a restart (docs/limits.md).
 */
let dataDir: string;
let em: InProcessEmulator;
let token: string;

beforeAll(async () => {
  dataDir = await tempDir();
  em = await inProcess({ dataDir, rateLimit: 1_000_000 });
  await em.listen();
  token = (await em.token({})).token;
  // Triggers and scenarios are delivered, so what they accepted is kept in the delivery log.
  const subscribed = await em.call('POST', 'events/subscribe', {
    token,
    body: { event: 'customer.created', webhookUrl: `${em.url}/inbox/sink` },
  });
  expect(subscribed.status).toBe(201);
});
afterAll(cleanUp);

const RUNS = 25;
const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'a', ''];

/** JSON text, built as text: a deep or `__proto__`-keyed value cannot be built as a value and stringified. */
const leaf = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
  fc.constantFrom('1e400', '-1e400', '-0', '1e-400', '9007199254740993', '123456789012345678901234567890', '0.1'),
  fc.constantFrom('"\\ud800"', '"\\u0000"', '"\\u2028"', '"é"', '"\\"\\\\"', 'null', 'true'),
);
const keyed = (inner: string, key: string) => `{${JSON.stringify(key)}:${inner}}`;
const depth = fc.oneof(
  fc.integer({ min: 1, max: 120 }),
  fc.integer({ min: 60, max: 75 }),
  fc.integer({ min: 3000, max: 8000 }),
);
const nested = fc
  .tuple(depth, fc.constantFrom('array', 'object'), leaf)
  .map(([depth, kind, inner]) =>
    kind === 'array'
      ? '['.repeat(depth) + inner + ']'.repeat(depth)
      : '{"x":'.repeat(depth) + inner + '}'.repeat(depth),
  );
const hostileText: fc.Arbitrary<string> = fc.oneof(
  leaf,
  nested,
  fc.tuple(fc.constantFrom(...KEYS), fc.oneof(leaf, nested)).map(([key, inner]) => keyed(inner, key)),
  fc
    .tuple(fc.constantFrom(...KEYS), fc.constantFrom(...KEYS), leaf)
    .map(([outer, inner, value]) => keyed(keyed(value, inner), outer)),
  fc.integer({ min: 1, max: 5000 }).map((n) => `[${Array(n).fill('0').join(',')}]`),
  fc.integer({ min: 1, max: 5000 }).map((n) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`),
  fc.constantFrom(1000, 600_000, 1_100_000).map((n) => JSON.stringify('x'.repeat(n))),
);

async function send(method: string, path: string, body: string) {
  const response = await em.inject({
    method: method as 'PUT',
    url: path,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

/** The world and the history a refused request must leave as they were. */
const everything = async () => {
  await em.idle();
  return history();
};
const history = async () => ({
  world: (await em.call('GET', '/_emulator/state')).body.organizations,
  inbox: (await em.call('GET', '/_emulator/inbox/hostile?limit=200')).body.data.length,
  deliveries: (await em.call('GET', '/_emulator/deliveries?limit=5000')).body.data,
});

/** What each accepted request put in the world, to compare after the restart. */
const accepted = new Map<string, unknown>();

/** A value as JSON means it: -0 is written as 0 (JSON has one zero); anything else must come back as sent. */
const meant = (text: string): unknown => JSON.parse(text, (_key, value) => (Object.is(value, -0) ? 0 : value));
let inboxAccepted = 0;
let n = 0;

/** Each way in: the request for a value, and what an accepted one left behind. */
const WAYS: Array<{
  name: string;
  send(text: string): Promise<{ status: number; body: any }>;
  remember?(text: string): void;
}> = [
  {
    name: 'a storage value',
    send: (text) => send('PUT', `/api/addon/v1/storage/k${++n}`, `{"value":${text}}`),
    remember: (text) => accepted.set(`storage k${n}`, meant(text)),
  },
  {
    name: 'the add-on config',
    send: (text) => send('PUT', '/api/addon/v1/config', `{"v":${text}}`),
    remember: (text) => accepted.set('config', meant(text)),
  },
  { name: 'a customer', send: (text) => send('POST', '/api/addon/v1/customers', `{"name":"x","notes":${text}}`) },
  {
    name: 'trigger data',
    send: (text) => send('POST', '/_emulator/events/trigger', `{"event":"customer.created","data":{"v":${text}}}`),
  },
  // The inbox keeps what it accepts even with a bad signature (a 401, as a careful receiver answers).
  { name: 'an inbox body', send: (text) => send('POST', '/inbox/hostile', text), remember: () => inboxAccepted++ },
  {
    name: 'a scenario',
    send: (text) =>
      send(
        'POST',
        '/_emulator/scenario',
        `{"scenario":{"steps":[{"trigger":"customer.created","data":{"v":${text}}}]}}`,
      ),
  },
];

describe('hostile JSON on every way in', () => {
  for (const way of WAYS) {
    it(`${way.name}: refused with a 4xx and nothing changed, or accepted`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileText, async (text) => {
          const before = await everything();
          const res = await way.send(text);
          expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(500);
          if (res.status >= 400 && res.body.received !== true) {
            expect(res.body.code).toEqual(expect.any(String));
            expect(await everything()).toEqual(before);
          } else way.remember?.(text);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('a state file holding each: refused and nothing changed, or accepted and the same when exported', async () => {
    const base = (await em.call('GET', '/_emulator/state')).body;
    await fc.assert(
      fc.asyncProperty(hostileText, async (text) => {
        const file = JSON.stringify({
          ...base,
          organizations: { org_x: { apps: { 'com.example.x': { config: { values: { v: '@' }, updatedAt: null } } } } },
        });
        const before = await everything();
        // A function, so `$$` or `$&` in the text is not read as a replacement pattern.
        const res = await send(
          'PUT',
          '/_emulator/state',
          file.replace('"@"', () => text),
        );
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) return void expect(await everything()).toEqual(before);
        const values = (await em.call('GET', '/_emulator/state')).body.organizations.org_x.apps['com.example.x'].config
          .values;
        expect(values.v).toEqual(meant(text));
        // Back to the world the other properties built.
        expect((await send('PUT', '/_emulator/state', JSON.stringify(base))).status).toBe(200);
      }),
      // The case a Node 24 CI run found: a key of `$$`, which a string replacement reads as `$`.
      { numRuns: RUNS, examples: [['{"":{"$$":""}}']] },
    );
  });

  it('what was accepted is identical after export and import elsewhere, and after a restart', async () => {
    const kept = await everything();
    expect(kept.deliveries.length).toBeGreaterThan(0);
    const exported = (await em.call('GET', '/_emulator/state')).body;
    const inbox = (await em.call('GET', '/_emulator/inbox/hostile?limit=200')).body.data;
    expect(inbox).toHaveLength(inboxAccepted);
    for (const [what, sent] of accepted) {
      const [kind, key] = what.split(' ');
      const app = exported.organizations.org_demo.apps['com.example.demo-addon'];
      const value =
        kind === 'config' ? app.config.values.v : app.storage.find((e: { key: string }) => e.key === key).value;
      expect(value, what).toEqual(sent);
    }

    const elsewhere = await inProcess();
    expect((await elsewhere.call('PUT', '/_emulator/state', { body: exported })).status).toBe(200);
    expect((await elsewhere.call('GET', '/_emulator/state')).body.organizations).toEqual(exported.organizations);

    await em.close();
    em = await inProcess({ dataDir });
    expect(await history()).toEqual(kept);
  });
});
