import { randomBytes } from 'node:crypto';
import { fstatSync, type Stats } from 'node:fs';
import { access, constants, lstat, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { UserError } from '../errors.js';
import { fileError } from './fs-errors.js';

/**
 * Where a write to a path lands, decided before anything is written:
 *  - `whole`: a regular file, or none yet: written to a temporary file beside it, then renamed over it
 *    (`path` is the file's own, a link's target, so the link stays a link);
 *  - `through`: a device, a FIFO, a socket, or a link to none of them yet: opened and written, never
 *    renamed over (a rename put a regular file in place of `/dev/stdout` when run as root);
 *  - `stdio`: this process's own stdout (1) or stderr (2), named by any path (`/dev/stdout`,
 *    `/proc/self/fd/1`, the file a shell redirected it to): written in turn with what the process
 *    prints there, not from the start of the file.
 */
export type Landing = { to: 'whole'; path: string } | { to: 'through'; path: string } | { to: 'stdio'; fd: 1 | 2 };

/** Where a write to `path` lands (see Landing); a directory, as any other error of the path, is one line. */
export async function landingOf(path: string): Promise<Landing> {
  try {
    return await landingOfPath(path);
  } catch (error) {
    throw error instanceof UserError ? error : await fileError(error, `cannot write ${path}`, path);
  }
}

async function landingOfPath(path: string): Promise<Landing> {
  const target = await stat(path).catch(absent);
  // A link to nothing yet is written through, making its target, as a shell's `>` would.
  if (target === null)
    return (await lstat(path).catch(absent))?.isSymbolicLink() ? { to: 'through', path } : { to: 'whole', path };
  if (target.isDirectory()) throw isDirectory(path);
  const fd = ([1, 2] as const).find((fd) => sameFile(target, fstatOf(fd)));
  if (fd !== undefined) return { to: 'stdio', fd };
  return target.isFile() ? { to: 'whole', path: await realpath(path) } : { to: 'through', path };
}

const absent = (error: NodeJS.ErrnoException): null => {
  if (error.code === 'ENOENT') return null;
  throw error;
};

const fstatOf = (fd: number): Stats | null => {
  try {
    return fstatSync(fd);
  } catch {
    return null; // a descriptor the process was started without
  }
};

const sameFile = (a: Stats, b: Stats | null): boolean => b !== null && a.dev === b.dev && a.ino === b.ino;

/**
 * Checks that `path` can be written as a file before the work that makes its content (an export at
 * the end of a session, say): its directory exists and may be written to, and it is not a directory.
 * One line naming it otherwise.
 */
export async function checkWritable(path: string): Promise<void> {
  try {
    const landing = await landingOf(path);
    if (landing.to === 'whole') await access(dirname(landing.path), constants.W_OK);
    else if (landing.to === 'through') await access(path, constants.W_OK);
  } catch (error) {
    throw error instanceof UserError ? error : await fileError(error, `cannot write ${path}`, path);
  }
}

/**
 * Writes `text` to `path` as it lands (see Landing). A regular file is written whole: to a temporary
 * file beside it, then renamed over it, so a kill at any moment leaves the old file or the new one,
 * never a torn or missing one; each write has a temporary file of its own, so two at once cannot mix.
 * When anything fails the temporary file is removed and the error is one line naming `path`.
 */
export async function writeWhole(path: string, text: string): Promise<void> {
  await writeLanding(await landingOf(path), text, path);
}

/** Writes `text` where `landing` says; errors name `path`, the path the user gave. */
export async function writeLanding(landing: Landing, text: string, path: string): Promise<void> {
  if (landing.to === 'whole') return writeRenamed(landing.path, text, path);
  try {
    if (landing.to === 'through') await writeFile(landing.path, text);
    else await writeStream(landing.fd === 1 ? process.stdout : process.stderr, text);
  } catch (error) {
    throw await fileError(error, `cannot write ${path}`, path);
  }
}

/** In turn with what else the process writes there: opened anew, a redirected file would start over. */
const writeStream = (stream: NodeJS.WriteStream, text: string): Promise<void> =>
  new Promise((resolve, reject) => stream.write(text, (error) => (error ? reject(error) : resolve())));

async function writeRenamed(file: string, text: string, path: string): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text, { flag: 'wx' });
    await renameOver(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw await fileError(error, `cannot write ${path}`, path);
  }
}

/** On Windows a virus scanner or indexer holding the old file fails a rename for a moment: try again. */
async function renameOver(from: string, to: string, attempts = process.platform === 'win32' ? 10 : 1): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await rename(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (attempt >= attempts || !['EPERM', 'EACCES', 'EBUSY'].includes(code)) throw error;
      await sleep(100);
    }
  }
}

const isDirectory = (path: string) => new UserError(`cannot write ${path}: it is a directory (EISDIR)`);
