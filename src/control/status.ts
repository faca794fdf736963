import type { ClockState } from '../common/clock.js';
import type { EmulatorSettings } from '../installations/settings.js';

// Types only: the host page imports them too, so the two cannot drift apart.

/**
 * `GET /_emulator/status`: what is emulated, and where and how the emulator runs; `grantedScopes` is
 * the grant in force in the emulated organization (docs/installations.md).
 */
export interface EmulatorStatus extends EmulatorSettings {
  url: string;
  /** Where the host page is opened: on a site other than the add-on's (emulator/host-page-origin.ts). */
  hostPageUrl: string;
  apiUrl: string;
  dataDir: string | null;
  ephemeral: boolean;
  webhookTimeoutMs: number;
  clock: ClockState;
  /** The business resources the API serves, in order (the host page's data browser lists them). */
  resources: string[];
  /** The seed of the fault rules' random source: pass it as `--fault-seed` to repeat a run. */
  faultSeed: number;
  /** The state file the world started from (`--import`), which `reset` goes back to; null for none. */
  importedFrom: string | null;
  /** `--strict`: what the platform would refuse is refused, instead of served with a warning (docs/parity.md). */
  strict: boolean;
}
