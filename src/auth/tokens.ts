import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { toUnixSeconds, type Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import { ALGORITHM, type SigningKeys } from './keys.js';

/** The longest lifetime a minted token may ask for: 30 days, for a long manual test session. */
export const MAX_TOKEN_LIFETIME_SECONDS = 30 * 86_400;

/** The session token's claims, exactly as spec 2.1. */
export interface SessionClaims {
  type: 'addon_session';
  orgId: string;
  userId: string;
  appId: string;
  scopes: string[];
  jti: string;
  iat: number;
  exp: number;
}

export interface MintRequest {
  orgId: string;
  userId: string;
  appId: string;
  scopes: string[];
  /** Seconds, 1 to MAX_TOKEN_LIFETIME_SECONDS; the platform's lifetime, 3600, by default. */
  expiresIn?: number;
}

export const SESSION_LIFETIME_SECONDS = 3600;

export interface TokenService {
  mint(request: MintRequest): Promise<{ token: string; claims: SessionClaims }>;
  /** Resolves to the claims of a valid token; throws a 401 ApiError otherwise. */
  verify(token: string): Promise<SessionClaims>;
}

/** jose's error codes, as the reason an add-on developer reads in the 401 body. */
const JOSE_REASONS: Record<string, [code: string, message: string]> = {
  ERR_JWT_EXPIRED: ['token_expired', 'the session token has expired; reopen the add-on to get a new one'],
  ERR_JOSE_ALG_NOT_ALLOWED: ['unsupported_algorithm', `the session token must be signed with ${ALGORITHM}`],
  ERR_JOSE_NOT_SUPPORTED: ['unsupported_algorithm', `the session token must be signed with ${ALGORITHM}`],
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: ['invalid_signature', 'the session token signature does not verify'],
  ERR_JWKS_NO_MATCHING_KEY: ['unknown_key', 'the session token was signed by a key this emulator does not know'],
  ERR_JWKS_MULTIPLE_MATCHING_KEYS: ['unknown_key', 'the session token names no single known key'],
  ERR_JWT_CLAIM_VALIDATION_FAILED: ['invalid_claims', 'the session token claims are invalid'],
};

const unauthorized = (code: string, message: string) => new ApiError(401, code, message);

/** The 401 of an expired session, also what a fault rule's `expiredToken` answers. */
export const tokenExpired = (): ApiError => unauthorized(...JOSE_REASONS.ERR_JWT_EXPIRED);

/**
 * Mints and verifies session tokens. A token's signature is verified once and its claims are kept
 * until it expires: signature checks dominate request cost, and a token's bytes cannot change. Expiry
 * is still checked on every call, against the emulated clock.
 */
export function createTokenService({ keys, clock }: { keys: SigningKeys; clock: Clock }): TokenService {
  const jwks = createLocalJWKSet(keys.jwks);
  const verified = new Map<string, SessionClaims>();
  const MAX_CACHED = 10_000;

  const verifySignature = async (token: string): Promise<SessionClaims> => {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        algorithms: [ALGORITHM],
        currentDate: new Date(clock.now()),
      });
      return checkClaims(payload);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const [code, message] = JOSE_REASONS[(error as { code?: string }).code ?? ''] ?? [
        'malformed_token',
        'the session token is not a well-formed JWT',
      ];
      throw unauthorized(code, message);
    }
  };

  return {
    async mint({ orgId, userId, appId, scopes, expiresIn = SESSION_LIFETIME_SECONDS }) {
      const iat = toUnixSeconds(clock.now());
      const claims: SessionClaims = {
        type: 'addon_session',
        orgId,
        userId,
        appId,
        scopes,
        jti: randomUUID(),
        iat,
        exp: iat + expiresIn,
      };
      const token = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ALGORITHM, kid: keys.kid, typ: 'JWT' })
        .sign(keys.privateKey);
      return { token, claims };
    },

    async verify(token) {
      let claims = verified.get(token);
      if (!claims) {
        claims = await verifySignature(token);
        if (verified.size >= MAX_CACHED) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
      }
      const now = clock.now() / 1000;
      if (claims.exp <= now) {
        verified.delete(token);
        throw tokenExpired();
      }
      if (claims.iat > now) throw unauthorized('token_not_yet_valid', 'the session token was issued in the future');
      return claims;
    },
  };
}

function checkClaims(payload: JWTPayload): SessionClaims {
  const p = payload as Partial<Record<keyof SessionClaims, unknown>>;
  if (p.type !== 'addon_session') {
    throw unauthorized('invalid_token_type', 'the token is not an add-on session token (type must be addon_session)');
  }
  const strings = ['orgId', 'userId', 'appId', 'jti'] as const;
  const wellFormed =
    strings.every((k) => typeof p[k] === 'string' && p[k] !== '') &&
    Array.isArray(p.scopes) &&
    p.scopes.every((s) => typeof s === 'string') &&
    Number.isInteger(p.iat) &&
    Number.isInteger(p.exp);
  if (!wellFormed)
    throw unauthorized('invalid_claims', 'the session token lacks a claim of spec 2.1 or has one of the wrong type');
  return payload as unknown as SessionClaims;
}
