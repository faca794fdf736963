import { createLocalJWKSet, errors, jwtVerify } from 'jose';
import { toUnixSeconds, type Clock } from '../common/clock.js';
import { ApiError } from '../common/errors.js';
import { mintBadToken, type BadTokenClaims, type TokenVariant } from './bad-tokens.js';
import { ALGORITHM, signJwt, type SigningKeys } from './keys.js';
import { sessionOrder } from './session-order.js';
import {
  claimsRefusal,
  joseRefusal,
  REFUSALS,
  SESSION_TOKEN_TYPE,
  timeRefusal,
  type SessionClaims,
  type TokenRefusal,
} from './session-rules.js';

export type { SessionClaims } from './session-rules.js';

/** The longest lifetime a minted token may ask for: 30 days, for a long manual test session. */
export const MAX_TOKEN_LIFETIME_SECONDS = 30 * 86_400;

export interface MintRequest {
  orgId: string;
  userId: string;
  appId: string;
  scopes: string[];
  /** Seconds, 1 to MAX_TOKEN_LIFETIME_SECONDS; the platform's lifetime, 3600, by default. */
  expiresIn?: number;
  /** A bad token of this kind instead (auth/bad-tokens.ts), which the API refuses with 401. */
  variant?: TokenVariant;
}

/** A minted token and what it claims; `variant` names a bad one. */
export type MintedToken =
  | { token: string; claims: SessionClaims; variant?: undefined }
  | { token: string; claims: BadTokenClaims; variant: TokenVariant };

export const SESSION_LIFETIME_SECONDS = 3600;

export interface TokenService {
  mint(request: MintRequest): Promise<MintedToken>;
  /** Resolves to the claims of a valid token; throws a 401 ApiError otherwise. */
  verify(token: string): Promise<SessionClaims>;
  /**
   * The claims of a token verified before, checked against the clock at once (a 401 ApiError when
   * expired); null for a token not seen yet, which `verify` checks.
   */
  known(token: string): SessionClaims | null;
}

const unauthorized = (code: TokenRefusal) => new ApiError(401, code, REFUSALS[code]);

/** The 401 of an expired session, also what a fault rule's `expiredToken` answers. */
export const tokenExpired = (): ApiError => unauthorized('token_expired');

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
      const refusal = claimsRefusal(payload);
      if (refusal) throw unauthorized(refusal);
      return payload as unknown as SessionClaims;
    } catch (error) {
      // jose refuses a token with a JOSEError, the claims check with an ApiError (thrown as it is);
      // anything else is a bug, not the token's fault.
      if (!(error instanceof errors.JOSEError)) throw error;
      throw unauthorized(joseRefusal(error));
    }
  };

  const known = (token: string): SessionClaims | null => {
    const claims = verified.get(token);
    if (!claims) return null;
    const refusal = timeRefusal(claims, clock.now());
    if (refusal === 'token_expired') verified.delete(token);
    if (refusal) throw unauthorized(refusal);
    return claims;
  };

  return {
    async mint({ orgId, userId, appId, scopes, expiresIn = SESSION_LIFETIME_SECONDS, variant }) {
      const iat = toUnixSeconds(clock.now());
      const claims: SessionClaims = {
        type: SESSION_TOKEN_TYPE,
        orgId,
        userId,
        appId,
        scopes,
        // In the order of issue: a session ended stays ended for the tokens issued before (revocations.ts).
        jti: sessionOrder.next(),
        iat,
        exp: iat + expiresIn,
      };
      if (variant) return { ...(await mintBadToken(variant, claims, keys)), variant };
      return { token: await signJwt(claims, keys), claims };
    },

    async verify(token) {
      if (!verified.has(token)) {
        const claims = await verifySignature(token);
        if (verified.size >= MAX_CACHED) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
      }
      return known(token)!;
    },
    known,
  };
}
