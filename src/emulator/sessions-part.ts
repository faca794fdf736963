import type { Refusal, PipelineDeps } from '../api/pipeline.js';
import { createRateLimiter, type RateLimiter } from '../auth/rate-limit.js';
import { covers } from '../auth/scopes.js';
import { createTokenService, type TokenService } from '../auth/tokens.js';
import { scopeToReceive } from '../domain/catalog.js';
import type { Registry } from '../domain/resources/registry.js';
import { createInstallations, type Installations } from '../installations/installations.js';
import { sessionPolicy, type MintSession } from '../installations/session-policy.js';
import { ApiError } from '../common/errors.js';
import { createListeners, type Listeners } from '../common/listeners.js';
import type { Webhooks } from '../webhooks/webhooks.js';
import type { Config } from './config-part.js';
import type { Storage } from './storage-part.js';

/** Who may call: the add-on's installations, the sessions they allow, and the calls refused. */
export interface Sessions {
  readonly tokens: TokenService;
  readonly installations: Installations;
  /** A session token with its claims, held to the installation in force. */
  readonly token: MintSession;
  /** The grant in force where the emulated add-on is opened by default. */
  grantedScopes(): string[];
  /** Throws unless the emulated add-on may subscribe to `event`: in the catalog, its read scope granted. */
  mayReceive(event: string): void;
  readonly limiter: RateLimiter;
  /** Every API call refused before the audit log: a 401 of the token check, a 429 of the rate limit. */
  readonly refusals: Listeners<Refusal>;
  /** An install, change or uninstall in an organization; null: the whole world was replaced. */
  readonly installationChanges: Listeners<{ orgId: string | null }>;
  /** The scopes a session holds: the emulated add-on's, as its installation grants them now. */
  readonly sessionScopes: PipelineDeps['sessionScopes'];
}

export interface SessionsInput {
  config: Pick<Config, 'settings' | 'registry'>;
  storage: Pick<Storage, 'keys' | 'clock' | 'store'>;
  /** An uninstall removes the add-on's subscriptions in the organization; a grant shrinking, those it no longer covers. */
  webhooks: Pick<Webhooks, 'subscriptions'>;
}

export function createSessions({ config, storage, webhooks }: SessionsInput): Sessions {
  const { settings, registry } = config;
  const { keys, clock, store } = storage;
  const tokens = createTokenService({ keys, clock });
  const installations = createInstallations({
    settings,
    scopes: registry.scopes,
    store,
    clock,
    subscriptions: webhooks.subscriptions,
    scopeToReceive: (event) => scopeToReceive(registry.catalog.known(event)),
  });
  const token = sessionPolicy(tokens, settings, registry.scopes, installations);
  const grantedScopes = () => installations.installation(settings.orgId)?.grantedScopes ?? [];
  return {
    tokens,
    installations,
    token,
    grantedScopes,
    mayReceive: receivable(registry, grantedScopes),
    limiter: createRateLimiter({ limit: settings.rateLimit, clock }),
    refusals: createListeners<Refusal>(),
    installationChanges: createListeners<{ orgId: string | null }>(),
    sessionScopes: (session) => (session.appId === settings.appId ? installations.inForce(session) : session.scopes),
  };
}

function receivable(registry: Registry, grantedScopes: () => string[]): Sessions['mayReceive'] {
  return (event) => {
    const scope = scopeToReceive(registry.catalog.known(event));
    const granted = grantedScopes();
    if (!covers(granted, scope))
      throw new ApiError(403, 'insufficient_scope', `${event} needs ${scope}, which the add-on is not granted`, {
        requiredScope: scope,
        grantedScopes: granted,
      });
  };
}
