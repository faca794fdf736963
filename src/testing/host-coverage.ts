import { bridgeItems } from '../bridge/bridge-messages.js';
import { CONTROL_PREFIX } from '../control/control-api.js';
import { DIMENSIONS, type Surface } from '../coverage/coverage-file.js';
import { BEYOND_THE_SURFACE, type CoverageNow } from '../coverage/emulator-coverage.js';
import { writeCoverageFile } from '../coverage/write-file.js';
import type { HostEntry } from './host-log.js';

/** What `openHostPage` counts of the bridge for a coverage file of its own, and writes when its page closes. */
export interface HostCoverage {
  count(entries: HostEntry[]): void;
  /** Writes the file, once however often it is called. */
  close(): Promise<void>;
}

/**
 * With `ADDON_COVERAGE_DIR` set, and an emulator that records to no directory (a harness or an
 * `addon dev` started without one), the page's bridge traffic would be counted nowhere: `openHostPage`
 * then writes a file of its own there (source `openHostPage`), of the bridge alone, measured against
 * the emulator's bridge items. Null otherwise: no directory, or the emulator writes one (or records
 * nothing, `coverage: false`).
 */
export async function hostCoverage(base: string): Promise<HostCoverage | null> {
  const dir = process.env.ADDON_COVERAGE_DIR;
  if (!dir) return null;
  const answer = await fetch(`${base}${CONTROL_PREFIX}/coverage`);
  if (!answer.ok) return null;
  const now = (await answer.json()) as CoverageNow;
  if (now.dir !== null) return null;
  const startedAt = await emulatedNow(base, now.startedAt);
  const bridge = new Set(now.surface.bridge);
  const hits = new Map<string, number>();
  const beyond = new Map<string, number>();
  const itemOf = bridgeItems();
  let written: Promise<void> | null = null;
  const hit = (item: string) => {
    const counts = bridge.has(item) ? hits : beyond;
    counts.set(item, (counts.get(item) ?? 0) + 1);
  };
  return {
    count(entries) {
      for (const entry of entries) {
        if (entry.kind !== 'message' || entry.warning !== null) continue;
        const item = itemOf(entry);
        if (item !== null) hit(item);
      }
    },
    close: () => (written ??= write()),
  };

  async function write(): Promise<void> {
    // The emulator may have closed first: the file then ends when it began.
    const endedAt = await emulatedNow(base, startedAt);
    const surface = Object.fromEntries(DIMENSIONS.map((d) => [d, d === 'bridge' ? [...bridge] : []])) as Surface;
    const none = Object.fromEntries(DIMENSIONS.map((d) => [d, {}]));
    await writeCoverageFile(dir!, {
      source: 'openHostPage',
      appId: now.appId,
      startedAt,
      endedAt,
      surface,
      hits: { ...none, bridge: Object.fromEntries(hits) } as CoverageNow['hits'],
      seen: beyond.size ? { [BEYOND_THE_SURFACE]: Object.fromEntries(beyond) } : {},
    });
  }
}

/** The emulated time now, or `otherwise` when the emulator no longer answers. */
const emulatedNow = (base: string, otherwise: string): Promise<string> =>
  fetch(`${base}${CONTROL_PREFIX}/clock`)
    .then(async (clock) => ((await clock.json()) as { now: string }).now)
    .catch(() => otherwise);
