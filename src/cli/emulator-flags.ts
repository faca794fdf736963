import type { Command } from 'commander';
import { MAX_RATE_LIMIT } from '../common/limits.js';
import { APP_ID } from '../installations/installation-ids.js';
import { checkedOption, count, duration, matching, plainId, scopeList } from './arguments.js';
import type { EmulatorOptions } from '../emulator/create-emulator.js';
import type { CoverageSource } from '../coverage/coverage-file.js';
import { fromCwd } from './cli-io.js';
import type { AddonConfigFile } from './config-file.js';
import { cliLogger } from './output.js';

export interface SettingsFlags {
  appId?: string;
  scopes?: string[];
  org?: string;
  user?: string;
  rateLimit?: number;
  addonUrl?: string;
  port?: number;
  seed?: boolean;
  webhookTimeout?: number;
  faultSeed?: number;
  import?: string;
  strict?: boolean;
  coverage?: string;
}

/** `--scopes` of the commands that start an emulator (`addon dev`, `addon exec`, `addon check`). */
export const declaredScopesOption = () =>
  checkedOption('--scopes <list>', 'the declared (and granted) scopes, comma- or space-separated, or none', scopeList);

/** `--coverage` of the commands that start an emulator (`addon dev`, `addon exec`, `addon check`). */
export const coverageOption = () =>
  checkedOption(
    '--coverage <dir>',
    'write a coverage file of what the run met of the platform into dir when it ends (addon coverage reads it)',
    { read: (text) => text || undefined, takes: 'a directory' },
  );

/** The emulator's coverage option: its file into `dir` (from the cwd) when one is given, saying who wrote it. */
export const coverageInto = (dir: string | undefined, source: CoverageSource): EmulatorOptions['coverage'] => ({
  dir: dir ? fromCwd(dir) : undefined,
  source,
});

/** The flags `addon dev` and `addon exec` share: what add-on is emulated, where, for whom. */
export function withSettingsFlags(command: Command): Command {
  return command
    .addOption(checkedOption('--app-id <id>', 'the add-on app id, reverse-domain style', matching(APP_ID)))
    .addOption(declaredScopesOption())
    .addOption(checkedOption('--org <id>', 'the organization id', plainId))
    .addOption(checkedOption('--user <id>', 'the user id', plainId))
    .addOption(
      checkedOption(
        '--rate-limit <n>',
        'API requests per hour, per add-on, per organization',
        count(MAX_RATE_LIMIT, 1),
      ),
    )
    .option('--seed', 'fill the organization with sample data when it is empty')
    .addOption(
      checkedOption(
        '--webhook-timeout <duration>',
        'how long a webhook receiver has to answer, like 2s (default 10s, as on the platform)',
        duration(),
      ),
    )
    .addOption(
      checkedOption(
        '--fault-seed <n>',
        "seed of the fault rules' probabilities, to repeat a run (printed at start)",
        count(),
      ),
    )
    .option('--import <file>', 'start from the world in a state file (addon state export); reset goes back to it')
    .option('--strict', 'refuse what the platform would refuse, instead of serving it with a parity warning')
    .addOption(coverageOption());
}

/** Flags over `addon.config.json` over the defaults. */
export function emulatorOptions(flags: SettingsFlags, file: AddonConfigFile): EmulatorOptions {
  return {
    ...emulatedAddon(flags, file),
    rateLimit: flags.rateLimit ?? file.rateLimit,
    port: flags.port ?? file.port,
    seed: flags.seed,
    webhooks: file.webhooks,
    webhookTimeoutMs: flags.webhookTimeout,
    faults: file.faults,
    faultSeed: flags.faultSeed,
    state: flags.import && fromCwd(flags.import),
    strict: flags.strict,
    logger: cliLogger,
  };
}

/**
 * The add-on emulated and the world it is used in, flags over `addon.config.json`: what every
 * command that starts an emulator takes from both (`addon check` has no `--org` or `--user`).
 */
export function emulatedAddon(
  flags: Pick<SettingsFlags, 'appId' | 'addonUrl' | 'scopes' | 'org' | 'user'>,
  file: AddonConfigFile,
): EmulatorOptions {
  return {
    appId: flags.appId ?? file.appId,
    name: file.name,
    addonUrl: flags.addonUrl ?? file.url,
    scopes: flags.scopes ?? file.scopes,
    grantedScopes: flags.scopes ?? file.grantedScopes,
    orgId: flags.org ?? file.orgId,
    userId: flags.user ?? file.userId,
    organizations: file.organizations,
  };
}
