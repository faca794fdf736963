// The bridge's limits, DOM-free (src/bridge): the length of a message's JSON text found by a walk that
// stops at the limit, the token bucket of the rate, the ring every message log is, and the budget
// that applies them in the host page (docs/limits.md#the-bridge).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bridgeBudget, cut } from '../../src/bridge/bridge-budget.js';
import { jsonLength } from '../../src/bridge/json-length.js';
import { createRing } from '../../src/common/ring.js';
import { tokenBucket } from '../../src/bridge/token-bucket.js';
import {
  BRIDGE_BURST,
  BRIDGE_PER_SECOND,
  MAX_BRIDGE_MESSAGE_CHARS,
  MAX_JSON_DEPTH,
  MAX_SHOWN_CHARS,
} from '../../src/common/limits.js';

const bounds = { limit: 1000, maxDepth: MAX_JSON_DEPTH };

describe('jsonLength', () => {
  it('is the length JSON.stringify writes, for every kind of value a structured clone delivers', () => {
    const values: unknown[] = [
      { type: 'service:notify', payload: { message: 'Saved "it"\n\u0001 ☃ 😀', level: 'success' } },
      [1, -0.5, 1e21, Number.NaN, Number.POSITIVE_INFINITY, true, false, null, undefined, , 'x'],
      { a: undefined, b: 1, c: undefined },
      { a: undefined },
      { d: new Date(86_400_000), invalid: new Date(Number.NaN), nested: [[{}], []] },
      { map: new Map([[1, 2]]), set: new Set([1]), buffer: new ArrayBuffer(8), view: new DataView(new ArrayBuffer(4)) },
      { typed: new Uint8Array([1, 22, 255]), floats: new Float64Array([1.5, -2]) },
      Object.assign([1, 2], { extra: 'left out' }),
      new String('boxed'),
      { n: new Number(3), b: new Boolean(false) },
      'a string alone',
      42,
      null,
    ];
    for (const value of values)
      expect(jsonLength(value, bounds), JSON.stringify(value)).toEqual({
        over: false,
        length: JSON.stringify(value).length,
      });
    expect(jsonLength(undefined, bounds)).toEqual({ over: false, length: 0 });
  });

  it('agrees with JSON.stringify on any value a structured clone delivers, at a limit of exactly its length or one less', () => {
    const values = fc.anything({
      maxDepth: 4,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
    });
    fc.assert(
      fc.property(values, (value) => {
        const delivered: unknown = structuredClone(value);
        const length = JSON.stringify(delivered)?.length ?? 0;
        expect(jsonLength(delivered, { limit: length, maxDepth: MAX_JSON_DEPTH })).toEqual({ over: false, length });
        if (length > 0)
          expect(jsonLength(delivered, { limit: length - 1, maxDepth: MAX_JSON_DEPTH }).over).toBe('size');
      }),
      { numRuns: 2000 },
    );
  });

  it('takes a message exactly at the limit, and one character more is over', () => {
    const at = (n: number) => ({ type: 'service:notify', payload: { message: 'x'.repeat(n) } });
    const frame = JSON.stringify(at(0)).length;
    expect(jsonLength(at(bounds.limit - frame), bounds)).toEqual({ over: false, length: bounds.limit });
    expect(jsonLength(at(bounds.limit - frame + 1), bounds).over).toBe('size');
  });

  it('says a huge word is over from its length, without copying it', () => {
    const word = 'x'.repeat(8 * 1024 * 1024);
    const measured = jsonLength({ type: 'service:notify', payload: { message: word } }, bounds);
    expect(measured.over).toBe('size');
    // A lower bound: the word and what came before it, and no more is walked.
    expect(measured.length).toBeGreaterThanOrEqual(word.length + 2);
    expect(measured.length).toBeLessThan(word.length + 100);
  });

  it('stops at the limit in a value whose JSON would be huge, however it is built', () => {
    // A billion holes, 100,000 keys, a typed array of millions, a value shared 2^40 times over.
    const shared = Array.from({ length: 40 }).reduce<unknown>((inner) => [inner, inner], 'x');
    const many: Record<string, number> = {};
    for (let i = 0; i < 100_000; i++) many[`k${i}`] = i;
    for (const value of [new Array(1e9), many, new Uint8Array(16 * 1024 * 1024), shared]) {
      const measured = jsonLength(value, bounds);
      expect(measured.over).toBe('size');
      expect(measured.length).toBeGreaterThan(bounds.limit);
    }
  });

  it('calls a value nested deeper than the limit, or cyclic, over without overflowing its stack', () => {
    const deep = (n: number) => Array.from({ length: n }).reduce<unknown>((inner) => [inner], 1);
    expect(jsonLength(deep(MAX_JSON_DEPTH), bounds)).toEqual({ over: false, length: 2 * MAX_JSON_DEPTH + 1 });
    expect(jsonLength(deep(MAX_JSON_DEPTH + 1), bounds).over).toBe('depth');
    expect(jsonLength(deep(100_000), { limit: 1e9, maxDepth: MAX_JSON_DEPTH }).over).toBe('depth');
    // A cycle is endless JSON: over the depth, or the size if that comes first.
    const cyclic: Record<string, unknown> = { type: 'service:notify' };
    cyclic.payload = { back: cyclic };
    expect(jsonLength(cyclic, { limit: 1e9, maxDepth: MAX_JSON_DEPTH }).over).toBe('depth');
    expect(jsonLength(cyclic, bounds).over).toBe('size');
  });
});

describe('tokenBucket', () => {
  it('lets a burst through, then one message per refilled token, in real milliseconds', () => {
    const bucket = tokenBucket({ burst: 3, perSecond: 10 });
    expect([0, 0, 0, 0].map(() => bucket.take(1000))).toEqual([true, true, true, false]);
    // A token every 100 ms.
    expect(bucket.take(1099)).toBe(false);
    expect(bucket.take(1100)).toBe(true);
    expect(bucket.full(1300)).toBe(false);
    expect(bucket.full(1400)).toBe(true);
    // Full is full: a long silence is no bigger a burst.
    expect([0, 0, 0, 0].map(() => bucket.take(60_000))).toEqual([true, true, true, false]);
  });

  it('takes a clock that went back as no time passed', () => {
    const bucket = tokenBucket({ burst: 1, perSecond: 1 });
    expect(bucket.take(5000)).toBe(true);
    expect(bucket.take(1000)).toBe(false);
    expect(bucket.take(2000)).toBe(true);
  });
});

describe('createRing', () => {
  it('keeps the newest, counts what went, and finds what came after an index it no longer holds', () => {
    const ring = createRing<number>(3);
    expect([ring.items(), ring.total, ring.dropped]).toEqual([[], 0, 0]);
    for (let i = 0; i < 3; i++) ring.push(i);
    expect([ring.items(), ring.total, ring.dropped]).toEqual([[0, 1, 2], 3, 0]);
    for (let i = 3; i < 8; i++) ring.push(i);
    expect([ring.items(), ring.total, ring.dropped]).toEqual([[5, 6, 7], 8, 5]);
    expect(ring.since(6)).toEqual([6, 7]);
    expect(ring.since(1)).toEqual([5, 6, 7]);
    expect(ring.since(8)).toEqual([]);
  });
});

describe('bridgeBudget', () => {
  const notify = (message: string) => ({ type: 'service:notify', payload: { message, level: 'success' } });

  it('refuses a message over the size, saying its type and size, and takes the next', () => {
    const budget = bridgeBudget(() => 0);
    const refused = budget.admit(notify('x'.repeat(4 * 1024 * 1024)));
    expect(refused).toEqual({ ok: false, over: 'size', warning: expect.any(String) });
    expect(refused.ok || refused.over !== 'size' || refused.warning).toMatch(
      /^service:notify of 4,194,\d{3} characters or more is over the bridge's size limit of 65,536 characters of JSON$/,
    );
    expect(budget.admit(notify('x'.repeat(MAX_BRIDGE_MESSAGE_CHARS - 100)))).toEqual({ ok: true });
    const cyclic: Record<string, unknown> = { type: 'service:resize' };
    cyclic.payload = cyclic;
    expect(budget.admit(cyclic)).toMatchObject({
      over: 'size',
      warning: expect.stringMatching(/^service:resize nests deeper/),
    });
    // A type is shown cut too.
    const typed = budget.admit({ type: 'y'.repeat(100_000) });
    expect(typed.ok || typed.over !== 'size' || typed.warning.length).toBeLessThan(MAX_SHOWN_CHARS + 100);
  });

  it('drops what comes over the rate, marking the first of each flood, until the bucket is full again', () => {
    let now = 0;
    const budget = bridgeBudget(() => now);
    const admitted = Array.from({ length: BRIDGE_BURST + 3 }, () => budget.admit(notify('hi')));
    expect(admitted.slice(0, BRIDGE_BURST).every((a) => a.ok)).toBe(true);
    expect(admitted.slice(BRIDGE_BURST)).toEqual([
      { ok: false, over: 'rate', floodStarts: true },
      { ok: false, over: 'rate', floodStarts: false },
      { ok: false, over: 'rate', floodStarts: false },
    ]);
    // A token later, one passes; the flood goes on until the bucket has refilled whole.
    now += 1000 / BRIDGE_PER_SECOND;
    expect(budget.admit(notify('hi'))).toEqual({ ok: true });
    expect(budget.admit(notify('hi'))).toEqual({ ok: false, over: 'rate', floodStarts: false });
    now += (1000 * BRIDGE_BURST) / BRIDGE_PER_SECOND;
    expect(budget.admit(notify('hi'))).toEqual({ ok: true });
    for (let i = 1; i < BRIDGE_BURST; i++) budget.admit(notify('hi'));
    expect(budget.admit(notify('hi'))).toEqual({ ok: false, over: 'rate', floodStarts: true });
  });

  it('cuts a text to what is shown, with an ellipsis', () => {
    expect(cut('short')).toBe('short');
    expect(cut('x'.repeat(MAX_SHOWN_CHARS))).toBe('x'.repeat(MAX_SHOWN_CHARS));
    expect(cut('x'.repeat(4_000_000))).toBe(`${'x'.repeat(MAX_SHOWN_CHARS - 1)}…`);
  });
});
