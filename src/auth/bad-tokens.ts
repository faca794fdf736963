import { base64url, UnsecuredJWT } from 'jose';
import { loadOrCreateKeys, signJwt, type SigningKeys } from './keys.js';
import type { SessionClaims, TokenRefusal } from './session-rules.js';

/**
 * Bad session tokens on demand (`addon token --expired`, the harness's `token({ variant })`), for
 * testing that an add-on's backend refuses them. Each is made from a good token's claims, so that
 * exactly one thing is wrong with it, and the emulator's own API refuses every one with 401.
 */
export const TOKEN_VARIANTS = ['expired', 'tampered', 'foreign-key', 'alg-none', 'wrong-type'] as const;
export type TokenVariant = (typeof TOKEN_VARIANTS)[number];

/** What each variant is (the CLI's help and docs/api.md#bad-tokens say the same). */
export const VARIANT_DESCRIPTIONS: Record<TokenVariant, string> = {
  expired: 'expired an hour ago on the emulated clock, well past the usual leeway for clock skew',
  tampered: 'its exp moved a day later after signing: the signature no longer matches the payload',
  'foreign-key': 'signed by another ES256 key, whose kid is not in the JWKS',
  'alg-none': 'not signed at all (alg none)',
  'wrong-type': 'signed by the emulator, but with type user_session instead of addon_session',
};

/** The reason a verifier gives for each, the emulator's API and `verifySessionToken` alike. */
export const VARIANT_REFUSALS: Record<TokenVariant, TokenRefusal> = {
  expired: 'token_expired',
  tampered: 'invalid_signature',
  'foreign-key': 'unknown_key',
  'alg-none': 'unsupported_algorithm',
  'wrong-type': 'invalid_token_type',
};

/** The claims a bad token carries: a good token's, but `type` may be another. */
export type BadTokenClaims = Omit<SessionClaims, 'type'> & { type: string };

const HOUR = 3600;

/** Lazily, one key pair per process that no emulator publishes. */
let foreignKeys: Promise<SigningKeys> | undefined;

/** A token of `variant` made from the claims of a good one, `good`, that `keys` would sign. */
export async function mintBadToken(
  variant: TokenVariant,
  good: SessionClaims,
  keys: SigningKeys,
): Promise<{ token: string; claims: BadTokenClaims }> {
  const signed = async (claims: BadTokenClaims, by = keys) => ({ token: await signJwt(claims, by), claims });
  switch (variant) {
    case 'expired':
      // The same lifetime, ended an hour before now: refused under any usual leeway for clock skew.
      return signed({ ...good, iat: good.iat - (good.exp - good.iat) - HOUR, exp: good.iat - HOUR });
    case 'tampered': {
      const [header, , signature] = (await signJwt(good, keys)).split('.');
      const claims = { ...good, exp: good.exp + 24 * HOUR };
      return { token: `${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`, claims };
    }
    case 'foreign-key':
      foreignKeys ??= loadOrCreateKeys();
      return signed(good, await foreignKeys);
    case 'alg-none':
      return { token: new UnsecuredJWT({ ...good }).encode(), claims: good };
    case 'wrong-type':
      return signed({ ...good, type: 'user_session' });
  }
}
