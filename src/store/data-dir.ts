import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../errors.js';

/**
 * Prepares a data dir and takes its lock: two emulators appending to one journal would interleave
 * their changes. A lock left by a process that no longer runs is taken over.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  // The data dir holds private keys and test data: keep it out of the developer's commits.
  await writeFile(join(dir, '.gitignore'), '*\n');
  const lock = join(dir, 'lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await unlink(lock).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await readFile(lock, 'utf8').catch(() => ''));
      if (owner && isRunning(owner)) {
        throw new UserError(`the data dir ${dir} is in use by another emulator (pid ${owner})`);
      }
      await unlink(lock).catch(() => {});
    }
  }
  throw new UserError(`could not lock the data dir ${dir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
