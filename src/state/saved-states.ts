import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError, notFound } from '../errors.js';
import type { StateFile } from './state-file.js';
import { readJsonFile } from '../json-file.js';
import { STATE_BOUNDS } from '../limits.js';
import { writeStateFile } from './state-io.js';

/** A named state as `addon state list` shows it. */
export interface SavedStateInfo {
  name: string;
  /** The emulated time it was saved at; null when the file cannot be read. */
  savedAt: string | null;
  /** Its records, over every organization and resource. */
  records: number;
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

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

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
      .filter((file) => file.endsWith('.json') && NAME.test(file.slice(0, -5)))
      .map((file) => file.slice(0, -5))
      .sort();
  return {
    async save(name, file) {
      await mkdir(dir, { recursive: true });
      await writeStateFile(path(name), file);
      return infoOf(name, file);
    },
    async read(name) {
      if (!(await exists(name))) throw missing(name);
      return readJsonFile(path(name), STATE_BOUNDS, 'the state file');
    },
    async list() {
      const read = (name: string) => readJsonFile(path(name), STATE_BOUNDS, 'the state file').catch(() => null);
      return Promise.all((await names()).map(async (name) => infoOf(name, (await read(name)) as StateFile | null)));
    },
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

function infoOf(name: string, file: StateFile | null): SavedStateInfo {
  const organizations = Object.values(file?.organizations ?? {});
  const records = organizations
    .flatMap((org) => Object.values(org.records ?? {}))
    .reduce((sum, docs) => sum + docs.length, 0);
  return { name, savedAt: typeof file?.savedAt === 'string' ? file.savedAt : null, records };
}

function checkName(name: string): string {
  if (!NAME.test(name))
    throw new ApiError(400, 'invalid_state_name', `a state name is 1-64 letters, digits or ._- (got "${name}")`);
  return name;
}

const missing = (name: string) => notFound('saved state', name, '; addon state list shows the saved ones');
