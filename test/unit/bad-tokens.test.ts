import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { TOKEN_VARIANTS, VARIANT_REFUSALS, type TokenVariant } from '../../src/auth/bad-tokens.js';
import { loadOrCreateKeys } from '../../src/auth/keys.js';
import { createTokenService } from '../../src/auth/tokens.js';
import { createClock } from '../../src/common/clock.js';
import { ApiError } from '../../src/common/errors.js';

const NOW = 1_800_000_000;
const who = { orgId: 'org_a', userId: 'usr_a', appId: 'com.example.test', scopes: ['customers.read'] };

async function setup() {
  const keys = await loadOrCreateKeys();
  return { keys, tokens: createTokenService({ keys, clock: createClock({ source: () => NOW * 1000 }) }) };
}

/** The claims each variant spoils (the others are a good token's). */
const DIFFERS: Record<TokenVariant, Record<string, unknown>> = {
  expired: { iat: NOW - 7200, exp: NOW - 3600 },
  tampered: { exp: NOW + 3600 + 86_400 },
  'foreign-key': {},
  'alg-none': {},
  'wrong-type': { type: 'user_session' },
};

describe('bad tokens', () => {
  it.each(TOKEN_VARIANTS)('%s: a good token but for one thing, refused with its own code', async (variant) => {
    const { tokens } = await setup();
    const good = await tokens.mint(who);
    const bad = await tokens.mint({ ...who, variant });
    expect(bad.variant).toBe(variant);
    // What the token carries is what the minting says it carries, and only the variant's claims differ.
    expect(decodeJwt(bad.token)).toEqual(bad.claims);
    expect(bad.claims).toEqual({ ...good.claims, jti: bad.claims.jti, ...DIFFERS[variant] });
    const error = await tokens.verify(bad.token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 401, code: VARIANT_REFUSALS[variant] });
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
