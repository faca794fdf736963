import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ALGORITHM } from '../../auth/keys.js';
import {
  claimsRefusal,
  isJoseRefusal,
  joseRefusal,
  REFUSALS,
  timeRefusal,
  type SessionClaims,
  type TokenRefusal,
} from '../../auth/session-rules.js';

export type { SessionClaims, TokenRefusal } from '../../auth/session-rules.js';

/**
 * Why `verifySessionToken` refused: the codes of the platform API's 401 (docs/api.md#verification),
 * plus `wrong_app`, and two that are no fault of the token (503): the JWKS or the emulator's clock
 * could not be read.
 */
export type SessionTokenErrorCode =
  TokenRefusal | 'missing_token' | 'wrong_app' | 'jwks_unavailable' | 'clock_unavailable';

/** Thrown by `verifySessionToken`: answer the page with `statusCode` and `code`. */
export class SessionTokenError extends Error {
  /** 401 for a token to refuse; 503 when it could not be checked (`jwks_unavailable`, `clock_unavailable`). */
  readonly statusCode: number;

  constructor(
    readonly code: SessionTokenErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SessionTokenError';
    this.statusCode = code === 'jwks_unavailable' || code === 'clock_unavailable' ? 503 : 401;
  }
}

/** What "now" is for `exp` and `iat`, in Unix milliseconds or as a Date. */
export type SessionClock = 'system' | 'emulator' | (() => number | Date | Promise<number | Date>);

export interface VerifySessionTokenOptions {
  /** The JWK Set that holds the signing key: the platform's, or the emulator's `<url>/.well-known/jwks.json`. */
  jwksUrl: string | URL;
  /** Your add-on's app id: a token the service made for another add-on is refused (`wrong_app`). */
  appId: string;
  /**
   * `'system'` (default): this machine's time, as in production. `'emulator'`: the emulator's clock,
   * which `addon clock advance` moves, read from `GET <emulatorUrl>/_emulator/clock` for every
   * verification. Or a function that returns the time to verify at.
   */
  clock?: SessionClock;
  /** With `clock: 'emulator'`: the emulator's URL; by default the origin of `jwksUrl`. */
  emulatorUrl?: string | URL;
  /** Seconds of leeway for `exp` and `iat`, for clocks that disagree a little; default 0. */
  clockTolerance?: number;
}

/**
 * Verifies a session token that the add-on's page sent to its backend, and returns its claims:
 * signed with ES256 by a key of the JWK Set, a session token (`type`), for this add-on (`appId`),
 * with every claim of spec 2.1, not expired and not issued in the future. Throws `SessionTokenError`.
 * The JWK Set is fetched once per URL and kept (jose refetches it when a token names a new key).
 */
export async function verifySessionToken(
  token: string | null | undefined,
  options: VerifySessionTokenOptions,
): Promise<SessionClaims> {
  const { appId, clockTolerance = 0 } = options;
  if (typeof appId !== 'string' || appId === '') throw new TypeError('verifySessionToken needs your add-on appId');
  const keys = keySet(options.jwksUrl);
  if (!token) throw new SessionTokenError('missing_token', 'no session token was sent');
  const now = await nowMs(options);
  let claims: SessionClaims;
  try {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: [ALGORITHM],
      currentDate: new Date(now),
      clockTolerance,
    });
    const refusal = claimsRefusal(payload);
    if (refusal) throw refused(refusal);
    claims = payload as unknown as SessionClaims;
  } catch (error) {
    throw error instanceof SessionTokenError ? error : refused(joseRefusal(error));
  }
  if (claims.appId !== appId)
    throw new SessionTokenError('wrong_app', `the session token is for ${claims.appId}, not ${appId}`);
  const late = timeRefusal(claims, now, clockTolerance);
  if (late) throw refused(late);
  return claims;
}

const refused = (code: TokenRefusal) => new SessionTokenError(code, REFUSALS[code]);

/** One remote key set per URL, so that its cache serves every verification; the newest few URLs are kept. */
const keySets = new Map<string, JWTVerifyGetKey>();
const MAX_KEY_SETS = 20;

function keySet(jwksUrl: string | URL): JWTVerifyGetKey {
  const url = new URL(jwksUrl).href;
  let keys = keySets.get(url);
  if (!keys) {
    const remote = createRemoteJWKSet(new URL(url));
    // A key set that cannot be read is no fault of the token: 503, not 401.
    keys = async (header, token) => {
      try {
        return await remote(header, token);
      } catch (error) {
        if (isJoseRefusal(error)) throw error;
        throw new SessionTokenError('jwks_unavailable', `the JWK Set at ${url} could not be read: ${reason(error)}`);
      }
    };
    if (keySets.size >= MAX_KEY_SETS) keySets.delete(keySets.keys().next().value!);
    keySets.set(url, keys);
  }
  return keys;
}

/**
 * The time to verify at. The emulator's clock is read afresh each time, never cached: `addon clock
 * advance` (or a restored state, which may move it back) can change it between two requests, and a
 * cached offset would accept a token the emulator has expired, or refuse one it has just minted.
 */
async function nowMs({ clock = 'system', emulatorUrl, jwksUrl }: VerifySessionTokenOptions): Promise<number> {
  if (clock === 'system') return Date.now();
  if (typeof clock === 'function') return Number(await clock());
  if (clock !== 'emulator') throw new TypeError(`clock must be 'system', 'emulator' or a function, not ${clock}`);
  const url = new URL('/_emulator/clock', emulatorUrl ?? jwksUrl);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    const { nowMs } = (await response.json()) as { nowMs?: unknown };
    if (!response.ok || typeof nowMs !== 'number') throw new Error(`answered ${response.status}`);
    return nowMs;
  } catch (error) {
    throw new SessionTokenError(
      'clock_unavailable',
      `the emulator's clock at ${url} could not be read: ${reason(error)}`,
    );
  }
}

const reason = (error: unknown): string => {
  const { message, cause } = error as { message?: string; cause?: { code?: string } };
  return cause?.code ?? message ?? String(error);
};
