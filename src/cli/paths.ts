import { realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * Whether `path` is `dir` or lies under it, once both are resolved and their symbolic links followed
 * (as far as they exist): the data dir named through a link is still the data dir.
 */
export async function isInside(dir: string, path: string): Promise<boolean> {
  const rel = relative(await realPathOf(dir), await realPathOf(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The real path of the longest part of `path` that exists, with the rest appended. */
async function realPathOf(path: string): Promise<string> {
  const absolute = resolve(path);
  try {
    return await realpath(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(await realPathOf(parent), basename(absolute));
  }
}
