import { bridgeItems } from '../bridge/bridge-messages.js';
import type { MessageLogEntry } from '../bridge/host-intake.js';
import { nextReport } from '../coverage/bridge-report.js';
import { CONTROL_PREFIX } from '../control/control-api.js';
import type { Emulator } from '../emulator/create-emulator.js';

/**
 * Tells the emulator's coverage what `mockHost()`'s bridge carried (docs/coverage.md), as the host
 * page reports it: the messages it took and the contexts it sent, by `bridgeItems()`, through the
 * route the page posts to (in-process), in reports within its bounds. An emulator that records no
 * coverage refuses them (409), which is no error of the test's.
 */
export async function reportBridge(emulator: Emulator, entries: readonly MessageLogEntry[]): Promise<void> {
  const itemOf = bridgeItems();
  const hits = new Map<string, number>();
  for (const entry of entries) {
    if (entry.warning !== undefined) continue;
    const item = itemOf(entry);
    if (item !== null) hits.set(item, (hits.get(item) ?? 0) + 1);
  }
  const none = new Map<string, Map<string, number>>();
  for (let report = nextReport(hits, none); report; report = nextReport(hits, none)) {
    const answer = await emulator.inject({ method: 'POST', url: `${CONTROL_PREFIX}/coverage/bridge`, payload: report });
    if (answer.statusCode !== 204) return;
  }
}
