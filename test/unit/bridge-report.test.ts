// The host page's coverage report (src/coverage/bridge-report.ts) kept within the route's bounds:
// what is over a report waits for the next, none is lost, and each report would be taken whole.
import { describe, expect, it } from 'vitest';
import { nextReport } from '../../src/coverage/bridge-report.js';
import { MAX_COVERAGE_COUNT, MAX_COVERAGE_REPORT_KEYS } from '../../src/common/limits.js';

const keysOf = (counts: Record<string, number> | undefined) => Object.keys(counts ?? {}).length;

describe('nextReport', () => {
  it('takes at most 100 keys of hits and 100 of seen in all, leaving the rest for the next report', () => {
    const hits = new Map(Array.from({ length: 130 }, (_, i) => [`item ${i}`, 1] as [string, number]));
    const seen = new Map([
      ['bridge warnings', new Map(Array.from({ length: 80 }, (_, i) => [`warning ${i}`, 2] as [string, number]))],
      ['other', new Map(Array.from({ length: 70 }, (_, i) => [`other ${i}`, 3] as [string, number]))],
    ]);
    const first = nextReport(hits, seen)!;
    expect(keysOf(first.hits)).toBe(MAX_COVERAGE_REPORT_KEYS);
    expect(keysOf(first.seen!['bridge warnings']) + keysOf(first.seen!.other)).toBe(MAX_COVERAGE_REPORT_KEYS);
    const second = nextReport(hits, seen)!;
    expect(keysOf(second.hits)).toBe(30);
    expect(keysOf(second.seen!.other)).toBe(50);
    expect(second.seen!['bridge warnings']).toBeUndefined();
    expect(nextReport(hits, seen)).toBeNull();
    // Every count once, as given.
    const sum = (...reports: Array<Record<string, number> | undefined>) =>
      reports.reduce((total, counts) => total + Object.values(counts ?? {}).reduce((a, b) => a + b, 0), 0);
    expect(sum(first.hits, second.hits)).toBe(130);
    expect(sum(first.seen!['bridge warnings'], second.seen!['bridge warnings'])).toBe(160);
    expect(sum(first.seen!.other, second.seen!.other)).toBe(210);
  });

  it('sends a count over the bound in parts of at most 1,000,000', () => {
    const hits = new Map([['service:resize', 2_500_000]]);
    const parts: number[] = [];
    for (let report = nextReport(hits, new Map()); report; report = nextReport(hits, new Map()))
      parts.push(report.hits['service:resize']!);
    expect(parts).toEqual([MAX_COVERAGE_COUNT, MAX_COVERAGE_COUNT, 500_000]);
  });

  it('has nothing to send when nothing is pending', () => {
    expect(nextReport(new Map(), new Map())).toBeNull();
  });
});
