import type { Clock } from '../common/clock.js';
import type { CoverageSource, Hits, Seen, Surface } from './coverage-file.js';
import type { CoverageRecorder } from './recorder.js';
import { writeCoverageFile } from './write-file.js';

/** What an emulator has met so far: `GET /_emulator/coverage`, a coverage file without its heading. */
export interface CoverageNow {
  surface: Surface;
  hits: Hits;
  seen: Seen;
  appId: string;
  startedAt: string;
  /** Where the file is written when the emulator closes; null: nowhere. */
  dir: string | null;
}

/** The host page's report of what the bridge carried (`POST /_emulator/coverage/bridge`), bounded by its schema. */
export interface BridgeReport {
  hits: Record<string, number>;
  seen?: Record<string, Record<string, number>>;
}

/** An emulator's coverage: what it met so far, the host page's reports, its file when it closes. */
export interface EmulatorCoverage {
  readonly dir: string | null;
  now(): CoverageNow;
  /** Counts a report: an item outside the surface's bridge is seen (`bridge beyond the surface`), not hit. */
  reportBridge(report: BridgeReport): void;
  /** Writes the file when a dir was given; resolves with its path, or null. */
  close(): Promise<string | null>;
}

export const BEYOND_THE_SURFACE = 'bridge beyond the surface';

export function emulatorCoverage({
  recorder,
  dir,
  source,
  appId,
  clock,
}: {
  recorder: CoverageRecorder;
  dir: string | null;
  source: CoverageSource;
  appId: string;
  clock: Clock;
}): EmulatorCoverage {
  const startedAt = clock.nowIso();
  const now = (): CoverageNow => ({
    surface: recorder.surface(),
    hits: recorder.hits(),
    seen: recorder.seen(),
    appId,
    startedAt,
    dir,
  });
  return {
    dir,
    now,
    reportBridge({ hits, seen = {} }) {
      const bridge = new Set(recorder.surface().bridge);
      for (const [item, count] of Object.entries(hits))
        if (bridge.has(item)) recorder.hit('bridge', item, count);
        else recorder.see(BEYOND_THE_SURFACE, item, count);
      for (const [kind, items] of Object.entries(seen))
        for (const [what, count] of Object.entries(items)) recorder.see(kind, what, count);
    },
    async close() {
      recorder.close();
      if (!dir) return null;
      const { dir: _dir, ...record } = now();
      return writeCoverageFile(dir, { source, endedAt: clock.nowIso(), ...record });
    },
  };
}
