import type { Domain } from '../domain/domain.js';
import type { TimeRules } from '../domain/time-rules.js';
import type { Webhooks } from '../webhooks/webhooks.js';
import type { Emulator } from './emulator.js';

/**
 * What an emulator is made of behind its public face, for the kit's own tests that reach past the
 * API (a record changed without an event, a delivery logged by hand, a domain call made to fail).
 * Neither src/index.ts nor src/testing re-exports this module, so no package user comes to lean on it.
 */
export interface EmulatorInternals {
  /** The domain that fires events: a change made through it is delivered like a REST write's. */
  readonly domain: Domain;
  readonly webhooks: Webhooks;
  /**
   * The resources' time rules (an unpaid invoice becomes overdue): `sweep()` applies what is due on the
   * emulated clock now, and is what to call after replacing the store's records wholesale; `idle()`.
   */
  readonly timeRules: Pick<TimeRules, 'sweep' | 'idle'>;
}

// Held beside the emulator, not on it: the public object carries no internal member to reach for.
const kept = new WeakMap<Emulator, EmulatorInternals>();

/** Called once by createEmulator, for the emulator it made. */
export function keepInternals(emulator: Emulator, internals: EmulatorInternals): void {
  kept.set(emulator, internals);
}

/** The internals of an emulator made by createEmulator. */
export function internalsOf(emulator: Emulator): EmulatorInternals {
  const internals = kept.get(emulator);
  if (!internals) throw new Error('internalsOf: not an emulator made by createEmulator');
  return internals;
}
