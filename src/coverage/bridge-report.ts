// The host page's coverage report of the bridge, cut to the bounds of the route that takes it
// (POST /_emulator/coverage/bridge, docs/limits.md), and the words of what it sees besides the
// surface. DOM-free: the page and mockHost() (src/testing) send it, the tests check it.
import { BRIDGE_RATE, cut } from '../bridge/bridge-budget.js';
import type { MessageLogEntry } from '../bridge/host-intake.js';
import { MAX_COVERAGE_COUNT, MAX_COVERAGE_REPORT_KEYS } from '../common/limits.js';
import type { BridgeReport } from './emulator-coverage.js';

/** The kind of `seen` the contract's warnings are counted under. */
export const BRIDGE_WARNINGS = 'bridge warnings';
/** Under it, the messages dropped over the bridge's rate. */
export const OVER_THE_RATE = `messages over the bridge's rate (${BRIDGE_RATE}), dropped`;

/**
 * A warning as a kind, not an instance: without the value it got, or the size it measured, so that
 * one broken message sent a thousand ways is one key. What a page can still vary (an unknown type's
 * name) comes at most at the bridge's rate, and goes out within the report's bounds.
 */
export function warningWords({ type, warning, over }: MessageLogEntry): string {
  if (over === 'size') return `${cut(type) || 'a message without a type'} over the bridge's size limit`;
  return warning!.replace(/ \(got [^]*\)$/, '');
}

/**
 * The next report within the route's bounds (docs/limits.md), taken out of what is pending: at most
 * MAX_COVERAGE_REPORT_KEYS keys in `hits` and as many in `seen` in all, counts of at most
 * MAX_COVERAGE_COUNT; the rest waits for the next. The bridge's rate lets in 100 messages a second
 * and a report takes 100 warnings twice a second, so what waits cannot grow.
 */
export function nextReport(hits: Map<string, number>, seen: Map<string, Map<string, number>>): BridgeReport | null {
  const report: BridgeReport = { hits: take(hits, MAX_COVERAGE_REPORT_KEYS) };
  let room = MAX_COVERAGE_REPORT_KEYS;
  for (const [kind, items] of seen) {
    if (room === 0) break;
    const part = take(items, room);
    room -= Object.keys(part).length;
    (report.seen ??= {})[kind] = part;
    if (items.size === 0) seen.delete(kind);
  }
  return Object.keys(report.hits).length || report.seen ? report : null;
}

/** Up to `max` keys of `counts`, each at most MAX_COVERAGE_COUNT, taken out: what is over stays. */
function take(counts: Map<string, number>, max: number): Record<string, number> {
  // Prototype-less: a key is the page's words, whatever they say.
  const part: Record<string, number> = Object.create(null);
  for (const [key, count] of counts) {
    if (max-- === 0) break;
    part[key] = Math.min(count, MAX_COVERAGE_COUNT);
    if (count > MAX_COVERAGE_COUNT) counts.set(key, count - MAX_COVERAGE_COUNT);
    else counts.delete(key);
  }
  return part;
}

/** The host page's window property that sends its pending report at once (openHostPage's close). */
export const FLUSH_COVERAGE = '__addonFlushCoverage';
