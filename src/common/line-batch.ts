import { LINE_BATCH_MS } from './limits.js';

/** Lines gathered and written together: `audit.log`'s, and `addon dev`'s line per call. */
export interface LineBatch {
  /** Keeps `text` (one or more whole lines) for the next write. */
  add(text: string): void;
  /** Writes what is gathered now, in one write. */
  flush(): void;
}

/**
 * Lines gathered for up to LINE_BATCH_MS and handed to `write` as one string, in the order they came.
 * A write a line cost every call a syscall (a hand-off to libuv's threadpool for a file), which on a
 * busy emulator was much of a read's time (docs/performance.md); one write for every line of those
 * milliseconds costs the same as one. The timer is real time (setTimeout), not the emulated clock: it
 * paces output, and an advance of the clock must not hold lines back or write them early. It keeps the
 * process alive until it fires, so a process that ends by itself has written everything.
 */
export function lineBatch(write: (text: string) => void): LineBatch {
  let gathered: string[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!gathered.length) return;
    const text = gathered.join('');
    gathered = [];
    write(text);
  };
  return {
    add(text) {
      gathered.push(text);
      timer ??= setTimeout(flush, LINE_BATCH_MS);
    },
    flush,
  };
}
