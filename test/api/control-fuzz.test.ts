import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_HORIZON_MS } from '../../src/common/clock.js';
import { cleanUp, inProcess, type InProcessEmulator, tempDir } from '../helpers.js';

/**
 * Hostile values against the control API (what the CLI and the host page call). A call may succeed
 * or be refused in the documented error shape, never fail (5xx); and no call, however odd, may break
 * the emulator for good: after each one the clock reads a real date and a new token works, and after
 * all of them the data dir starts again.
 */
let em: InProcessEmulator;
let dataDir: string;

beforeAll(async () => {
  dataDir = await tempDir();
  em = await inProcess({ dataDir, rateLimit: 1_000_000 });
});
afterAll(cleanUp);

const RUNS = 60;
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '__proto__', 'constructor', '../../etc', '%00', 'org_demo', 'x'.repeat(5000)),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53, 1e21, 1e308, -1e308),
);
const hostileValue = fc.oneof(hostileString, hostileNumber, fc.jsonValue({ maxDepth: 3 }), fc.constant(null));
const hostileDuration = fc.oneof(
  hostileString,
  fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.constantFrom('ms', 's', 'm', 'h', 'd', 'y', ''))
    .map(([n, unit]) => `${n}${unit}`),
  fc.constantFrom('2000000000h', '36500d', '36501d', '1e309s', '-5m', 'Infinity', 'NaNs', '1h-30m', '0', '0.5s'),
);
/** An object with some of `keys` holding hostile values, and at times stray keys (`__proto__` among them). */
const bodyOf = (keys: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> => {
  const known = fc.record(keys, { requiredKeys: [] });
  const stray = fc.dictionary(fc.oneof(hostileString, fc.constant('__proto__')), hostileValue, { maxKeys: 2 });
  return fc.oneof(
    known,
    fc.tuple(known, stray).map(([own, extra]) => ({ ...extra, ...own })),
  ) as fc.Arbitrary<Record<string, unknown>>;
};

function expectErrorShape(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  if (res.status >= 400)
    expect(res.body).toMatchObject({ statusCode: res.status, code: expect.any(String), message: expect.any(String) });
}

/** What every later start and every add-on needs: a readable clock, and a token the API accepts. */
async function expectHealthy(target: InProcessEmulator) {
  const clock = await target.call('GET', '/_emulator/clock');
  expect(clock.status).toBe(200);
  expect(Number.isFinite(Date.parse(clock.body.now))).toBe(true);
  expect(clock.body.offsetMs).toBeLessThanOrEqual(CLOCK_HORIZON_MS);
  const minted = await target.call('POST', '/_emulator/tokens', { body: {} });
  expect(minted.status).toBe(201);
  expect((await target.call('GET', 'customers?limit=1', { token: minted.body.token })).status).toBe(200);
}

// JSON for objects: a generated `{"toString": ""}` cannot be made a string the plain way.
const query = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)]),
  ).toString();

describe('the control API under hostile values', () => {
  it('POST /clock/advance: refused or moved within 100 years, and the emulator keeps working', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileDuration, hostileValue), async (by) => {
        const res = await em.call('POST', '/_emulator/clock/advance', { body: { by } });
        expectErrorShape(res);
        await expectHealthy(em);
      }),
      { numRuns: RUNS },
    );
    // Far enough by now, or made so: the horizon is a 400, not a broken clock.
    await em.call('POST', '/_emulator/clock/advance', { body: { by: '36500d' } });
    const beyond = await em.call('POST', '/_emulator/clock/advance', { body: { by: '36500d' } });
    expect(beyond).toMatchObject({ status: 400, body: { code: 'clock_out_of_range' } });
    await expectHealthy(em);
  });

  it('POST /tokens: hostile scopes, ids and lifetimes', async () => {
    const body = bodyOf({
      scopes: fc.oneof(fc.array(hostileString, { maxLength: 5 }), hostileValue),
      orgId: hostileValue,
      userId: hostileValue,
      appId: hostileValue,
      expiresIn: hostileNumber,
    });
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        expectErrorShape(await em.call('POST', '/_emulator/tokens', { body: b }));
        await expectHealthy(em);
      }),
      { numRuns: RUNS },
    );
  });

  it('POST /events/trigger and /seed: hostile events, organizations, data and sizes', async () => {
    const trigger = bodyOf({
      event: fc.oneof(fc.constantFrom('invoice.paid', 'customer.created', 'store.order.refunded'), hostileString),
      orgId: hostileValue,
      data: fc.oneof(fc.dictionary(hostileString, hostileValue, { maxKeys: 4 }), hostileValue),
    });
    const seed = bodyOf({ orgId: hostileValue, size: fc.oneof(fc.integer({ min: -5, max: 20 }), hostileNumber) });
    await fc.assert(
      fc.asyncProperty(trigger, seed, async (t, s) => {
        expectErrorShape(await em.call('POST', '/_emulator/events/trigger', { body: t }));
        expectErrorShape(await em.call('POST', '/_emulator/seed', { body: s }));
        await expectHealthy(em);
      }),
      { numRuns: RUNS },
    );
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('the read routes: hostile ids, names and query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileString,
        bodyOf({ limit: hostileValue, status: hostileValue, event: hostileValue }),
        async (name, q) => {
          const id = encodeURIComponent(name) || '%20';
          for (const [method, path] of [
            ['GET', `/_emulator/deliveries?${query(q)}`],
            ['GET', `/_emulator/deliveries/${id}`],
            ['POST', `/_emulator/deliveries/${id}/replay`],
            ['GET', `/_emulator/records/${id}?${query(q)}`],
            ['GET', `/_emulator/inbox/${id}?${query(q)}`],
            ['GET', `/_emulator/audit?${query(q)}`],
          ] as const)
            expectErrorShape(await em.call(method, path, method === 'POST' ? { body: {} } : {}));
        },
      ),
      { numRuns: RUNS },
    );
    await expectHealthy(em);
  });

  it('leaves a data dir that starts again and works', async () => {
    await em.close();
    em = await inProcess({ dataDir, rateLimit: 1_000_000 });
    await expectHealthy(em);
  });
});
