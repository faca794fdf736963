import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VARIANT_REFUSALS } from '../../src/auth/bad-tokens.js';
import { startEmulator, TOKEN_VARIANTS, type TestEmulator } from '../../src/testing/index.js';
import { api } from '../helpers.js';

/** The harness's `token({ variant })` and `POST /_emulator/tokens` with `variant`, over real HTTP. */
let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ scopes: ['customers.*'] });
});
afterAll(() => emulator?.close());

describe('bad tokens from the harness', () => {
  it.each(TOKEN_VARIANTS)('token({ variant: %o }) is refused by the API with 401', async (variant) => {
    const answer = await api(`${emulator.apiUrl}/customers`, { token: await emulator.token({ variant }) });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(VARIANT_REFUSALS[variant]);
  });

  it('keeps the other options: a bad token of another organization and scopes', async () => {
    const token = await emulator.token({ variant: 'wrong-type', orgId: 'org_other', scopes: ['customers.read'] });
    const [, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      type: 'user_session',
      orgId: 'org_other',
      scopes: ['customers.read'],
    });
  });
});

describe('POST /_emulator/tokens with variant', () => {
  it('answers the token, its claims and the variant', async () => {
    const minted = await api(`${emulator.url}/_emulator/tokens`, { body: { variant: 'expired' } });
    expect(minted.status).toBe(201);
    expect(minted.body).toMatchObject({ variant: 'expired', claims: { type: 'addon_session' } });
    expect(minted.body.claims.exp).toBeLessThan(Date.now() / 1000);
  });

  it('refuses a variant it does not know, naming the field', async () => {
    const refused = await api(`${emulator.url}/_emulator/tokens`, { body: { variant: 'stale' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed' });
    expect(JSON.stringify(refused.body)).toContain('variant');
  });
});
