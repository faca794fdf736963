import { randomBytes } from 'node:crypto';
import { access, constants, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { UserError } from './errors.js';
import { fileError } from './fs-errors.js';

/**
 * Checks that `path` can be written as a file before the work that makes its content (an export at
 * the end of a session, say): its directory exists and may be written to, and it is not a directory.
 * One line naming it otherwise.
 */
export async function checkWritable(path: string): Promise<void> {
  try {
    const target = await stat(path).catch((error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' ? null : Promise.reject(error),
    );
    if (target?.isDirectory()) throw isDirectory(path);
    await access(dirname(path), constants.W_OK);
  } catch (error) {
    throw error instanceof UserError ? error : await fileError(error, `cannot write ${path}`, path);
  }
}

/**
 * Writes `text` to `path` whole: to a temporary file beside it, then renamed over it, so a kill at any
 * moment leaves the old file or the new one, never a torn or missing one. Each write has a temporary
 * file of its own, so two at once cannot mix. When anything fails the temporary file is removed and
 * the error is one line naming `path`.
 */
export async function writeWhole(path: string, text: string): Promise<void> {
  // The rename would fail after the whole content was written: refuse before writing anything.
  if ((await stat(path).catch(() => null))?.isDirectory()) throw isDirectory(path);
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text, { flag: 'wx' });
    await renameOver(temp, path);
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
