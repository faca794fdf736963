import type { Persistence } from './store.js';

/** `--ephemeral`: nothing is kept; everything is gone when the emulator stops. */
export const memoryPersistence = (): Persistence => ({
  load: async () => new Map(),
  append: async () => {},
  maybeCompact: () => {},
  close: async () => {},
});
