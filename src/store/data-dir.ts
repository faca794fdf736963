import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../common/errors.js';
import { fileError } from '../common/files/fs-errors.js';
import { processIdentity } from './process-identity.js';

/** A data dir's lock while this emulator holds it. */
export interface DataDirLock {
  /** Records where the emulator answers, so a second one that finds the dir in use can say where. */
  announce(url: string): Promise<void>;
  /** Removes the lock, unless another emulator has since taken it over; safe to call twice. */
  release(): Promise<void>;
}

/** What the lock file says (JSON). Older kits wrote the bare pid. */
interface LockOwner {
  pid: number;
  /** The owner's start time (process-identity.ts): a later process with the same pid is not the owner. */
  started?: string;
  /** Tells this lock from one taken over since, so release() never removes another emulator's lock. */
  instance?: string;
  url?: string | null;
}

/**
 * Prepares a data dir and takes its lock: two emulators appending to one journal would interleave
 * their changes. A lock whose owner is gone, a zombie, or a different program that reused its pid is
 * stale and taken over, so a hard-killed emulator never blocks the next start.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  await prepareDataDir(dir);
  const file = join(dir, 'lock');
  const identity = await processIdentity(process.pid);
  const me: LockOwner = { pid: process.pid, started: identity?.started, instance: randomUUID(), url: null };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await createExclusive(file, me)) return heldLock(file, me);
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) continue;
    const owner = parseOwner(text);
    if (owner && (await isAlive(owner))) throw new UserError(inUse(dir, owner));
    // Stale: remove it unless it changed meanwhile (another emulator took it over first).
    if ((await readFile(file, 'utf8').catch(() => null)) === text) await unlink(file).catch(() => {});
  }
  throw new UserError(`could not lock the data dir ${dir}: other emulators keep taking it`);
}

/**
 * Makes the data dir, and its .gitignore: it holds private keys and test data, to be kept out of the
 * developer's commits. A path that cannot be one (a regular file, a directory that may not be written
 * to) is one line naming it.
 */
async function prepareDataDir(dir: string): Promise<void> {
  const what = `cannot use the data dir ${dir}`;
  const found = await stat(dir).catch(() => null);
  if (found && !found.isDirectory()) throw new UserError(`${what}: it is a file, not a directory`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, '.gitignore'), '*\n');
  } catch (error) {
    throw await fileError(error, what, dir);
  }
}

/**
 * Writes the whole lock file, then links it into place: link() fails if the lock exists, and a reader
 * never sees a half-written lock, which a write with the `wx` flag would let it see.
 */
async function createExclusive(file: string, owner: LockOwner): Promise<boolean> {
  const draft = await writeDraft(file, owner);
  try {
    await link(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    await unlink(draft).catch(() => {});
  }
}

/** The whole lock file, written beside it under a name of its own, to be linked or renamed into place. */
async function writeDraft(file: string, owner: LockOwner): Promise<string> {
  const draft = `${file}.${owner.instance}`;
  await writeFile(draft, JSON.stringify(owner) + '\n');
  return draft;
}

function heldLock(file: string, me: LockOwner): DataDirLock {
  let released = false;
  const stillMine = async () => parseOwner(await readFile(file, 'utf8').catch(() => ''))?.instance === me.instance;
  return {
    async announce(url) {
      if (released || !(await stillMine())) return;
      await rename(await writeDraft(file, { ...me, url }), file);
    },
    async release() {
      if (released) return;
      released = true;
      if (await stillMine()) await unlink(file).catch(() => {});
    },
  };
}

function parseOwner(text: string): LockOwner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const owner = JSON.parse(trimmed) as LockOwner;
    return Number.isInteger(owner?.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null;
  }
}

/** The owner still runs: its pid is alive, not a zombie, and started when the lock says it did. */
async function isAlive(owner: LockOwner): Promise<boolean> {
  if (!pidExists(owner.pid)) return false;
  const identity = await processIdentity(owner.pid);
  if (identity === undefined) return true;
  if (identity === null || identity.zombie) return false;
  return owner.started === undefined || identity.started === owner.started;
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function inUse(dir: string, owner: LockOwner): string {
  const where = owner.url ? `the emulator at ${owner.url}` : 'an emulator that is starting';
  return `the data dir ${dir} is in use by ${where} (pid ${owner.pid}); stop it, or pass --data <dir> or --ephemeral`;
}
