import { mkdir } from 'node:fs/promises';
import { fileError } from '../common/files/fs-errors.js';

/**
 * Makes a coverage directory if it is missing, when recording begins: a directory that cannot be one
 * is said in one line before a suite runs, not after it.
 */
export async function makeCoverageDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true }).catch(async (error: unknown) => {
    throw await fileError(error, `cannot make the coverage directory ${dir}`, dir);
  });
}
