import { cut } from '../bridge/bridge-budget.js';
import { bridgeItems } from '../bridge/bridge-messages.js';
import type { MessageLogEntry } from '../bridge/host-intake.js';
import { BRIDGE_WARNINGS, nextReport, OVER_THE_RATE, warningWords } from '../coverage/bridge-report.js';
import { CONTROL_PREFIX } from '../control/control-api.js';
import type { Emulator } from '../emulator/create-emulator.js';
import { MAX_COVERAGE_KEY_CHARS } from '../common/limits.js';

/** What `mockHost()`'s bridge carried, counted as it goes (a count a key, however long the test). */
export interface BridgeCoverage {
  /** An entry of the host's log: a message taken or refused, a message sent. */
  note(entry: MessageLogEntry): void;
  /** A message dropped over the bridge's rate (its log has one entry for a whole flood). */
  dropped(): void;
  /**
   * Tells the emulator's coverage (docs/coverage.md), as the host page reports it: through the route
   * the page posts to (in-process), in reports within its bounds. An emulator that records no
   * coverage refuses them (409), which is no error of the test's.
   */
  report(emulator: Emulator): Promise<void>;
}

/**
 * As the host page counts (host-ui/src/bridge-coverage.ts): the messages it took and the contexts it
 * sent by `bridgeItems()`, the contract's warnings and what it dropped over the rate in their words.
 */
export function bridgeCoverage(): BridgeCoverage {
  const itemOf = bridgeItems();
  const hits = new Map<string, number>();
  const warnings = new Map<string, number>();
  const count = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  return {
    note(entry) {
      if (entry.over === 'rate') return;
      if (entry.warning !== undefined) return void count(warnings, cut(warningWords(entry), MAX_COVERAGE_KEY_CHARS));
      const item = itemOf(entry);
      if (item !== null) count(hits, item);
    },
    dropped: () => void count(warnings, OVER_THE_RATE),
    async report(emulator) {
      const seen = new Map([[BRIDGE_WARNINGS, warnings]]);
      for (let report = nextReport(hits, seen); report; report = nextReport(hits, seen)) {
        const answer = await emulator.inject({
          method: 'POST',
          url: `${CONTROL_PREFIX}/coverage/bridge`,
          payload: report,
        });
        if (answer.statusCode !== 204) return;
      }
    },
  };
}
