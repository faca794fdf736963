import { covers, type ScopeList } from '../auth/scopes.js';
import { DEFAULT_REGISTRY } from './registry.js';
import { UserError } from '../errors.js';
import { APP_ID, PLAIN_ID } from '../installation-ids.js';
import { SPEC_WEBHOOK_TIMEOUT_MS } from '../parity/parity-kinds.js';
import { MAX_RATE_LIMIT } from '../limits.js';

/** What an emulator emulates: one add-on, installed in one organization, opened by one user. */
export interface EmulatorSettings {
  /** Reverse-domain app id, e.g. com.example.invoice-helper. */
  readonly appId: string;
  readonly name: string;
  /** Where the add-on's front end runs; null until one is configured. */
  readonly addonUrl: string | null;
  /** The scopes the add-on declares. */
  readonly scopes: string[];
  /** The subset the organization admin granted: what session tokens carry. */
  readonly grantedScopes: string[];
  readonly orgId: string;
  readonly userId: string;
  /** API requests per hour, per add-on, per organization. */
  readonly rateLimit: number;
}

/** With no configuration at all, the demo add-on may call every endpoint (`*`). */
export const DEFAULT_SETTINGS: EmulatorSettings = {
  appId: 'com.example.demo-addon',
  name: 'Demo add-on',
  addonUrl: null,
  scopes: ['*'],
  grantedScopes: ['*'],
  orgId: 'org_demo',
  userId: 'usr_demo',
  rateLimit: 1000,
};

/** The settings of `input` over the defaults, each checked; scopes are checked against `scopes`. */
export function resolveSettings(
  input: Partial<EmulatorSettings> = {},
  scopes: ScopeList = DEFAULT_REGISTRY.scopes,
): EmulatorSettings {
  // Only the settings' own keys: callers pass wider option objects (port, dataDir, ...).
  const given = Object.fromEntries(
    Object.keys(DEFAULT_SETTINGS).flatMap((key) => {
      const value = input[key as keyof EmulatorSettings];
      return value === undefined ? [] : [[key, value]];
    }),
  ) as Partial<EmulatorSettings>;
  const declared = checkScopes(given.scopes ?? DEFAULT_SETTINGS.scopes, 'declared', scopes);
  const grantedScopes = checkScopes(given.grantedScopes ?? declared, 'granted', scopes);
  checkGranted(declared, grantedScopes);
  const settings = { ...DEFAULT_SETTINGS, ...given, scopes: declared, grantedScopes };
  Object.freeze(settings.scopes);
  Object.freeze(settings.grantedScopes);

  checkAppId(settings.appId);
  checkId('orgId', settings.orgId);
  checkId('userId', settings.userId);
  if (!Number.isInteger(settings.rateLimit) || settings.rateLimit < 1 || settings.rateLimit > MAX_RATE_LIMIT) {
    throw new UserError(
      `rate limit must be a whole number of requests per hour, 1 to 1000000 (got ${settings.rateLimit})`,
    );
  }
  if (settings.addonUrl !== null && !isHttpUrl(settings.addonUrl)) {
    throw new UserError(`add-on url "${settings.addonUrl}" must be an http(s) URL`);
  }
  return Object.freeze(settings);
}

export function checkAppId(appId: string): void {
  if (!APP_ID.test(appId))
    throw new UserError(`app id "${appId}" must be reverse-domain style, like com.example.my-addon`);
}

export function checkId(name: string, value: string): void {
  if (!PLAIN_ID.test(value)) throw new UserError(`${name} "${value}" must be 1-64 letters, digits or _.:-`);
}

export function checkScopes(input: string | readonly string[], what: string, list: ScopeList): string[] {
  const { scopes, unknown } = list.parse(input);
  if (unknown.length) {
    throw new UserError(`unknown ${what} scope ${unknown.join(', ')}: use <resource>.read|write|delete|*, or *`);
  }
  return scopes;
}

/** Spec 5.2 rule 1: the admin grants a subset of what the add-on declared. */
export function checkGranted(declared: readonly string[], granted: readonly string[]): void {
  const undeclared = granted.filter((scope) => !covers(declared, scope === '*' ? '*.*' : scope));
  if (undeclared.length) {
    throw new UserError(`scope ${undeclared.join(', ')} is not among the declared scopes (${declared.join(' ')})`);
  }
}

/**
 * A receiver's time to answer: short ones test timeouts quickly, long ones still end. With `strict`,
 * no longer than the platform's 10 s: a receiver slower than that fails there.
 */
export function checkWebhookTimeout(ms: number | undefined, strict = false): void {
  if (ms !== undefined && !(Number.isInteger(ms) && ms >= 100 && ms <= 600_000))
    throw new UserError(`the webhook timeout must be from 100 ms to 10 minutes (got ${ms} ms)`);
  if (strict && ms !== undefined && ms > SPEC_WEBHOOK_TIMEOUT_MS)
    throw new UserError(`with --strict the webhook timeout is at most the platform's 10 s (got ${ms / 1000} s)`);
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}
