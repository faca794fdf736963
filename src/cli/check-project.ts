import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CheckReport } from '../check/check-result.js';
import type { Receiver } from '../check/webhook-checks.js';
import { UserError } from '../common/errors.js';
import type { ThirdPartyCookies } from '../testing/host-browser.js';
import { CONFIG_FILE, readConfigFile, type AddonConfigFile } from './config-file.js';
import { emulatedAddon } from './emulator-flags.js';

/** What a run of `addon check` is told besides addon.config.json: its flags (`addon mcp`'s check tool gives some). */
export interface CheckChoices {
  addonUrl?: string;
  webhook?: Receiver[];
  backendUrl?: string;
  strict?: boolean;
  only?: string[];
  seed?: number;
  appId?: string;
  scopes?: string[];
  webhookTimeout?: number;
  /** Where its emulator writes a coverage file of the run (`--coverage`), from the cwd. */
  coverage?: string;
  /** Third-party cookies in the add-on's frame (`--third-party-cookies`): blocked by default, as Safari blocks them. */
  thirdPartyCookies?: ThirdPartyCookies;
}

export interface CheckRun {
  /** Called once the configuration is read and the run is about to start the emulator and the add-on. */
  starting?(): void;
  /** Each line the add-on's dev server prints. */
  onAddonLine?(line: string): void;
  /** How many of the selected checks have a result so far, of how many. */
  onProgress?(done: number, total: number): void;
  /** Stops the run, and what it started, at once (runChecks). */
  signal?: AbortSignal;
}

/**
 * `addon check` on the project in `cwd` (docs/check.md): addon.config.json under the choices, judged
 * on a fresh emulator of its own. The CLI's check command and `addon mcp`'s check tool both run it.
 */
export async function checkProject(cwd: string, choices: CheckChoices, run: CheckRun = {}): Promise<CheckReport> {
  const { file, config } = await readConfig(cwd);
  if (file.dev && !file.url) throw new UserError('addon.config.json names a "dev" command but no "url" to wait for');
  run.starting?.();
  // The checks themselves (a browser, receivers, the add-on's process), loaded by a run of the check
  // alone: every other command starts without them (docs/performance.md).
  const { runChecks } = await import('../check/run-checks.js');
  return runChecks({
    emulator: {
      ...emulatedAddon(choices, file),
      webhookTimeoutMs: choices.webhookTimeout,
      faultSeed: choices.seed,
      coverage: { dir: choices.coverage && resolve(cwd, choices.coverage), source: 'addon check' },
    },
    config,
    webhooks: choices.webhook ?? file.webhooks ?? [],
    backendUrl: choices.backendUrl ?? file.check?.backendUrl,
    addonCommand: choices.addonUrl ? undefined : file.dev,
    cwd,
    only: choices.only,
    strict: choices.strict,
    page: { thirdPartyCookies: choices.thirdPartyCookies },
    onAddonLine: run.onAddonLine,
    onProgress: run.onProgress,
    signal: run.signal,
  });
}

/** addon.config.json, if any; a broken one is a failed check (config.valid), not the end of the run. */
async function readConfig(
  cwd: string,
): Promise<{ file: AddonConfigFile; config: { found: boolean; error: string | null } }> {
  try {
    const file = await readConfigFile(cwd);
    return { file, config: { found: existsSync(join(cwd, CONFIG_FILE)), error: null } };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { file: {}, config: { found: true, error: error.message } };
  }
}
