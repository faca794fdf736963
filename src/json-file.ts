import { readFile } from 'node:fs/promises';
import { UserError } from './errors.js';

/** A JSON file, parsed (the caller checks its content); one line naming the file when it cannot be read. */
export async function readJsonFile(path: string): Promise<unknown> {
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
