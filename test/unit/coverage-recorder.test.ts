// The recorder's counting and its live event, on timers the test moves: a burst is said once, with
// its totals, when the interval ends, and nothing is said when nothing changed.
import { describe, expect, it } from 'vitest';
import type { Timers } from '../../src/common/clock.js';
import { COVERAGE_SEEN_OTHERS, createRecorder, type ChangedHits } from '../../src/coverage/recorder.js';
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';
import {
  COVERAGE_STREAM_INTERVAL_MS,
  MAX_COVERAGE_SEEN_KEYS,
  MAX_COVERAGE_SEEN_KINDS,
} from '../../src/common/limits.js';

/** Timers that fire only when the test says so. */
function manualTimers() {
  const due: Array<{ callback: () => void; ms: number }> = [];
  const timers: Timers = {
    now: () => 0,
    set: (callback, ms) => due.push({ callback, ms }),
    clear: (handle) => void (due[(handle as number) - 1] = { callback: () => {}, ms: -1 }),
  };
  const fire = () => due.splice(0).forEach(({ callback }) => callback());
  return { timers, due, fire };
}

/** A recorder of the default resources, every scope declared, on timers the test moves (or that never fire). */
const recorderOn = (timers = manualTimers().timers) =>
  createRecorder({ registry: DEFAULT_REGISTRY, declaredScopes: ['*'], timers });

describe('the coverage recorder', () => {
  it('counts items by dimension, and what was seen by kind, in objects without a prototype', () => {
    const recorder = recorderOn();
    recorder.hit('responses', 'GET /customers 2xx');
    recorder.hit('responses', 'GET /customers 2xx', 4);
    recorder.hit('bridge', '__proto__');
    recorder.see('denied scopes', 'invoices.read');
    recorder.see('denied scopes', 'invoices.read', 2);
    const hits = recorder.hits();
    expect(hits.responses['GET /customers 2xx']).toBe(5);
    expect(Object.getPrototypeOf(hits.bridge)).toBeNull();
    expect(Object.keys(hits.bridge)).toEqual(['__proto__']);
    expect(hits.bridge['__proto__']).toBe(1);
    expect({ ...hits.events }).toEqual({});
    expect({ ...recorder.seen()['denied scopes'] }).toEqual({ 'invoices.read': 3 });
  });

  it("writes what is seen as words a report can show: the add-on's bidi override or zero-width space as its escape", () => {
    const recorder = recorderOn();
    recorder.see('bridge warnings', 'service:notify: level "\u202eofni"\u200b');
    recorder.see('kind\u2028', 'thing');
    expect(recorder.seen()).toEqual({
      'bridge warnings': { 'service:notify: level "\\u202eofni"\\u200b': 1 },
      'kind\\u2028': { thing: 1 },
    });
  });

  it('keeps what is seen bounded over a run, counting the rest together', () => {
    // A page that names a new warning in each report, and invents kinds.
    const recorder = recorderOn();
    for (let i = 0; i < MAX_COVERAGE_SEEN_KEYS + 500; i++) recorder.see('bridge warnings', `warning ${i}`, 2);
    for (let i = 0; i < MAX_COVERAGE_SEEN_KINDS + 50; i++) recorder.see(`kind ${i}`, 'thing');
    recorder.see('bridge warnings', 'warning 0');
    const seen = recorder.seen();
    const warnings = seen['bridge warnings'];
    expect(Object.keys(warnings)).toHaveLength(MAX_COVERAGE_SEEN_KEYS + 1);
    expect(warnings['warning 0']).toBe(3);
    expect(warnings[COVERAGE_SEEN_OTHERS]).toBe(1000);
    expect(Object.keys(seen)).toHaveLength(MAX_COVERAGE_SEEN_KINDS + 1);
    // The kinds kept are the first; the 51 past the bound are counted under one.
    expect(seen[COVERAGE_SEEN_OTHERS]).toEqual({ thing: 51 });
  });

  it('says what changed once an interval, with the totals, and nothing when nothing did', () => {
    const { timers, due, fire } = manualTimers();
    const recorder = recorderOn(timers);
    const said: ChangedHits[] = [];
    recorder.hit('time', 'clock advanced');
    // Before anyone listens, nothing is kept for the stream.
    expect(due).toHaveLength(0);
    recorder.onChange((changed) => said.push(changed));
    recorder.hit('operations', 'GET /customers');
    recorder.hit('operations', 'GET /customers');
    recorder.hit('time', 'clock advanced');
    expect(due.map(({ ms }) => ms)).toEqual([COVERAGE_STREAM_INTERVAL_MS]);
    expect(said).toEqual([]);
    fire();
    expect(said).toEqual([{ operations: { 'GET /customers': 2 }, time: { 'clock advanced': 2 } }]);
    fire();
    expect(due).toHaveLength(0);
    expect(said).toHaveLength(1);
    recorder.hit('bridge', 'service:ready');
    recorder.close();
    fire();
    expect(said).toHaveLength(1);
  });
});
