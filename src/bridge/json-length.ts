/**
 * How long a bridge message's JSON text is, found without writing it: `JSON.stringify` of a 4 MB
 * word copies 4 MB to learn what its length already says, and of a cyclic value throws. The walk
 * stops as soon as the count passes `limit`, so it costs at most about `limit` steps whatever came.
 */
export type JsonLength =
  /** The exact length of `JSON.stringify(value)` (0 for a value JSON leaves out, such as undefined). */
  | { over: false; length: number }
  /** Longer than the limit: at least `length` characters (the walk stopped there). */
  | { over: 'size'; length: number }
  /** Nested deeper than `maxDepth` levels; a cyclic value, which has no JSON text, is this too. */
  | { over: 'depth'; length: number };

interface Bounds {
  limit: number;
  maxDepth: number;
}

/** What JSON leaves out of an object, and writes as `null` in an array. */
const omitted = (item: unknown): boolean =>
  item === undefined || typeof item === 'function' || typeof item === 'symbol';

/** Thrown inside the walk to stop it at once; never leaves this module. */
class Stop {
  constructor(readonly over: 'size' | 'depth') {}
}

/**
 * Counts as `JSON.stringify` writes: strings escaped, non-finite numbers as `null`, `undefined` left
 * out of objects and `null` in arrays, a Date as its ISO text, typed arrays as objects of their
 * indexes, and what has no own enumerable keys (a Map, a Blob, an ArrayBuffer) as `{}`. These are what
 * `postMessage`'s structured clone can deliver; it never delivers a function or a getter.
 */
export function jsonLength(value: unknown, { limit, maxDepth }: Bounds): JsonLength {
  let length = 0;
  const add = (n: number) => {
    length += n;
    if (length > limit) throw new Stop('size');
  };
  /** Counts `item`, one that JSON writes (not `omitted`). */
  const walk = (item: unknown, depth: number): void => {
    switch (typeof item) {
      case 'string':
        // Its length alone may already say it is over, before a copy is made to escape it.
        if (length + item.length + 2 > limit) add(item.length + 2);
        return add(JSON.stringify(item).length);
      case 'number':
        return add(Number.isFinite(item) ? String(item).length : 4);
      case 'boolean':
        return add(item ? 4 : 5);
      case 'bigint':
        // JSON.stringify throws on it; the host's log writes it as its digits.
        return add(String(item).length);
      default:
        return item === null ? add(4) : container(item as object, depth + 1);
    }
  };
  const container = (item: object, depth: number): void => {
    if (depth > maxDepth) throw new Stop('depth');
    if (item instanceof Date) return add(JSON.stringify(item).length);
    // A boxed string, number or boolean (the clone keeps them boxed) is written as its value.
    if (item instanceof String || item instanceof Number || item instanceof Boolean) return walk(item.valueOf(), depth);
    add(2);
    if (Array.isArray(item)) {
      // The brackets and commas alone may say it is over: `new Array(1e9)` is not walked.
      add(Math.max(0, item.length - 1));
      for (let i = 0; i < item.length; i++) {
        if (omitted(item[i])) add(4);
        else walk(item[i], depth);
      }
      return;
    }
    if (ArrayBuffer.isView(item) && 'length' in item) return indexes(item as unknown as ArrayLike<unknown>, depth);
    let first = true;
    for (const key in item) {
      const entry: unknown = (item as Record<string, unknown>)[key];
      if (!Object.hasOwn(item, key) || omitted(entry)) continue;
      if (length + key.length + 3 > limit) add(key.length + 3);
      add(JSON.stringify(key).length + (first ? 1 : 2));
      first = false;
      walk(entry, depth);
    }
  };
  /** A typed array: `{"0":1,"1":2}`, one entry at a time, never a list of its million keys. */
  const indexes = (item: ArrayLike<unknown>, depth: number) => {
    for (let i = 0; i < item.length; i++) {
      add(String(i).length + 3 + (i ? 1 : 0));
      walk(item[i], depth);
    }
  };
  try {
    if (!omitted(value)) walk(value, 0);
    return { over: false, length };
  } catch (error) {
    if (error instanceof Stop) return { over: error.over, length };
    throw error;
  }
}
