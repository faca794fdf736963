import { readFile } from 'node:fs/promises';
import { TextFile } from 'lowdb/node';
import { UserError } from '../errors.js';
import type { StateFile } from './state-file.js';

/**
 * A state file on disk. It is written whole to a temporary file and renamed over the old one (lowdb's
 * writer), so a kill mid-export leaves the previous file as it was, never a torn one, and nothing is
 * deleted before the new file is in place.
 */
export async function writeStateFile(path: string, file: StateFile): Promise<void> {
  await new TextFile(path).write(JSON.stringify(file, null, 2) + '\n');
}

/** The parsed file (checked by the emulator before anything changes); one line naming the file when it cannot be read. */
export async function readStateFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserError(code === 'ENOENT' ? `${path} does not exist` : `cannot read ${path} (${code})`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UserError(`${path} is not valid JSON (${(error as Error).message}); nothing was changed`);
  }
}
