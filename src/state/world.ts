import type { Clock } from '../common/clock.js';
import type { PersistedClock } from './persisted-clock.js';
import type { Registry } from '../domain/resources/registry.js';
import { REVOCATIONS } from '../installations/revocations.js';
import { copyTables } from '../store/document-store.js';
import type { Store, Tables } from '../store/store.js';
import { savedStates, type SavedStateInfo } from './saved-states.js';
import { checkState } from './state-check.js';
import { STATE_FORMAT, STATE_VERSION, summaryOf, type StateFile, type StateSummary } from './state-file.js';
import { historyOf, tablesOf, worldOf, worldOver } from './world-tables.js';

/** A moment of one emulator, whole (history included), to go back to: `checkpoint()` / `rollback()`. */
export interface Checkpoint {
  readonly tables: Tables;
}

export interface WorldDeps {
  store: Store;
  registry: Registry;
  clock: Clock;
  time: PersistedClock;
  dataDir: string | null;
  /**
   * Told of the tables about to become the world, in the turn they do: the installations record the
   * sessions that world ends (a restore to a world without the add-on ends its sessions).
   */
  replacing(tables: Tables): Promise<void>;
  /**
   * What else holds on to the world in memory, told after each replacement: the rate windows, the
   * time rules; with `history`, the delivery log was replaced too (the dispatcher re-reads what is due).
   */
  replaced(history: boolean): Promise<void>;
}

/**
 * What no replacement of the world touches: the sessions that ended stay ended (a token is handed
 * out in the real world, and no world put back takes it back).
 */
const KEPT = [REVOCATIONS];

/**
 * The emulator's world as a whole: saved and restored by name, exported and imported as a file,
 * checkpointed and rolled back, reset.
 */
export interface World {
  /** The world as a state file, history left out. */
  export(): StateFile;
  /** Makes a state file the world, once all of it is checked; history stays. */
  import(input: unknown): Promise<StateSummary>;
  /** Saves the world by name, once any change being journaled is on disk. */
  save(name: string): Promise<SavedStateInfo>;
  restore(name: string): Promise<StateSummary>;
  list(): Promise<SavedStateInfo[]>;
  remove(name: string): Promise<void>;
  /** Makes `input` the world, and the one `reset()` goes back to. */
  startFrom(input: unknown): Promise<StateSummary>;
  checkpoint(): Checkpoint;
  /** Back to a checkpoint, history included. */
  rollback(checkpoint: Checkpoint): Promise<void>;
  /**
   * Back to a checkpoint's world, keeping what happened since: a failed scenario. Deliveries sent
   * and the inbox's arrivals during its run really happened, and are not undone.
   */
  rollbackWorld(checkpoint: Checkpoint): Promise<void>;
  /**
   * Back to the start: the state the emulator started from, or an empty world whose clock keeps its
   * time. History (deliveries, inbox) is dropped either way.
   */
  reset(): Promise<void>;
}

/**
 * Every change of world is one `store.replace`: atomic for concurrent API calls, journaled as one
 * line, so a kill leaves either world, never a mix.
 */
export function createWorld({ store, registry, clock, time, dataDir, replacing, replaced }: WorldDeps): World {
  const resources = registry.resources.map((r) => r.name);
  const saved = savedStates(dataDir);
  /** Where `reset()` goes back to: the state the emulator started from, if any. */
  let start: StateFile | null = null;

  const capture = (): StateFile => worldOf(store.snapshot(), resources, clock.nowIso());

  // The store swaps the world at once (or throws, changing nothing), and the clock follows in the
  // same tick, so no reader sees the new world at the old time. Should the journal fail to take it,
  // the store takes it back, and the clock follows again. The sessions the new world ends are
  // recorded in the same tick, so in the same journal append.
  const replace = async (tables: Tables, history: boolean) => {
    const ending = replacing(tables);
    ending.catch(() => {}); // awaited below, unless the swap throws first
    const swapping = store.replace(tables, KEPT);
    time.reload();
    await replaced(history);
    await Promise.all([ending, swapping]).catch((error: unknown) => {
      time.reload();
      throw error;
    });
  };

  /** A checked file becomes the world; history stays. */
  const load = async (file: StateFile): Promise<StateSummary> => {
    await replace(tablesOf(file, historyOf(store.snapshot(), resources)), false);
    return summaryOf(file);
  };
  /** The whole file is checked first: the world changes only when all of it is good. */
  const loadChecked = async (input: unknown) => load(checkState(input, registry));

  return {
    export: capture,
    import: loadChecked,
    // What is saved is what the journal holds: a change still being written waits to be on disk.
    save: async (name) => {
      await store.settled()?.catch(() => {});
      return saved.save(name, capture());
    },
    restore: async (name) => loadChecked(await saved.read(name)),
    list: () => saved.list(),
    remove: (name) => saved.remove(name),

    startFrom(input) {
      start = checkState(input, registry);
      return load(start);
    },

    checkpoint: () => ({ tables: store.snapshot() }),
    rollback: (checkpoint) => replace(copyTables(checkpoint.tables), true),
    rollbackWorld: (checkpoint) =>
      replace(worldOver(copyTables(checkpoint.tables), store.snapshot(), resources), false),
    reset: () => replace(tablesOf(start ?? emptyWorld(clock), new Map()), true),
  };
}

const emptyWorld = (clock: Clock): StateFile => ({
  format: STATE_FORMAT,
  version: STATE_VERSION,
  savedAt: clock.nowIso(),
  clock: { offsetMs: clock.offsetMs },
  organizations: {},
});
