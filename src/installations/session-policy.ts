import { checkGranted, checkScopes } from '../auth/scope-checks.js';
import { includes, type ScopeList } from '../auth/scopes.js';
import type { MintedToken, MintRequest, TokenService } from '../auth/tokens.js';
import { ApiError } from '../common/errors.js';
import type { Installations } from './installations.js';
import { checkAppId, checkId, type EmulatorSettings } from './settings.js';

export type MintSession = (request?: Partial<MintRequest>) => Promise<MintedToken>;

/**
 * Which sessions the emulator hands out (`addon token`, the host page, the harness): for the
 * emulated add-on, organization and user unless others are named; only to a user who may use the
 * add-on where it is installed, with that installation's grant, or a part of it when fewer scopes
 * are asked for (spec 1, 5.2 rule 1; docs/installations.md). A token for another app id (a test of
 * a backend's checks) is not judged by installations: the emulator emulates one add-on. A bad token
 * (`variant`) passes the same checks: only the one thing its variant spoils is wrong with it.
 */
export function sessionPolicy(
  tokens: TokenService,
  settings: EmulatorSettings,
  scopeList: ScopeList,
  installations: Installations,
): MintSession {
  return async (request = {}) => {
    const { appId = settings.appId, orgId = settings.orgId, userId = settings.userId } = request;
    checkId('orgId', orgId);
    checkId('userId', userId);
    checkAppId(appId);
    const grant = appId === settings.appId ? installations.sessionGrant(orgId, userId) : settings.grantedScopes;
    const scopes = request.scopes ? checkScopes(request.scopes, 'requested', scopeList) : grant;
    checkGranted(settings.scopes, scopes);
    const beyond = scopes.filter((scope) => !includes(grant, scope));
    if (beyond.length)
      throw new ApiError(
        403,
        'scope_not_granted',
        `scope ${beyond.join(', ')} is not granted in ${orgId} (granted: ${grant.join(' ') || 'nothing'})`,
      );
    return tokens.mint({ appId, orgId, userId, scopes, expiresIn: request.expiresIn, variant: request.variant });
  };
}
