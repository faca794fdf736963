import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeWhole } from '../src/common/files/file-write.js';

/**
 * Writes each of `files` ([name, text] pairs) into `dir` whose text is not there already, and says so: a
 * file rewritten with the same text would make tools that watch mtimes (tsc, vitest) work for nothing.
 */
export async function writeChanged(dir: string, files: Array<[string, string]>): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, text] of files) {
    const path = join(dir, name);
    if ((await readFile(path, 'utf8').catch(() => null)) === text) continue;
    await writeWhole(path, text);
    console.log(`wrote ${path}`);
  }
}
