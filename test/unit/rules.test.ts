import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/auth/rate-limit.js';
import { covers } from '../../src/auth/scopes.js';
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';

const { parse: parseScopes } = DEFAULT_REGISTRY.scopes;
import { createClock } from '../../src/common/clock.js';
import { parseDuration } from '../../src/common/duration.js';
import { mergePatch } from '../../src/domain/merge-patch.js';
import { resolveSettings } from '../../src/installations/settings.js';

describe('the emulated clock', () => {
  it('adds an offset to its source and only moves forward', () => {
    let real = 1000;
    const clock = createClock({ source: () => real, offsetMs: 500 });
    expect(clock.now()).toBe(1500);
    clock.advance(60_000);
    real = 2000;
    expect(clock.now()).toBe(62_500);
    expect(clock.offsetMs).toBe(60_500);
    expect(() => clock.advance(-1)).toThrow(/forward/);
  });
});

describe('durations', () => {
  it.each([
    ['90s', 90_000],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['1h30m', 5_400_000],
    ['61m', 3_660_000],
    ['2d', 172_800_000],
    ['250ms', 250],
    ['1.5h', 5_400_000],
    ['36500d', 36_500 * 86_400_000],
  ])('%s is %i ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', 'soon', '5 minutes', '-5m', '5x', 'm5'])('rejects %j with a usage hint', (text) => {
    expect(() => parseDuration(text)).toThrow(/use forms like 90s, 5m, 1h/);
  });

  // One rule wherever a duration is read (the CLI, the control API's clock advance, fault delays,
  // scenarios): a bare number has no unit to guess, and no time at all is a slip.
  it.each([
    ['30', 'duration "30" has no unit: write 30s, 30m, 30h or 30d'],
    ['1.5', 'duration "1.5" has no unit: write 1.5s, 1.5m, 1.5h or 1.5d'],
    ['0', 'duration "0" must be at least 1ms'],
    ['0s', 'duration "0s" must be at least 1ms'],
    ['0h0m', 'duration "0h0m" must be at least 1ms'],
    ['0.4ms', 'duration "0.4ms" must be at least 1ms'],
    ['36501d', 'duration "36501d" is longer than 100 years (36500d)'],
  ])('refuses %j', (text, message) => expect(() => parseDuration(text)).toThrow(message));
});

describe('scopes', () => {
  it('matches exact scopes and both wildcards (spec 5.2)', () => {
    expect(covers(['customers.read'], 'customers.read')).toBe(true);
    expect(covers(['customers.read'], 'customers.write')).toBe(false);
    expect(covers(['customers.*'], 'customers.delete')).toBe(true);
    expect(covers(['customers.*'], 'invoices.read')).toBe(false);
    expect(covers(['*'], 'storage.write')).toBe(true);
    expect(covers([], 'customers.read')).toBe(false);
  });

  it('parses comma- and space-separated lists and flags unknown entries', () => {
    expect(parseScopes('customers.read, invoices.* *')).toEqual({
      scopes: ['customers.read', 'invoices.*', '*'],
      unknown: [],
    });
    expect(parseScopes('customers.rread users.read').unknown).toEqual(['customers.rread', 'users.read']);
  });
});

describe('rate limit', () => {
  it('opens a fixed window on the first call and resets it on the emulated clock', () => {
    const clock = createClock({ source: () => 1_800_000_000_000 });
    const limiter = createRateLimiter({ limit: 2, clock });
    expect(limiter.hit('a')).toEqual({ allowed: true, limit: 2, remaining: 1, reset: 1_800_003_600 });
    expect(limiter.hit('a').remaining).toBe(0);
    expect(limiter.hit('b').allowed).toBe(true);
    clock.advance(600_000);
    expect(limiter.hit('a')).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      reset: 1_800_003_600,
      retryAfter: 3000,
    });
    clock.advance(3_000_000);
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 1, reset: 1_800_007_200 });
  });
});

describe('JSON merge patch', () => {
  it('merges objects, removes nulls and replaces arrays (RFC 7396)', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 }, e: [1] }, { b: { c: null, x: 1 }, e: [2], f: 'y' })).toEqual({
      a: 1,
      b: { d: 3, x: 1 },
      e: [2],
      f: 'y',
    });
  });

  it('treats __proto__ as a plain key', () => {
    const result = mergePatch({}, JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(['__proto__']);
  });
});

describe('settings', () => {
  it('defaults let a new user call every endpoint', () => {
    expect(resolveSettings()).toMatchObject({
      scopes: ['*'],
      grantedScopes: ['*'],
      rateLimit: 1000,
      orgId: 'org_demo',
    });
  });

  it('grants the declared scopes unless told otherwise, and only a subset of them', () => {
    expect(resolveSettings({ scopes: ['customers.*'] }).grantedScopes).toEqual(['customers.*']);
    expect(resolveSettings({ scopes: ['customers.*'], grantedScopes: ['customers.read'] }).grantedScopes).toEqual([
      'customers.read',
    ]);
    expect(() => resolveSettings({ scopes: ['customers.read'], grantedScopes: ['customers.*'] })).toThrow(
      /not among the declared/,
    );
    expect(() => resolveSettings({ scopes: ['customers.*'], grantedScopes: ['*'] })).toThrow(/not among the declared/);
  });

  it('rejects a bad app id, org id, scope or rate limit with a one-line reason', () => {
    expect(() => resolveSettings({ appId: 'myaddon' })).toThrow(/reverse-domain/);
    expect(() => resolveSettings({ orgId: 'org a' })).toThrow(/orgId/);
    expect(() => resolveSettings({ scopes: ['customer.read'] })).toThrow(/unknown declared scope customer.read/);
    expect(() => resolveSettings({ rateLimit: 0 })).toThrow(/rate limit/);
    expect(() => resolveSettings({ addonUrl: 'ftp://x' })).toThrow(/http/);
  });
});
