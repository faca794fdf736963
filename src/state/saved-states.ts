import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError, notFound } from '../common/errors.js';
import { fileError } from '../common/files/fs-errors.js';
import { STATE_FORMAT, type StateFile } from './state-file.js';
import { readJsonFile } from '../common/json/json-file.js';
import { STATE_BOUNDS } from '../common/limits.js';
import { writeStateFile } from './state-io.js';
import { isJsonObject } from '../common/json/json-bounds.js';
import { wordedPattern } from '../common/text/pattern-words.js';

/** A named state as `addon state list` shows it. */
export interface SavedStateInfo {
  name: string;
  /** The emulated time it was saved at; null when the file cannot be read. */
  savedAt: string | null;
  /** Its records, over every organization and resource; 0 when the file cannot be read. */
  records: number;
  /** Why the file cannot be restored, when it cannot be read ("not valid JSON"); absent otherwise. */
  problem?: string;
}

/**
 * States saved by name (`addon state save <name>`): one state file each in the data dir's `states/`,
 * or in memory for an emulator without a data dir.
 */
export interface SavedStates {
  save(name: string, file: StateFile): Promise<SavedStateInfo>;
  /** The file as saved (the caller checks it before using it); 404 when there is none of that name. */
  read(name: string): Promise<unknown>;
  list(): Promise<SavedStateInfo[]>;
  remove(name: string): Promise<void>;
}

/** A saved state's name, which is also its file's name in the data dir. */
export const STATE_NAME = new RegExp(
  wordedPattern(
    '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$',
    '1 to 64 letters, digits and . _ -, starting with a letter or digit',
  ),
);

export function savedStates(dataDir: string | null): SavedStates {
  return dataDir ? inDirectory(join(dataDir, 'states')) : inMemory();
}

function inDirectory(dir: string): SavedStates {
  const path = (name: string) => join(dir, `${checkName(name)}.json`);
  const exists = (name: string) =>
    stat(path(name)).then(
      () => true,
      () => false,
    );
  const names = async () =>
    (await readdir(dir).catch(() => [] as string[]))
      .filter((file) => file.endsWith('.json') && STATE_NAME.test(file.slice(0, -5)))
      .map((file) => file.slice(0, -5))
      .sort();
  return {
    async save(name, file) {
      await mkdir(dir, { recursive: true }).catch(async (error: unknown) => {
        throw await fileError(error, `cannot write ${path(name)}`, dir);
      });
      await writeStateFile(path(name), file);
      return infoOf(name, file);
    },
    async read(name) {
      if (!(await exists(name))) throw missing(name);
      return readJsonFile(path(name), STATE_BOUNDS, 'the state file');
    },
    list: async () => Promise.all((await names()).map((name) => infoOfFile(name, path(name)))),
    async remove(name) {
      if (!(await exists(name))) throw missing(name);
      await rm(path(name));
    },
  };
}

function inMemory(): SavedStates {
  const states = new Map<string, string>();
  const get = (name: string) => {
    const text = states.get(checkName(name));
    if (text === undefined) throw missing(name);
    return text;
  };
  return {
    async save(name, file) {
      states.set(checkName(name), JSON.stringify(file));
      return infoOf(name, file);
    },
    read: async (name) => JSON.parse(get(name)),
    list: async () => [...states.keys()].sort().map((name) => infoOf(name, JSON.parse(states.get(name)!))),
    async remove(name) {
      get(name);
      states.delete(name);
    },
  };
}

/**
 * A file in states/ as the list shows it. Anything may be there (a hand edit, a torn copy, another
 * program's file), so a file that cannot be read is listed with its problem rather than failing the
 * whole list; restoring it names the problem in full.
 */
async function infoOfFile(name: string, path: string): Promise<SavedStateInfo> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return unreadable(name, `cannot be read (${(error as NodeJS.ErrnoException).code})`);
  }
  try {
    return infoOf(name, JSON.parse(text));
  } catch {
    return unreadable(name, 'not valid JSON');
  }
}

/** Its time and record count, trusting nothing of the content's shape: this runs before any check. */
function infoOf(name: string, content: unknown): SavedStateInfo {
  const file = content as Partial<Record<keyof StateFile, unknown>>;
  if (!isJsonObject(file) || file.format !== STATE_FORMAT) return unreadable(name, 'not an addon-devkit state file');
  if (typeof file.savedAt !== 'string') return unreadable(name, 'savedAt is not a string');
  if (!isJsonObject(file.organizations)) return unreadable(name, 'organizations is not an object');
  let records = 0;
  for (const [orgId, org] of Object.entries(file.organizations)) {
    const at = `organizations.${orgId}`;
    if (!isJsonObject(org)) return unreadable(name, `${at} is not an object`);
    if (org.records === undefined) continue;
    if (!isJsonObject(org.records)) return unreadable(name, `${at}.records is not an object`);
    for (const [resource, docs] of Object.entries(org.records)) {
      if (!Array.isArray(docs)) return unreadable(name, `${at}.records.${resource} is not an array`);
      records += docs.length;
    }
  }
  return { name, savedAt: file.savedAt, records };
}

const unreadable = (name: string, problem: string): SavedStateInfo => ({ name, savedAt: null, records: 0, problem });

function checkName(name: string): string {
  if (!STATE_NAME.test(name))
    throw new ApiError(400, 'invalid_state_name', `a state name is 1-64 letters, digits or ._- (got "${name}")`);
  return name;
}

const missing = (name: string) => notFound('saved state', name, '; addon state list shows the saved ones');
