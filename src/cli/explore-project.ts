import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Receiver } from '../check/webhook-checks.js';
import type { ExploreOptions, ExploreReport } from '../explore/explore.js';
import type { TeamInvariant } from '../explore/invariants.js';
import { UserError } from '../shared/errors.js';
import { readConfigFile } from './config-file.js';
import { emulatedAddon } from './emulator-flags.js';

/** What a run of `addon explore` is told besides addon.config.json: its flags. */
export interface ExploreChoices {
  webhook?: Receiver[];
  backendUrl?: string;
  invariants?: string;
  seed: number;
  runs: number;
  steps: number;
  time?: number;
  appId?: string;
  scopes?: string[];
  webhookTimeout?: number;
}

/**
 * `addon explore` on the project in `cwd` (docs/explore.md): addon.config.json under the choices,
 * its receivers explored on a fresh emulator of its own, held to the built-in invariants and the
 * team's from their module.
 */
export async function exploreProject(
  cwd: string,
  choices: ExploreChoices,
  run: Pick<ExploreOptions, 'onStart' | 'onProgress'> = {},
): Promise<ExploreReport> {
  const file = await readConfigFile(cwd);
  const webhooks = choices.webhook ?? file.webhooks ?? [];
  if (!webhooks.length)
    throw new UserError('no webhook receiver to explore: "webhooks" in addon.config.json, or --webhook EVENT=URL');
  const modulePath = choices.invariants ?? file.explore?.invariants;
  const invariants = modulePath ? await loadInvariants(resolve(cwd, modulePath)) : [];
  // The exploration itself, loaded by a run of it alone: every other command starts without it.
  const { explore } = await import('../explore/explore.js');
  return explore({
    emulator: { ...emulatedAddon(choices, file), webhookTimeoutMs: choices.webhookTimeout },
    webhooks,
    seed: choices.seed,
    runs: choices.runs,
    steps: choices.steps,
    timeMs: choices.time,
    invariants,
    backendUrl: choices.backendUrl ?? file.check?.backendUrl,
    ...run,
  });
}

/** The team's invariants: the module's default export, an object of named predicates. */
async function loadInvariants(path: string): Promise<TeamInvariant[]> {
  let loaded: { default?: unknown };
  try {
    loaded = (await import(pathToFileURL(path).href)) as { default?: unknown };
  } catch (error) {
    throw new UserError(`cannot load the invariants module ${path}: ${error instanceof Error ? error.message : error}`);
  }
  const predicates = loaded.default;
  if (typeof predicates !== 'object' || predicates === null || Array.isArray(predicates))
    throw new UserError(`the invariants module ${path} must export default an object of named predicates`);
  return Object.entries(predicates).map(([name, check]) => {
    if (typeof check !== 'function')
      throw new UserError(`the invariant "${name}" of ${path} is not a function but ${typeof check}`);
    return { name, check: (view) => (check as (view: unknown) => unknown)(view) };
  });
}
