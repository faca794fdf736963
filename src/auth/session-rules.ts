import type { JWTPayload } from 'jose';
import { ALGORITHM } from './keys.js';

/**
 * What makes a session token valid, once: the emulator's API judges tokens by these rules, and so
 * does `verifySessionToken` in an add-on's backend, with the same reason codes.
 */

/** The `type` claim of every session token (spec 2.1). */
export const SESSION_TOKEN_TYPE = 'addon_session';

/** The session token's claims, exactly as spec 2.1 (a type, not an interface: it is a JWTPayload). */
export type SessionClaims = {
  type: typeof SESSION_TOKEN_TYPE;
  orgId: string;
  userId: string;
  appId: string;
  scopes: string[];
  jti: string;
  iat: number;
  exp: number;
};

/** Why a session token is refused: the `code` of the API's 401, and of `SessionTokenError`. */
export type TokenRefusal =
  | 'malformed_token'
  | 'unsupported_algorithm'
  | 'unknown_key'
  | 'invalid_signature'
  | 'invalid_claims'
  | 'invalid_token_type'
  | 'token_expired'
  | 'token_not_yet_valid';

/** What each reason tells the add-on developer. */
export const REFUSALS: Record<TokenRefusal, string> = {
  malformed_token: 'the session token is not a well-formed JWT',
  unsupported_algorithm: `the session token must be signed with ${ALGORITHM}`,
  unknown_key: 'the session token was signed by a key that is not in the JWKS',
  invalid_signature: 'the session token signature does not verify',
  invalid_claims: 'the session token lacks a claim of spec 2.1, has one of the wrong type, or is not valid yet (nbf)',
  invalid_token_type: `the token is not an add-on session token (type must be ${SESSION_TOKEN_TYPE})`,
  token_expired: 'the session token has expired; reopen the add-on to get a new one',
  token_not_yet_valid: 'the session token was issued in the future',
};

/** jose's error codes, as reasons; any other failure of jose is a token it could not read. */
const JOSE_REFUSALS: Record<string, TokenRefusal> = {
  ERR_JWT_EXPIRED: 'token_expired',
  ERR_JOSE_ALG_NOT_ALLOWED: 'unsupported_algorithm',
  ERR_JOSE_NOT_SUPPORTED: 'unsupported_algorithm',
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: 'invalid_signature',
  ERR_JWKS_NO_MATCHING_KEY: 'unknown_key',
  ERR_JWKS_MULTIPLE_MATCHING_KEYS: 'unknown_key',
  ERR_JWT_CLAIM_VALIDATION_FAILED: 'invalid_claims',
};

export const isJoseRefusal = (error: unknown): boolean => Object.hasOwn(JOSE_REFUSALS, joseCode(error));

export const joseRefusal = (error: unknown): TokenRefusal => JOSE_REFUSALS[joseCode(error)] ?? 'malformed_token';

const joseCode = (error: unknown): string => String((error as { code?: unknown } | null)?.code ?? '');

/** The first problem with the claims of a token whose signature verified, or null. */
export function claimsRefusal(payload: JWTPayload): 'invalid_token_type' | 'invalid_claims' | null {
  const p = payload as Partial<Record<keyof SessionClaims, unknown>>;
  if (p.type !== SESSION_TOKEN_TYPE) return 'invalid_token_type';
  const strings = ['orgId', 'userId', 'appId', 'jti'] as const;
  const wellFormed =
    strings.every((k) => typeof p[k] === 'string' && p[k] !== '') &&
    Array.isArray(p.scopes) &&
    p.scopes.every((s) => typeof s === 'string') &&
    Number.isInteger(p.iat) &&
    Number.isInteger(p.exp);
  return wellFormed ? null : 'invalid_claims';
}

/**
 * Expiry and issue time against `nowMs` (Unix ms), with `toleranceSeconds` of leeway both ways. Both
 * are checked on every call: a token's time can run out while its verified claims are cached, and
 * jose checks `exp` but never an `iat` in the future.
 */
export function timeRefusal(
  claims: Pick<SessionClaims, 'iat' | 'exp'>,
  nowMs: number,
  toleranceSeconds = 0,
): 'token_expired' | 'token_not_yet_valid' | null {
  const now = nowMs / 1000;
  if (claims.exp <= now - toleranceSeconds) return 'token_expired';
  if (claims.iat > now + toleranceSeconds) return 'token_not_yet_valid';
  return null;
}
