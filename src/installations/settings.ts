import { checkGranted, checkScopes } from '../auth/scope-checks.js';
import type { ScopeList } from '../auth/scopes.js';
import { mayUse } from './installation.js';
import { resolveOrganizations, type OrganizationInput, type OrganizationSettings } from './organizations.js';
import { DEFAULT_REGISTRY } from '../domain/resources/registry.js';
import { UserError } from '../common/errors.js';
import { APP_ID, PLAIN_ID } from './installation-ids.js';
import { SPEC_WEBHOOK_TIMEOUT_MS } from '../parity/parity-kinds.js';
import { MAX_RATE_LIMIT } from '../common/limits.js';
import { URL } from '../common/node-web.js';

/**
 * What an emulator emulates: one add-on, its declared scopes, and where it is installed: in the
 * organizations configured (`organizations`), or with none, in every organization with the granted
 * scopes, opened by the one user named (docs/installations.md).
 */
export interface EmulatorSettings {
  /** Reverse-domain app id, e.g. com.example.invoice-helper. */
  readonly appId: string;
  readonly name: string;
  /** Where the add-on's front end runs; null until one is configured. */
  readonly addonUrl: string | null;
  /** The scopes the add-on declares. */
  readonly scopes: string[];
  /** The subset the organization admin granted where no installation says otherwise: what session tokens carry. */
  readonly grantedScopes: string[];
  /** The organization a session is for unless another is named: the first configured one by default. */
  readonly orgId: string;
  /** The user a session is for unless another is named: the first who may use the add-on by default. */
  readonly userId: string;
  /** The organizations configured, with their users and the add-on's installation; null: the open world. */
  readonly organizations: readonly OrganizationSettings[] | null;
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
  organizations: null,
};

/** What settings are made from: the organizations as configured, the rest as they are. */
export type SettingsInput = Partial<Omit<EmulatorSettings, 'organizations'>> & {
  organizations?: readonly OrganizationInput[];
};

/** The settings of `input` over the defaults, each checked; scopes are checked against `scopes`. */
export function resolveSettings(
  input: SettingsInput = {},
  scopes: ScopeList = DEFAULT_REGISTRY.scopes,
): EmulatorSettings {
  // Only the settings' own keys: callers pass wider option objects (port, dataDir, ...).
  const given = Object.fromEntries(
    Object.keys(DEFAULT_SETTINGS).flatMap((key) => {
      const value = input[key as keyof SettingsInput];
      return value === undefined ? [] : [[key, value]];
    }),
  ) as SettingsInput;
  const declared = checkScopes(given.scopes ?? DEFAULT_SETTINGS.scopes, 'declared', scopes);
  const grantedScopes = checkScopes(given.grantedScopes ?? declared, 'granted', scopes);
  checkGranted(declared, grantedScopes);
  const organizations = given.organizations ? resolveOrganizations(given.organizations, declared, scopes) : null;
  const settings = {
    ...DEFAULT_SETTINGS,
    ...given,
    ...(organizations && defaultSession(organizations, given)),
    scopes: declared,
    grantedScopes,
    organizations: organizations && Object.freeze(organizations),
  };
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

/**
 * With organizations configured, the session opened unless another is asked for: the organization
 * named (else the first where the add-on is installed, else the first), and the user named (else its
 * first who may use the add-on, else its first). Either named must exist.
 */
function defaultSession(
  organizations: readonly OrganizationSettings[],
  given: SettingsInput,
): { orgId: string; userId: string } {
  const org = given.orgId
    ? organizations.find(({ id }) => id === given.orgId)
    : (organizations.find(({ installation }) => installation) ?? organizations[0]);
  if (!org) throw new UserError(`orgId ${given.orgId} is not among the organizations configured`);
  if (given.userId && !org.users.some(({ id }) => id === given.userId))
    throw new UserError(`userId ${given.userId} is not a user of ${org.id}`);
  const user = org.users.find((user) => org.installation && mayUse(org.installation.access, user)) ?? org.users[0];
  return { orgId: org.id, userId: given.userId ?? user?.id ?? DEFAULT_SETTINGS.userId };
}
