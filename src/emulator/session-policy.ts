import type { ScopeList } from '../auth/scopes.js';
import type { MintedToken, MintRequest, TokenService } from '../auth/tokens.js';
import { checkAppId, checkGranted, checkId, checkScopes, type EmulatorSettings } from './settings.js';

export type MintSession = (request?: Partial<MintRequest>) => Promise<MintedToken>;

/**
 * Which sessions the emulator hands out (`addon token`, the host page, the harness): for the
 * emulated add-on, organization and user unless others are named, with the granted scopes unless
 * others are asked for, and never a scope the add-on did not declare (spec 5.2 rule 1). A bad token
 * (`variant`) passes the same checks: only the one thing its variant spoils is wrong with it.
 */
export function sessionPolicy(tokens: TokenService, settings: EmulatorSettings, scopeList: ScopeList): MintSession {
  return async (request = {}) => {
    const scopes = request.scopes ? checkScopes(request.scopes, 'requested', scopeList) : settings.grantedScopes;
    checkGranted(settings.scopes, scopes);
    const { appId = settings.appId, orgId = settings.orgId, userId = settings.userId } = request;
    checkId('orgId', orgId);
    checkId('userId', userId);
    checkAppId(appId);
    return tokens.mint({ appId, orgId, userId, scopes, expiresIn: request.expiresIn, variant: request.variant });
  };
}
