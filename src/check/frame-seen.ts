import type { CountedEvents, FrameEvent } from './frame-watch.js';

/** What the frame reported (frame-watch.ts), and when it arrived here (performance.now()). */
export type Seen = FrameEvent & { at: number };

/** Posts to the host of one type and target origin. */
export interface PostRow {
  type: string;
  targetOrigin: string;
  count: number;
}

export interface PostsSeen {
  rows: PostRow[];
  count: number;
  /** From the first post to the last, in the frame's milliseconds. */
  spanMs: number;
}

/** The frame's newest counts among `events`: those of one load, as the watch reports them cumulatively. */
const countedIn = (events: Seen[]): CountedEvents[] => events.findLast((e) => e.kind === 'counts')?.counted ?? [];

/** Every post among `events`, those reported one by one and those only counted, by type and target origin. */
export function postsSeen(events: Seen[]): PostsSeen {
  const rows = new Map<string, PostRow>();
  const add = (type: string, targetOrigin: string, count: number) => {
    const key = `${targetOrigin} ${type}`;
    const row = rows.get(key) ?? { type, targetOrigin, count: 0 };
    row.count += count;
    rows.set(key, row);
  };
  let first: number | null = null;
  let last = 0;
  for (const event of events) {
    if (event.kind === 'post') {
      add(event.type, event.targetOrigin, 1);
      first ??= event.t;
      last = Math.max(last, event.t);
    }
    if (event.kind === 'counts') last = Math.max(last, event.lastPostT);
  }
  for (const row of countedIn(events)) if (row.kind === 'post') add(row.type ?? '', row.targetOrigin ?? '', row.count);
  const list = [...rows.values()];
  return {
    rows: list,
    count: list.reduce((sum, row) => sum + row.count, 0),
    spanMs: first === null ? 0 : last - first,
  };
}

/**
 * The errors among `events` of these kinds (uncaught exceptions, console errors), as evidence: the
 * first few with their words, and how many in all; none when there were none.
 */
export function errorsSeen(events: Seen[], kinds: ReadonlyArray<'exception' | 'console'>): string[] {
  const listed = events.flatMap((e) =>
    (e.kind === 'exception' || e.kind === 'console') && kinds.includes(e.kind)
      ? [`${e.kind === 'console' ? 'console.error' : 'uncaught'}: ${e.message}`]
      : [],
  );
  const counted = countedIn(events)
    .filter((row) => row.kind !== 'post' && kinds.includes(row.kind))
    .reduce((sum, row) => sum + row.count, 0);
  return listedOf(listed, listed.length + counted);
}

/** How many lines of a list evidence shows; the rest are counted. */
export const LISTED = 8;

/** The first `LISTED` of `lines`, and a line saying how many there were in all when that is more. */
export const listedOf = (lines: string[], count = lines.length, what = 'in all'): string[] =>
  count > LISTED || count > lines.length ? [...lines.slice(0, LISTED), `… ${count} ${what}`] : lines;
