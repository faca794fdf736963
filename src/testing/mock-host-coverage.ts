import { bridgeItems } from '../bridge/bridge-messages.js';
import type { MessageLogEntry } from '../bridge/host-intake.js';
import { nextReport } from '../coverage/bridge-report.js';
import { CONTROL_PREFIX } from '../control/control-api.js';
import type { Emulator } from '../emulator/create-emulator.js';

/** What `mockHost()`'s bridge carried, counted as it goes (a count an item, however long the test). */
export interface BridgeCoverage {
  /** An entry of the host's log: a message taken (or refused: not counted), a message sent. */
  note(entry: MessageLogEntry): void;
  /**
   * Tells the emulator's coverage (docs/coverage.md), as the host page reports it: through the route
   * the page posts to (in-process), in reports within its bounds. An emulator that records no
   * coverage refuses them (409), which is no error of the test's.
   */
  report(emulator: Emulator): Promise<void>;
}

/** The messages the host took and the contexts it sent, by `bridgeItems()`, as the host page counts them. */
export function bridgeCoverage(): BridgeCoverage {
  const itemOf = bridgeItems();
  const hits = new Map<string, number>();
  return {
    note(entry) {
      if (entry.warning !== undefined) return;
      const item = itemOf(entry);
      if (item !== null) hits.set(item, (hits.get(item) ?? 0) + 1);
    },
    async report(emulator) {
      const none = new Map<string, Map<string, number>>();
      for (let report = nextReport(hits, none); report; report = nextReport(hits, none)) {
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
