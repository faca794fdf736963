import { join } from 'node:path';
import { createClock, isValidOffset, type Clock, type ClockState } from '../common/clock.js';
import { UserError } from '../common/errors.js';
import { createListeners } from '../common/listeners.js';
import type { Store, Tables } from '../store/store.js';

/**
 * The emulated clock with its offset kept in the store, so emulated time never runs backwards on a
 * restart: the one place that reads and writes the saved offset.
 */
export interface PersistedClock {
  readonly clock: Clock;
  state(): ClockState;
  /** Moves the clock forward, saves the offset and tells the listeners. */
  advance(ms: number): Promise<ClockState>;
  /** Takes the offset the store now holds (a restored world brought its own) and tells the listeners. */
  reload(): ClockState;
  onChange(listener: (state: ClockState) => void): () => void;
}

const KEY = ['emulator', '_', 'clock'] as const;
/** The store's collection the clock is kept in. */
export const CLOCK_COLLECTION = KEY[0];

/** The offset a set of tables holds (a saved world's clock), 0 when none. */
export const offsetIn = (tables: Tables): number =>
  (tables.get(KEY[0])?.get(KEY[1])?.get(KEY[2])?.offsetMs as number) ?? 0;

/** Puts `offsetMs` into a set of tables, where the store keeps the clock. */
export function putOffset(tables: Tables, offsetMs: number): void {
  let byScope = tables.get(KEY[0]);
  if (!byScope) tables.set(KEY[0], (byScope = new Map()));
  let docs = byScope.get(KEY[1]);
  if (!docs) byScope.set(KEY[1], (docs = new Map()));
  docs.set(KEY[2], { _id: KEY[2], offsetMs });
}

/** `given` replaces the saved clock (tests bring their own); its moves are saved all the same. */
export function openPersistedClock(store: Store, dataDir: string | null, given?: Clock): PersistedClock {
  const clock = given ?? createClock({ offsetMs: savedOffset(store, dataDir) });
  const listeners = createListeners<ClockState>();
  const state = (): ClockState => ({ now: clock.nowIso(), nowMs: clock.now(), offsetMs: clock.offsetMs });
  const save = async () => void (await store.put(KEY[0], KEY[1], { _id: KEY[2], offsetMs: clock.offsetMs }));
  return {
    clock,
    state,
    async advance(ms) {
      clock.advance(ms);
      await save();
      listeners.emit(state());
      return state();
    },
    reload() {
      clock.setOffset(savedOffset(store, dataDir));
      listeners.emit(state());
      return state();
    },
    onChange: (listener) => listeners.on(listener),
  };
}

/**
 * The offset saved by `addon clock advance`. One out of range (hand-edited, or saved by a kit that
 * did not bound it) would break every token, so the start stops and says how to mend it.
 */
function savedOffset(store: Store, dataDir: string | null): number {
  const saved = store.get(...KEY)?.offsetMs ?? 0;
  if (isValidOffset(saved)) return saved;
  const file = join(dataDir ?? '', 'db.json');
  throw new UserError(
    `the emulated clock saved in ${file} is out of range (offsetMs ${JSON.stringify(saved)}, at most 100 years ahead); ` +
      `remove its "clock" document (under "emulator") from that file to start the clock at real time, or delete ${dataDir} to start afresh`,
  );
}
