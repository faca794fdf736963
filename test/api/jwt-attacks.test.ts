import { SignJWT, importJWK, type JWK } from 'jose';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, inProcess, type InProcessEmulator, tempDir } from '../helpers.js';

/** Every forged or stale token is a 401 over HTTP, before the rate limit, audit or scope check. */
let em: InProcessEmulator;
let privateJwk: JWK;
let kid: string;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  const dataDir = await tempDir();
  em = await inProcess({ dataDir });
  ({ privateJwk, kid } = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')));
});
afterAll(cleanUp);

const claims = (overrides: Record<string, unknown> = {}) => {
  const iat = Math.floor(em.clock.now() / 1000);
  return {
    type: 'addon_session',
    orgId: 'org_demo',
    userId: 'usr_demo',
    appId: 'com.example.demo-addon',
    scopes: ['*'],
    jti: 'j1',
    iat,
    exp: iat + 3600,
    ...overrides,
  };
};
const signed = async (payload: Record<string, unknown>, header: Record<string, unknown> = {}) =>
  new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid, ...header }).sign(await importJWK(privateJwk, 'ES256'));

describe('JWT attacks', () => {
  it('accepts a token signed with the real key (the control for the cases below)', async () => {
    expect((await em.call('GET', 'customers', { token: await signed(claims()) })).status).toBe(200);
  });

  it.each([
    ['alg none', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
    [
      'HS256 signed with the public key',
      async () => {
        const publicJwk = (await em.call('GET', '/.well-known/jwks.json')).body.keys[0];
        return new SignJWT(claims())
          .setProtectedHeader({ alg: 'HS256', kid })
          .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
      },
    ],
    [
      'tampered claims',
      async () => {
        const [header, , signature] = (await signed(claims({ scopes: ['customers.read'] }))).split('.');
        return `${header}.${b64(claims({ scopes: ['*'] }))}.${signature}`;
      },
    ],
    ['expired', async () => signed(claims({ iat: 1_000_000_000, exp: 1_000_003_600 }))],
    [
      'issued in the future',
      async () =>
        signed(
          claims({ iat: Math.floor(em.clock.now() / 1000) + 3600, exp: Math.floor(em.clock.now() / 1000) + 7200 }),
        ),
    ],
    ['wrong type', async () => signed(claims({ type: 'user_session' }))],
    ['unknown key id', async () => signed(claims(), { kid: 'someone-elses-key' })],
    [
      'another data dir key',
      async () => {
        const other = await inProcess();
        return (await other.token()).token;
      },
    ],
    [
      'missing claims',
      async () =>
        signed({
          type: 'addon_session',
          iat: Math.floor(em.clock.now() / 1000),
          exp: Math.floor(em.clock.now() / 1000) + 60,
        }),
    ],
    ['not a JWT', async () => 'Bearer'],
  ])('%s: 401, no rate-limit headers, not audited', async (_name, forge) => {
    const audited = em.audit(1000).length;
    const res = await em.call('POST', 'customers', { token: await forge(), body: { name: 'x' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: expect.any(String) });
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    expect(em.audit(1000).length).toBe(audited);
  });
});
