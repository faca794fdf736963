import { InvalidArgumentError, type Command } from 'commander';
import { parseDuration } from '../duration.js';
import type { EmulatorOptions } from '../emulator/create-emulator.js';
import { fromCwd } from './cli-io.js';
import type { AddonConfigFile } from './config-file.js';
import { cliLogger } from './output.js';

export interface SettingsFlags {
  appId?: string;
  scopes?: string;
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
}

export function wholeNumber(text: string): number {
  if (!/^\d+$/.test(text)) throw new InvalidArgumentError('expected a whole number');
  return Number(text);
}

export function portNumber(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 65535) throw new InvalidArgumentError('expected a port, 0 to 65535');
  return Number(text);
}

/** The flags `addon dev` and `addon exec` share: what add-on is emulated, where, for whom. */
export function withSettingsFlags(command: Command): Command {
  return command
    .option('--app-id <id>', 'the add-on app id, reverse-domain style')
    .option('--scopes <list>', 'the declared (and granted) scopes, comma- or space-separated')
    .option('--org <id>', 'the organization id')
    .option('--user <id>', 'the user id')
    .option('--rate-limit <n>', 'API requests per hour, per add-on, per organization', wholeNumber)
    .option('--seed', 'fill the organization with sample data when it is empty')
    .option(
      '--webhook-timeout <duration>',
      'how long a webhook receiver has to answer, like 2s (default 10s, as on the platform)',
      parseDuration,
    )
    .option(
      '--fault-seed <n>',
      "seed of the fault rules' probabilities, to repeat a run (printed at start)",
      wholeNumber,
    )
    .option('--import <file>', 'start from the world in a state file (addon state export); reset goes back to it')
    .option('--strict', 'refuse what the platform would refuse, instead of serving it with a parity warning');
}

/** Flags over `addon.config.json` over the defaults. */
export function emulatorOptions(flags: SettingsFlags, file: AddonConfigFile): EmulatorOptions {
  return {
    appId: flags.appId ?? file.appId,
    name: file.name,
    addonUrl: flags.addonUrl ?? file.url,
    scopes: flags.scopes?.split(/[\s,]+/) ?? file.scopes,
    grantedScopes: flags.scopes?.split(/[\s,]+/) ?? file.grantedScopes,
    orgId: flags.org ?? file.orgId,
    userId: flags.user ?? file.userId,
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
