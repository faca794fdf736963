// The keys that move the focus along a row of items, as the WAI-ARIA Authoring Practices' menu and
// tabs patterns have them: one key for the previous and one for the next (they wrap around), Home and
// End to the first and the last. One place, so the menus and the drawer's tabs move alike.

/** Which keys step back and forth: up and down in a menu, left and right along tabs. */
export type Axis = 'vertical' | 'horizontal';

const STEPS: Record<Axis, Record<string, number>> = {
  vertical: { ArrowUp: -1, ArrowDown: 1 },
  horizontal: { ArrowLeft: -1, ArrowRight: 1 },
};

/** The index `key` moves to from `index` among `count` items, or null when it is not such a key. */
export function movedIndex(key: string, index: number, count: number, axis: Axis): number | null {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const step = STEPS[axis][key];
  if (step === undefined) return null;
  return (index + step + count) % count;
}
