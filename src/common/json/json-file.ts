import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { ApiError, UserError } from '../errors.js';
import { checkJson, type JsonBounds } from './json-bounds.js';
import { jsonSyntaxProblem } from './json-syntax.js';
import { sayBytes } from '../limits.js';

/**
 * A JSON file, parsed and held to `bounds` (the caller checks what it means); one line naming the
 * file when it cannot be read, is not JSON, or is out of bounds. A file larger than the bounds is
 * refused before it is read into memory, and so is anything but a file: a device or a pipe tells no
 * size and may never end (`/dev/zero` filled the heap until the process died).
 */
export async function readJsonFile(path: string, bounds: JsonBounds, what = 'the file'): Promise<unknown> {
  const { maxBytes } = bounds;
  let text: string;
  try {
    // One open file for the size and the content: the size checked is the size read. Non-blocking:
    // opening a pipe would otherwise wait for a writer.
    const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const stats = await file.stat();
      if (!stats.isFile())
        throw new UserError(`cannot read ${path} (${stats.isDirectory() ? 'EISDIR' : 'not a file'})`);
      const { size } = stats;
      if (size > maxBytes) throw new UserError(`${path} is larger than ${sayBytes(maxBytes)}; nothing was changed`);
      text = await file.readFile('utf8');
    } finally {
      await file.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A UserError is said already; an error without a file-system code is a bug, kept as it is.
    if (error instanceof UserError || typeof code !== 'string') throw error;
    throw new UserError(code === 'ENOENT' ? `${path} does not exist` : `cannot read ${path} (${code})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UserError(`${path} is not valid JSON (${jsonSyntaxProblem(error, text)}); nothing was changed`);
  }
  try {
    checkJson(value, bounds, what);
  } catch (error) {
    if (error instanceof ApiError) throw new UserError(`${path}: ${error.message}; nothing was changed`, 1, error.code);
    throw error;
  }
  return value;
}
