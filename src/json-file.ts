import { open } from 'node:fs/promises';
import { UserError } from './errors.js';

/**
 * A JSON file, parsed (the caller checks its content); one line naming the file when it cannot be
 * read, or when it is larger than `maxBytes`, which is refused before it is read into memory.
 */
export async function readJsonFile(path: string, maxBytes: number): Promise<unknown> {
  let text: string;
  try {
    // One open file for the size and the content: the size checked is the size read.
    const file = await open(path, 'r');
    try {
      const { size } = await file.stat();
      if (size > maxBytes) throw new UserError(`${path} is larger than ${mebibytes(maxBytes)}; nothing was changed`);
      text = await file.readFile('utf8');
    } finally {
      await file.close();
    }
  } catch (error) {
    if (error instanceof UserError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserError(code === 'ENOENT' ? `${path} does not exist` : `cannot read ${path} (${code})`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UserError(`${path} is not valid JSON (${(error as Error).message}); nothing was changed`);
  }
}

/** 1048576 -> "1 MiB": how a limit is said to a person. */
export const mebibytes = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
