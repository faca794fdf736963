import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { loadOrCreateKeys } from '../../src/auth/keys.js';
import { createTokenService } from '../../src/auth/tokens.js';
import { createClock } from '../../src/common/clock.js';
import { ApiError } from '../../src/common/errors.js';
import { cleanUp, tempDir } from '../helpers.js';

afterEach(cleanUp);

const who = { orgId: 'org_a', userId: 'usr_a', appId: 'com.example.test', scopes: ['customers.read'] };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function setup() {
  const keys = await loadOrCreateKeys();
  const clock = createClock({ source: () => 1_800_000_000_000 });
  return { keys, clock, tokens: createTokenService({ keys, clock }) };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).statusCode).toBe(401);
  return error as ApiError;
}

describe('session tokens', () => {
  it('carries exactly the claims of spec 2.1, with exp = iat + 3600, verifiable from the JWKS', async () => {
    const { keys, tokens } = await setup();
    const { token, claims } = await tokens.mint(who);
    expect(Object.keys(claims).sort()).toEqual(['appId', 'exp', 'iat', 'jti', 'orgId', 'scopes', 'type', 'userId']);
    expect(claims).toMatchObject({ type: 'addon_session', ...who, iat: 1_800_000_000, exp: 1_800_003_600 });
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(keys.jwks), {
      currentDate: new Date(1_800_000_000_000),
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('gives each token its own jti', async () => {
    const { tokens } = await setup();
    const a = await tokens.mint(who);
    const b = await tokens.mint(who);
    expect(a.claims.jti).not.toBe(b.claims.jti);
  });

  it('expires on the emulated clock, even once verified and cached', async () => {
    const { tokens, clock } = await setup();
    const { token } = await tokens.mint(who);
    await tokens.verify(token);
    clock.advance(3_599_000);
    await tokens.verify(token);
    clock.advance(1_000);
    expect((await rejection(tokens.verify(token))).code).toBe('token_expired');
  });

  it('rejects alg none', async () => {
    const { tokens } = await setup();
    const now = 1_800_000_000;
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ type: 'addon_session', ...who, jti: 'x', iat: now, exp: now + 3600 })}.`;
    expect(['unsupported_algorithm', 'malformed_token']).toContain((await rejection(tokens.verify(token))).code);
  });

  it('rejects HS256 signed with the public key', async () => {
    const { tokens, keys } = await setup();
    const now = 1_800_000_000;
    const secret = new TextEncoder().encode(JSON.stringify(keys.jwks.keys[0]));
    const token = await new SignJWT({ type: 'addon_session', ...who, jti: 'x', iat: now, exp: now + 3600 })
      .setProtectedHeader({ alg: 'HS256', kid: keys.kid })
      .sign(secret);
    expect((await rejection(tokens.verify(token))).code).toBe('unsupported_algorithm');
  });

  it('rejects tampered claims', async () => {
    const { tokens } = await setup();
    const { token } = await tokens.mint(who);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${header}.${b64({ ...claims, scopes: ['*'] })}.${signature}`;
    expect((await rejection(tokens.verify(forged))).code).toBe('invalid_signature');
  });

  it('rejects a token signed by another data dir key', async () => {
    const { tokens } = await setup();
    const other = await setup();
    const { token } = await other.tokens.mint(who);
    expect((await rejection(tokens.verify(token))).code).toBe('unknown_key');
  });

  it('rejects the wrong type, missing claims and a future iat', async () => {
    const { tokens, keys } = await setup();
    const now = 1_800_000_000;
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: keys.kid }).sign(keys.privateKey);
    const base = { type: 'addon_session', ...who, jti: 'j', iat: now, exp: now + 3600 };
    expect((await rejection(tokens.verify(await sign({ ...base, type: 'user_session' })))).code).toBe(
      'invalid_token_type',
    );
    expect((await rejection(tokens.verify(await sign({ ...base, orgId: undefined })))).code).toBe('invalid_claims');
    expect((await rejection(tokens.verify(await sign({ ...base, scopes: 'customers.read' })))).code).toBe(
      'invalid_claims',
    );
    expect((await rejection(tokens.verify(await sign({ ...base, iat: now + 600 })))).code).toBe('token_not_yet_valid');
  });

  it('rejects garbage', async () => {
    const { tokens } = await setup();
    for (const token of [
      'abc',
      'a.b.c',
      '',
      `${b64({ alg: 'ES256' })}.e30.` + createHmac('sha256', 'k').digest('base64url'),
    ]) {
      expect(['malformed_token', 'invalid_signature', 'unknown_key', 'invalid_claims']).toContain(
        (await rejection(tokens.verify(token))).code,
      );
    }
  });

  it('keeps one key pair per data dir, private key file readable by the owner only', async () => {
    const dir = await tempDir();
    const first = await loadOrCreateKeys(dir);
    const second = await loadOrCreateKeys(dir);
    expect(second.kid).toBe(first.kid);
    expect(second.jwks).toEqual(first.jwks);
    expect(first.jwks.keys[0]).not.toHaveProperty('d');
    const { statSync } = await import('node:fs');
    expect(statSync(`${dir}/keys.json`).mode & 0o777).toBe(0o600);
  });
});
