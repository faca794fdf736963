import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cleanUp, cli, startDev, type DevProcess } from '../helpers.js';

/**
 * Hostile values through the real CLI, against a running `addon dev`. Whatever a user types, a
 * command succeeds or prints one line on stderr and exits 1 (2 for a usage error): no stack trace,
 * no words of the HTTP layer ("invalid body"), no crash exit code. And nothing typed breaks the
 * emulator: after each command its clock reads a real date and a new token works.
 */
let dev: DevProcess;
beforeAll(async () => {
  dev = await startDev(['--ephemeral', '--rate-limit', '1000000']);
});
afterAll(cleanUp);

const RUNS = 20;
/** What a shell can pass as one argument: any text without NUL. */
const arg = fc
  .oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
    fc.constantFrom('', '-', '--', '-1', '0', '1e309', 'NaN', '99999999999999999999', '{"a":', '__proto__', '../x'),
    // Just past the bounds the emulator checks: they must come back in the CLI's words.
    fc.constantFrom('5001', '10001', '1001', '201', '40d', '0.5s', '36501d'),
  )
  .filter((text) => !text.includes('\0'));
const duration = fc.oneof(
  arg,
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.constantFrom('ms', 's', 'm', 'h', 'd', ''))
    .map(([n, u]) => `${n}${u}`),
);

/** One run of the CLI: its exit code and stderr keep the promise of one line. */
async function expectOneLineAtMost(args: string[]) {
  const result = await cli([...args, '--emulator', dev.url]);
  const where = `addon ${JSON.stringify(args)}:\n${result.stderr}`;
  expect([0, 1, 2], where).toContain(result.exitCode);
  const lines = result.stderr.split('\n').filter(Boolean);
  expect(lines.length, where).toBeLessThanOrEqual(1);
  if (result.exitCode !== 0) expect(lines.length, where).toBe(1);
  expect(result.stderr, where).not.toMatch(/^\s+at |invalid body|invalid querystring|internal_error/m);
}

async function expectHealthy() {
  const clock = (await api(`${dev.url}/_emulator/clock`)).body;
  expect(Number.isFinite(Date.parse(clock.now))).toBe(true);
  const { token } = (await api(`${dev.url}/_emulator/tokens`, { body: {} })).body;
  expect((await api(`${dev.apiUrl}/customers?limit=1`, { token })).status).toBe(200);
}

const property = (args: fc.Arbitrary<string[]>) =>
  fc.assert(
    fc.asyncProperty(args, async (a) => {
      await expectOneLineAtMost(a);
      await expectHealthy();
    }),
    { numRuns: RUNS },
  );

describe('the CLI under hostile values', () => {
  it('clock advance <duration>', () => property(duration.map((d) => ['clock', 'advance', d])), 120_000);

  it(
    'token --scopes --org --user --app-id --expires-in',
    () =>
      property(
        fc
          .record({ scopes: arg, org: arg, user: arg, 'app-id': arg, 'expires-in': duration }, { requiredKeys: [] })
          .map((flags) => ['token', ...Object.entries(flags).flatMap(([k, v]) => [`--${k}=${v}`])]),
      ),
    120_000,
  );

  it(
    'seed, trigger and deliveries with hostile flags and ids',
    () =>
      property(
        fc.oneof(
          fc.tuple(arg, arg).map(([size, org]) => ['seed', `--size=${size}`, `--org=${org}`]),
          fc.tuple(arg, arg, arg).map(([event, data, org]) => ['trigger', event, `--data=${data}`, `--org=${org}`]),
          fc
            .tuple(arg, arg, arg)
            .map(([n, status, event]) => ['deliveries', `--limit=${n}`, `--status=${status}`, `--event=${event}`]),
          arg.map((id) => ['deliveries', 'show', id]),
          arg.map((id) => ['deliveries', 'replay', id]),
          fc.tuple(arg, arg).map(([name, n]) => ['inbox', name, `--limit=${n}`]),
          arg.map((n) => ['logs', `--limit=${n}`]),
        ),
      ),
    120_000,
  );
});
