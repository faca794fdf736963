import { ApiError, UserError } from '../common/errors.js';
import { readJsonFile } from '../common/json/json-file.js';
import { STATE_BOUNDS } from '../common/limits.js';
import type { StateFile } from '../state/state-file.js';
import type { World } from '../state/world.js';
import type { Emulator, EmulatorOptions } from './emulator.js';
import type { Config } from './config-part.js';
import type { Storage } from './storage-part.js';
import type { WorldPart } from './world-part.js';

export interface StartingWorldInput {
  config: Pick<Config, 'registry' | 'settings'>;
  storage: Pick<Storage, 'store'>;
  worldPart: Pick<WorldPart, 'world' | 'leases'>;
  /** Seeding and the configured subscriptions go through the emulator, held to its rules. */
  emulator: Pick<Emulator, 'seed' | 'subscribe'>;
  options: Pick<EmulatorOptions, 'state' | 'seed' | 'webhooks'>;
}

/**
 * The world it starts with: the imported state, samples in an empty organization, the leases of an
 * emulator killed while they lived given back, and the subscriptions of addon.config.json.
 */
export async function startWorld({ config, storage, worldPart, emulator, options }: StartingWorldInput): Promise<void> {
  const { registry, settings } = config;
  if (options.state !== undefined) await startFrom(worldPart.world, options.state);
  const empty = registry.resources.every((r) => storage.store.count(r.name, settings.orgId) === 0);
  if (options.seed && empty) await emulator.seed();
  // Leases of an emulator killed while they lived (`addon listen`'s subscriptions) are given back.
  await worldPart.leases.recover();
  for (const { event, url } of options.webhooks ?? []) await subscribeConfigured(emulator, event, url);
}

/** The world of a state file or its content; a file that will not load is the user's to fix, and changes nothing. */
async function startFrom(world: World, state: StateFile | string): Promise<void> {
  const content = typeof state === 'string' ? await readJsonFile(state, STATE_BOUNDS, 'the state file') : state;
  try {
    await world.startFrom(content);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new UserError(`${typeof state === 'string' ? state : 'state'}: ${error.message}; nothing was changed`);
  }
}

/** A configured subscription, held to the rules of POST /events/subscribe; a bad one is the user's to fix. */
async function subscribeConfigured(emulator: Pick<Emulator, 'subscribe'>, event: string, url: string): Promise<void> {
  try {
    await emulator.subscribe(event, url);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new UserError(`webhook subscription to ${event} (${url}) in addon.config.json: ${error.message}`);
  }
}
