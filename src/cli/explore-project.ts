import { mkdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Receiver } from '../check/webhook-checks.js';
import type { ExploreOptions, ExploreReport } from '../explore/explore.js';
import type { InvariantView, TeamInvariants } from '../explore/invariants.js';
import { UserError } from '../common/errors.js';
import { writeWhole } from '../common/files/file-write.js';
import { fileError } from '../common/files/fs-errors.js';
import { readConfigFile } from './config-file.js';
import { emulatedAddon } from './emulator-flags.js';

/** What a run of `addon explore` is told besides addon.config.json: its flags. */
export interface ExploreChoices {
  webhook?: Receiver[];
  backendUrl?: string;
  invariants?: string;
  /** On a finding, the folder to write it in as a vitest test (docs/explore.md#from-a-finding-to-a-test). */
  writeTest?: string;
  /** Where to write a coverage file of what the exploration met (docs/coverage.md). */
  coverage?: string;
  /** The emulator's port; a free one by default. */
  port?: number;
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
  run: Pick<ExploreOptions, 'onStart' | 'onProgress' | 'signal'> & { onAddonLine?(line: string): void } = {},
): Promise<{ report: ExploreReport | null; written: string[] }> {
  const file = await readConfigFile(cwd);
  const webhooks = choices.webhook ?? file.webhooks ?? [];
  // As `addon check` skips its receiver checks: an add-on without receivers has nothing to explore.
  if (!webhooks.length) return { report: null, written: [] };
  if (file.dev && !file.url) throw new UserError('addon.config.json names a "dev" command but no "url" to wait for');
  const modulePath = choices.invariants ?? file.explore?.invariants;
  const invariants = modulePath ? await loadInvariants(resolve(cwd, modulePath)) : {};
  const emulator = {
    ...emulatedAddon(choices, file),
    webhookTimeoutMs: choices.webhookTimeout,
    coverage: { dir: choices.coverage && resolve(cwd, choices.coverage), source: 'addon explore' as const },
  };
  const backendUrl = choices.backendUrl ?? file.check?.backendUrl;
  // The exploration itself, loaded by a run of it alone: every other command starts without it.
  const { explore } = await import('../explore/explore.js');
  const report = await explore({
    emulator,
    port: choices.port,
    webhooks,
    seed: choices.seed,
    runs: choices.runs,
    steps: choices.steps,
    timeMs: choices.time,
    invariants,
    backendUrl,
    // The receivers a --webhook names are the user's to run; the config's are served by its `dev`.
    addon:
      file.dev && file.url && !choices.webhook
        ? { command: file.dev, cwd, url: file.url, onLine: run.onAddonLine }
        : undefined,
    onStart: run.onStart,
    onProgress: run.onProgress,
    signal: run.signal,
  });
  if (!report.finding || !choices.writeTest) return { report, written: [] };
  const dir = resolve(cwd, choices.writeTest);
  const { findingFiles } = await import('../explore/finding-test.js');
  const files = findingFiles(report.finding, {
    seed: report.seed,
    appId: emulator.appId,
    webhooks,
    backendUrl,
    port: choices.port,
    invariantsImport: modulePath && importPath(dir, resolve(cwd, modulePath)),
  });
  await mkdir(dir, { recursive: true }).catch(async (error: unknown) => {
    throw await fileError(error, `cannot make the folder ${dir}`, dir);
  });
  // The data first: a test is never there without the sequence it reads.
  const written = [join(dir, files.sequence.name), join(dir, files.test.name)];
  await writeWhole(written[0]!, files.sequence.text);
  await writeWhole(written[1]!, files.test.text);
  return { report, written };
}

/** `module` as a file in `dir` imports it: `../../addon.invariants.js`. */
function importPath(dir: string, module: string): string {
  const path = relative(dir, module).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** The team's invariants: the module's default export, an object of named predicates. */
async function loadInvariants(path: string): Promise<TeamInvariants> {
  let loaded: { default?: unknown };
  try {
    loaded = (await import(pathToFileURL(path).href)) as { default?: unknown };
  } catch (error) {
    throw new UserError(`cannot load the invariants module ${path}: ${error instanceof Error ? error.message : error}`);
  }
  const predicates = loaded.default;
  if (typeof predicates !== 'object' || predicates === null || Array.isArray(predicates))
    throw new UserError(`the invariants module ${path} must export default an object of named predicates`);
  // Copied into an object without a prototype: a name is a key here, and `constructor` a name like any.
  const checked: Record<string, (view: InvariantView) => unknown> = Object.create(null);
  for (const [name, check] of Object.entries(predicates)) {
    if (typeof check !== 'function')
      throw new UserError(`the invariant "${name}" of ${path} is not a function but ${typeof check}`);
    checked[name] = (view) => check(view);
  }
  return checked;
}
