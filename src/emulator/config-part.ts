import { createRegistry, type Registry } from '../domain/resources/registry.js';
import { checkWebhookTimeout, resolveSettings, type EmulatorSettings } from '../installations/settings.js';
import { realTimers, type Timers } from '../common/clock.js';
import { warningLogger, type Logger } from '../common/logger.js';
import type { EmulatorOptions } from './emulator.js';

/** The options resolved: what is emulated, and where and how it runs; fixed once the emulator is made. */
export interface Config {
  readonly registry: Registry;
  readonly settings: EmulatorSettings;
  /** Where the store, keys and audit log live; null: everything stays in memory. */
  readonly dataDir: string | null;
  readonly logger: Logger;
  readonly timers: Timers;
}

/** Checked before anything is opened: a setting that will not do leaves the data dir unlocked. */
export function resolveConfig(options: EmulatorOptions): Config {
  const registry = createRegistry(options.resources);
  const settings = resolveSettings(options, registry.scopes);
  checkWebhookTimeout(options.webhookTimeoutMs, options.strict);
  return {
    registry,
    settings,
    dataDir: options.dataDir ?? null,
    logger: options.logger ?? warningLogger,
    timers: options.timers ?? realTimers,
  };
}
