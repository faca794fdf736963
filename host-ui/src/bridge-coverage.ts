// What the bridge carried, told to the emulator's coverage (docs/coverage.md): only this page sees
// the bridge, so it counts each message it took from the add-on and each context it sent, with the
// contract's warnings, and reports them in batches (POST /_emulator/coverage/bridge). The emulator,
// which holds the surface, decides what is covered: a notify of `info` is counted beside it.
import { cut } from '../../src/bridge/bridge-budget.js';
import { bridgeItems } from '../../src/bridge/bridge-messages.js';
import { BRIDGE_WARNINGS, nextReport, OVER_THE_RATE, warningWords } from '../../src/coverage/bridge-report.js';
import { COVERAGE_REPORT_INTERVAL_MS, MAX_COVERAGE_KEY_CHARS } from '../../src/common/limits.js';
import type { MessageLogEntry } from './bridge';
import type { BridgeReport } from './types';

export interface BridgeCoverage {
  /** An entry of the bridge's log: a message taken or refused, a message sent. */
  note(entry: MessageLogEntry): void;
  /** A message dropped over the bridge's rate (its log has one entry for a whole flood). */
  dropped(): void;
  /**
   * Sends what is counted now, resolving once the emulator has it: `openHostPage().close()` calls it
   * before it closes the page, so an emulator closed right after still counts the page's last messages.
   */
  flush(): Promise<void>;
}

/**
 * `send` posts one report; it resolves false when the emulator will take none (it records no
 * coverage), and the page then stops counting. `keepalive`: the page is going away.
 */
export function reportBridgeCoverage(
  send: (report: BridgeReport, keepalive: boolean) => Promise<boolean>,
): BridgeCoverage {
  const hits = new Map<string, number>();
  const seen = new Map<string, Map<string, number>>();
  const itemOf = bridgeItems();
  let timer: number | null = null;
  let off = false;
  /** The last report sent by the timer, which `flush` lets arrive first. */
  let inFlight: Promise<void> = Promise.resolve();

  const count = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const hit = (item: string) => {
    count(hits, item);
    schedule();
  };
  const see = (kind: string, what: string) => {
    let items = seen.get(kind);
    if (!items) seen.set(kind, (items = new Map()));
    count(items, cut(what, MAX_COVERAGE_KEY_CHARS));
    schedule();
  };

  // Real time, by nature: it spaces the page's requests, which are made in real time. A timer is
  // set only when none is pending, and again only by the report it fires, so two reports are never
  // nearer than the interval, whatever a flood does.
  const schedule = () => {
    if (!off) timer ??= window.setTimeout(flush, COVERAGE_REPORT_INTERVAL_MS);
  };
  const flush = () => {
    timer = null;
    const report = nextReport(hits, seen);
    if (!report) return;
    inFlight = send(report, false).then((taken) => {
      if (!taken) stop();
    });
    if (hits.size || seen.size) schedule();
  };
  const stop = () => {
    off = true;
    hits.clear();
    seen.clear();
  };

  // What is left goes as the page does; one report, so the browser's keepalive budget holds it.
  window.addEventListener('pagehide', () => {
    if (timer !== null) window.clearTimeout(timer);
    timer = null;
    const report = nextReport(hits, seen);
    if (report && !off) void send(report, true);
  });

  return {
    note(entry) {
      if (off || entry.over === 'rate') return;
      if (entry.warning !== undefined) return see(BRIDGE_WARNINGS, warningWords(entry));
      const item = itemOf(entry);
      if (item !== null) hit(item);
    },
    dropped() {
      if (!off) see(BRIDGE_WARNINGS, OVER_THE_RATE);
    },
    async flush() {
      if (timer !== null) window.clearTimeout(timer);
      timer = null;
      await inFlight;
      for (let report = nextReport(hits, seen); report && !off; report = nextReport(hits, seen))
        if (!(await send(report, false))) stop();
    },
  };
}
