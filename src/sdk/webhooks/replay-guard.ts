/**
 * Remembers the deliveryIds a receiver has accepted, so that the same delivery is acted upon once.
 * Every attempt of one delivery carries the same deliveryId: a retry only comes when the receiver
 * did not answer 2xx, so an id the guard holds is one that was already handled (or is being
 * handled right now). `release` it when handling fails, so that the retry gets through.
 */
export interface ReplayGuard {
  /** Records `deliveryId`; `false` when it was already recorded. */
  claim(deliveryId: string): boolean;
  has(deliveryId: string): boolean;
  /** Forgets `deliveryId`, so that a retry of it is accepted. */
  release(deliveryId: string): void;
  readonly size: number;
}

export interface ReplayGuardOptions {
  /** How many deliveryIds are kept; the oldest are forgotten first. Default 10 000. */
  maxEntries?: number;
}

/** An in-memory guard for one process. Behind several processes, implement `ReplayGuard` over a shared store. */
export function createReplayGuard({ maxEntries = 10_000 }: ReplayGuardOptions = {}): ReplayGuard {
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new RangeError(`maxEntries must be a whole number of at least 1, not ${maxEntries}`);
  // A Set iterates in insertion order: its first entry is the oldest.
  const seen = new Set<string>();
  return {
    claim(deliveryId) {
      if (seen.has(deliveryId)) return false;
      seen.add(deliveryId);
      if (seen.size > maxEntries) seen.delete(seen.values().next().value!);
      return true;
    },
    has: (deliveryId) => seen.has(deliveryId),
    release(deliveryId) {
      seen.delete(deliveryId);
    },
    get size() {
      return seen.size;
    },
  };
}
