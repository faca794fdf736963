import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { compileSchema, describeError } from '../common/json/validator.js';
import { UserError } from '../common/errors.js';
import { readJsonFile } from '../common/json/json-file.js';
import { CONFIG_BOUNDS } from '../common/limits.js';
import type { FaultRuleSpec } from '../faults/fault-rule.js';
import type { Minimum } from '../coverage/thresholds.js';
import type { OrganizationInput } from '../installations/organizations.js';
import { CONFIG_SCHEMA } from './config-schema.js';

/**
 * `addon.config.json` in the working directory: the add-on's defaults for `addon dev` and `addon
 * exec` (flags override them). Fields are documented in docs/config.md.
 */
export interface AddonConfigFile {
  appId?: string;
  name?: string;
  /** The add-on's dev URL, loaded in the host page's iframe. */
  url?: string;
  /** Declared scopes. */
  scopes?: string[];
  /** The subset granted in the emulated organization; defaults to all declared. */
  grantedScopes?: string[];
  orgId?: string;
  userId?: string;
  /** The organizations, their users and roles, and the add-on's installation in each (docs/installations.md). */
  organizations?: OrganizationInput[];
  port?: number;
  rateLimit?: number;
  /** The command that starts the add-on's dev server (`addon dev` runs it), e.g. `npm run dev`. */
  dev?: string;
  /** Webhook subscriptions `addon dev` and `addon exec` create on start. */
  webhooks?: Array<{ event: string; url: string }>;
  /** Fault rules in force from the start (docs/faults.md). */
  faults?: FaultRuleSpec[];
  /** What `addon check` judges besides the page and the receivers (docs/check.md). */
  check?: { backendUrl?: string };
  /** The team's own invariants `addon explore` holds the add-on to: a module, from the config's folder (docs/explore.md). */
  explore?: { invariants?: string };
  /** What `addon coverage` holds the tests to (docs/coverage.md#thresholds); `--min` wins. */
  coverage?: { minimum?: Minimum };
}

export const CONFIG_FILE = 'addon.config.json';

export async function readConfigFile(dir: string): Promise<AddonConfigFile> {
  const file = join(dir, CONFIG_FILE);
  if (!existsSync(file)) return {};
  const parsed = await readJsonFile(file, CONFIG_BOUNDS, 'it');
  // Compiled here, on first use: most runs have no config file, and compiling costs start-up time.
  const validate = compileSchema<AddonConfigFile>(CONFIG_SCHEMA, 'json', { trusted: true });
  if (!validate(parsed)) throw new UserError(`${CONFIG_FILE}: ${describeError(validate.errors![0], '', 'the file')}`);
  return parsed;
}
