import { createScopeUsage, type ScopeUsage } from '../audit/scope-report.js';
import { makeCoverageDir } from '../coverage/coverage-dir.js';
import { emulatorCoverage, type EmulatorCoverage } from '../coverage/emulator-coverage.js';
import { createRecorder, type CoverageRecorder } from '../coverage/recorder.js';
import { createParityLog, type ParityLog } from '../parity/parity-log.js';
import type { EmulatorOptions } from './emulator.js';
import type { Config } from './config-part.js';
import type { Storage } from './storage-part.js';

/** What watches the emulator at work, made before the parts they watch. */
export interface Observers {
  /** Where the emulator differs from the platform (docs/parity.md). */
  readonly parity: ParityLog;
  /** The scopes the add-on's calls needed, from the audit log (`addon scopes`). */
  readonly usage: ScopeUsage;
  /** What it met of the platform's surface; null under `coverage: false`. */
  readonly recorder: CoverageRecorder | null;
  readonly coverage: EmulatorCoverage | null;
}

export interface ObserversInput {
  config: Pick<Config, 'registry' | 'settings' | 'timers'>;
  storage: Pick<Storage, 'audit' | 'clock'>;
  options: Pick<EmulatorOptions, 'coverage' | 'strict'>;
}

/** The coverage dir is made now, so that one that cannot be made stops the start, not the close. */
export async function startObservers({ config, storage, options }: ObserversInput): Promise<Observers> {
  const { registry, settings, timers } = config;
  const { clock } = storage;
  const parity = createParityLog({ clock, strict: options.strict ?? false });
  const usage = createScopeUsage();
  storage.audit.subscribe(usage.record);
  const recorder =
    options.coverage === false ? null : createRecorder({ registry, declaredScopes: settings.scopes, timers });
  const coverage =
    recorder &&
    emulatorCoverage({
      recorder,
      dir: (options.coverage && options.coverage.dir) || null,
      source: (options.coverage && options.coverage.source) || 'startEmulator',
      appId: settings.appId,
      clock,
    });
  if (coverage?.dir) await makeCoverageDir(coverage.dir);
  return { parity, usage, recorder, coverage };
}
