import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { TOKEN_VARIANTS, type TokenVariant } from '../../src/auth/bad-tokens.js';
import { loadOrCreateKeys } from '../../src/auth/keys.js';
import { createTokenService } from '../../src/auth/tokens.js';
import { createClock } from '../../src/clock.js';
import { ApiError } from '../../src/errors.js';

const NOW = 1_800_000_000;
const who = { orgId: 'org_a', userId: 'usr_a', appId: 'com.example.test', scopes: ['customers.read'] };

async function setup() {
  const keys = await loadOrCreateKeys();
  return { keys, tokens: createTokenService({ keys, clock: createClock({ source: () => NOW * 1000 }) }) };
}

/** The one thing each variant spoils, and the code the emulator's API refuses it with. */
const EXPECTED: Record<TokenVariant, { code: string; differs: Record<string, unknown> }> = {
  expired: { code: 'token_expired', differs: { iat: NOW - 7200, exp: NOW - 3600 } },
  tampered: { code: 'invalid_signature', differs: { exp: NOW + 3600 + 86_400 } },
  'foreign-key': { code: 'unknown_key', differs: {} },
  'alg-none': { code: 'unsupported_algorithm', differs: {} },
  'wrong-type': { code: 'invalid_token_type', differs: { type: 'user_session' } },
};

describe('bad tokens', () => {
  it('has an expectation for every variant', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...TOKEN_VARIANTS].sort());
  });

  it.each(TOKEN_VARIANTS)('%s: a good token but for one thing, refused with its own code', async (variant) => {
    const { tokens } = await setup();
    const good = await tokens.mint(who);
    const bad = await tokens.mint({ ...who, variant });
    expect(bad.variant).toBe(variant);
    // What the token carries is what the minting says it carries, and only the variant's claims differ.
    expect(decodeJwt(bad.token)).toEqual(bad.claims);
    expect(bad.claims).toEqual({ ...good.claims, jti: bad.claims.jti, ...EXPECTED[variant].differs });
    const error = await tokens.verify(bad.token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 401, code: EXPECTED[variant].code });
  });

  it('keeps an expired token lifetime, and signs a foreign one with a key the JWKS does not hold', async () => {
    const { tokens, keys } = await setup();
    const expired = await tokens.mint({ ...who, expiresIn: 600, variant: 'expired' });
    expect(expired.claims.exp - expired.claims.iat).toBe(600);
    expect(expired.claims.exp).toBe(NOW - 3600);
    const foreign = decodeProtectedHeader((await tokens.mint({ ...who, variant: 'foreign-key' })).token);
    expect(foreign).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(keys.jwks.keys.map((k) => k.kid)).not.toContain(foreign.kid);
    expect(decodeProtectedHeader((await tokens.mint({ ...who, variant: 'alg-none' })).token).alg).toBe('none');
  });
});
