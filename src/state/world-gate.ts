/**
 * Work that takes the whole world for a while (a scenario run, which rolls back on failure) runs with
 * the door shut: API calls wait at it, so none sees a half-run scenario and none writes into a world
 * that may be rolled back under it. With the door open, a call passes without waiting.
 */
export interface WorldGate {
  /** Resolves once no exclusive work runs; null at once when none does (the common case costs nothing). */
  passage(): Promise<void> | null;
  /** Runs `work` with the door shut, one at a time, in the order asked. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export function createWorldGate(): WorldGate {
  let running: Promise<void> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const passage = async () => {
    // Another exclusive run may start as soon as one ends: wait until none runs.
    while (running) await running;
  };
  return {
    passage: () => (running ? passage() : null),
    exclusive<T>(work: () => Promise<T>): Promise<T> {
      const run = queue.then(async () => {
        let open!: () => void;
        running = new Promise((resolve) => (open = resolve));
        try {
          return await work();
        } finally {
          running = null;
          open();
        }
      });
      queue = run.catch(() => {});
      return run;
    },
  };
}
