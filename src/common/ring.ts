/**
 * A bounded log: the newest `keep` items, each with its index among all ever added, so that a reader
 * holding an index (`since`) still finds what came after it; the oldest go first, and are counted.
 */
export interface Ring<T> {
  push(item: T): void;
  /** The items kept, oldest first. */
  items(): T[];
  /** The items kept whose index is `since` or later. */
  since(since: number): T[];
  /** How many were ever added: the index the next one gets. */
  readonly total: number;
  /** How many went out to make room. */
  readonly dropped: number;
}

export function createRing<T>(keep: number): Ring<T> {
  // A circular buffer: no shifting of `keep` items on every push once it is full.
  const slots: T[] = [];
  let total = 0;
  const dropped = () => Math.max(0, total - keep);
  const since = (from: number) => {
    const found: T[] = [];
    for (let i = Math.max(from, dropped()); i < total; i++) found.push(slots[i % keep]!);
    return found;
  };
  return {
    push(item) {
      slots[total % keep] = item;
      total++;
    },
    items: () => since(0),
    since,
    get total() {
      return total;
    },
    get dropped() {
      return dropped();
    },
  };
}
