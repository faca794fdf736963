import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { UserError } from '../errors.js';

/** What an fs error code means for the path it was met on, in the words a user reads. */
const REASONS = new Map([
  ['EISDIR', 'it is a directory'],
  ['EEXIST', 'it already exists'],
  ['EACCES', 'permission denied'],
  ['EPERM', 'permission denied'],
  ['ENOSPC', 'no space left on the device'],
  ['EDQUOT', 'the disk quota is used up'],
  ['EROFS', 'the file system is read-only'],
  ['ENAMETOOLONG', 'the name is too long'],
  ['ELOOP', 'too many symbolic links'],
  ['EMFILE', 'too many open files'],
  ['ENFILE', 'too many open files'],
  ['EBUSY', 'it is in use'],
]);

/**
 * A file-system error met doing `what` (`cannot write /x/world.json`) on `path`, as one line: the
 * reason in words, with the code kept for a search, like `cannot write /x/world.json: the directory
 * /x does not exist (ENOENT)`. The path is the user's, never a temporary file's. An error that is
 * not the file system's is a bug, and is given back as it is, stack and all.
 */
export async function fileError(error: unknown, what: string, path: string): Promise<Error> {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (typeof code !== 'string' || typeof syscall !== 'string') return error as Error;
  const reason = REASONS.get(code) ?? (await pathReason(code, path));
  return new UserError(reason ? `${what}: ${reason} (${code})` : `${what} (${code})`);
}

/** ENOENT and ENOTDIR are about a part of the path: name it. */
async function pathReason(code: string, path: string): Promise<string | undefined> {
  if (code === 'ENOENT')
    return (await exists(dirname(path))) ? 'it does not exist' : `the directory ${dirname(path)} does not exist`;
  if (code !== 'ENOTDIR') return undefined;
  const file = await fileAbove(path);
  return file ? `${file} is not a directory` : 'a part of its path is not a directory';
}

/** The nearest existing part of the path above `path` when it is not a directory (a regular file). */
async function fileAbove(path: string): Promise<string | null> {
  for (let part = dirname(path); ; part = dirname(part)) {
    const found = await stat(part).catch(() => null);
    if (found) return found.isDirectory() ? null : part;
    if (dirname(part) === part) return null;
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
