import type { Clock } from '../common/clock.js';
import { createListeners } from '../common/listeners.js';
import { PARITY_KINDS, type ParityKindId } from './parity-kinds.js';

/** One kind of leniency the add-on leaned on: said once, then counted. */
export interface ParityWarning {
  kind: ParityKindId;
  message: string;
  /** What the platform does instead. */
  platform: string;
  /** What `--strict` would do. */
  strict: string;
  /** Emulated time of the first time. */
  at: string;
  /** How many times since. */
  count: number;
}

export interface ParityLog {
  /** Whether the emulator refuses as the platform would (`--strict`) instead of warning. */
  readonly strict: boolean;
  /** Notes one occurrence; listeners hear of the first of each kind only. */
  note(kind: ParityKindId, detail: string): void;
  list(): ParityWarning[];
  onWarning(listener: (warning: ParityWarning) => void): () => void;
}

export function createParityLog({ clock, strict }: { clock: Clock; strict: boolean }): ParityLog {
  const warnings = new Map<ParityKindId, ParityWarning>();
  const listeners = createListeners<ParityWarning>();
  return {
    strict,
    note(kind, detail) {
      const seen = warnings.get(kind);
      if (seen) return void seen.count++;
      const { message, platform, strict: refusal } = PARITY_KINDS[kind];
      const warning = { kind, message: message(detail), platform, strict: refusal, at: clock.nowIso(), count: 1 };
      warnings.set(kind, warning);
      listeners.emit(warning);
    },
    list: () => [...warnings.values()].map((warning) => ({ ...warning })),
    onWarning: (listener) => listeners.on(listener),
  };
}
