import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { join } from 'node:path';
import { execa } from 'execa';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionTokenError, verifySessionToken } from '../../src/sdk/webhooks/index.js';
import { api, cleanUp, cli, ROOT, startDev, type DevProcess } from '../helpers.js';

/**
 * Backends on the emulated clock (docs/backend.md): against `addon dev`, after `addon clock advance`,
 * each recipe of the doc accepts a token the emulator has just minted (its iat is in the future of
 * real time) and refuses one the emulator has expired (still good by real time), where the library
 * left on the system clock gets one of them wrong.
 */
const APP_ID = 'com.example.clocked';
let dev: DevProcess;
/** Minted before the advance: expired on the emulated clock, good for another hour of real time. */
let stale: string;
/** Minted after it: good on the emulated clock, issued an hour in the future of real time. */
let fresh: string;

const addon = async (...args: string[]) => {
  const result = await cli([...args, '--emulator', dev.url]);
  expect(result.exitCode, result.stderr).toBe(0);
  return result.stdout.trim();
};

beforeAll(async () => {
  dev = await startDev(['--ephemeral', '--app-id', APP_ID]);
  stale = await addon('token');
  await addon('clock', 'advance', '61m');
  fresh = await addon('token');
}, 60_000);
afterAll(cleanUp);

/** The two tokens, as the emulator itself judges them. */
it('the emulator accepts the fresh token and refuses the stale one as expired', async () => {
  expect((await api(`${dev.apiUrl}/customers`, { token: fresh })).status).toBe(200);
  expect((await api(`${dev.apiUrl}/customers`, { token: stale })).body.code).toBe('token_expired');
});

const emulatorNowMs = async () =>
  ((await (await fetch(`${dev.url}/_emulator/clock`)).json()) as { nowMs: number }).nowMs;

describe('verifySessionToken', () => {
  const options = () => ({ jwksUrl: `${dev.url}/.well-known/jwks.json`, appId: APP_ID });
  const code = (token: string, clock: 'system' | 'emulator') =>
    verifySessionToken(token, { ...options(), clock }).then(
      () => 'accepted',
      (error: SessionTokenError) => error.code,
    );

  it("with clock: 'emulator' agrees with the emulator", async () => {
    expect(await code(fresh, 'emulator')).toBe('accepted');
    expect(await code(stale, 'emulator')).toBe('token_expired');
  });

  it('on the system clock gets both wrong', async () => {
    expect(await code(fresh, 'system')).toBe('token_not_yet_valid');
    expect(await code(stale, 'system')).toBe('accepted');
  });
});

describe('jose with currentDate', () => {
  // The recipe of docs/backend.md#jose.
  async function verify(token: string, appId: string): Promise<JWTPayload> {
    const jwks = createRemoteJWKSet(new URL(`${dev.url}/.well-known/jwks.json`));
    const nowMs = await emulatorNowMs();
    const { payload } = await jwtVerify(token, jwks, { algorithms: ['ES256'], currentDate: new Date(nowMs) });
    if (payload.iat! > nowMs / 1000) throw new Error('the session token was issued in the future');
    if (payload.type !== 'addon_session' || payload.appId !== appId)
      throw new Error('not a session token of this add-on');
    return payload;
  }

  it('accepts the fresh token and refuses the stale one', async () => {
    expect((await verify(fresh, APP_ID)).appId).toBe(APP_ID);
    await expect(verify(stale, APP_ID)).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
    await expect(verify(fresh, 'com.example.other')).rejects.toThrow('not a session token of this add-on');
  });
});

describe('jsonwebtoken with clockTimestamp', () => {
  // The recipe of docs/backend.md#jsonwebtoken.
  async function verify(token: string, appId: string, clock: 'emulator' | 'system' = 'emulator') {
    const { keys } = (await (await fetch(`${dev.url}/.well-known/jwks.json`)).json()) as {
      keys: Array<JsonWebKey & { kid: string }>;
    };
    const jwk = keys.find((key) => key.kid === jwt.decode(token, { complete: true })?.header.kid);
    if (!jwk) throw new Error('the session token names no key of the JWK Set');
    const clockTimestamp = clock === 'emulator' ? Math.floor((await emulatorNowMs()) / 1000) : undefined;
    const key = createPublicKey({ key: jwk, format: 'jwk' });
    const claims = jwt.verify(token, key, { algorithms: ['ES256'], clockTimestamp }) as jwt.JwtPayload;
    if (clockTimestamp !== undefined && claims.iat! > clockTimestamp)
      throw new Error('the session token was issued in the future');
    if (claims.type !== 'addon_session' || claims.appId !== appId)
      throw new Error('not a session token of this add-on');
    return claims;
  }

  it('accepts the fresh token and refuses the stale one', async () => {
    expect((await verify(fresh, APP_ID)).appId).toBe(APP_ID);
    await expect(verify(stale, APP_ID)).rejects.toBeInstanceOf(jwt.TokenExpiredError);
  });

  it('without clockTimestamp, accepts the token the emulator has expired (and, never checking iat, the fresh one)', async () => {
    expect((await verify(stale, APP_ID, 'system')).appId).toBe(APP_ID);
    expect((await verify(fresh, APP_ID, 'system')).appId).toBe(APP_ID);
  });
});

/**
 * PyJWT from Debian's python3-jwt (with python3-cryptography for ES256), when this machine has it: in
 * the python3 on PATH, or in Debian's own (/usr/bin/python3), which a pyenv or venv on PATH hides.
 */
const PYTHONS = ['python3', '/usr/bin/python3'];
const probes = await Promise.all(
  PYTHONS.map((python) => execa(python, ['-c', 'import jwt, cryptography; print(jwt.__version__)'], { reject: false })),
);
const found = probes.findIndex((probe) => probe.exitCode === 0);
const python = PYTHONS[Math.max(found, 0)];
const pyjwt = probes[Math.max(found, 0)];
const pyjwtMissing =
  found >= 0
    ? null
    : `no python3 here imports PyJWT with cryptography (${(pyjwt.stderr || String(pyjwt.message)).trim().split('\n').at(-1)}); ` +
      'apt-get install python3-jwt python3-cryptography to run it';
if (pyjwtMissing) console.warn(`skipped: the PyJWT recipe of docs/backend.md: ${pyjwtMissing}`);

describe(`PyJWT ${pyjwtMissing ? '(skipped: not installed)' : pyjwt.stdout.trim()}`, () => {
  const verify = async (token: string, clock: 'emulator' | 'system') => {
    const script = join(ROOT, 'test', 'fixtures', 'pyjwt-verify.py');
    const result = await execa(python, [script, dev.url, APP_ID, clock], { input: token, reject: false });
    expect(result.exitCode, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as { claims?: { appId: string }; error?: string; message?: string };
  };

  it.skipIf(pyjwtMissing)('on its own refuses the fresh token: the token is not yet valid (iat)', async () => {
    expect(await verify(fresh, 'system')).toEqual({
      error: 'ImmatureSignatureError',
      message: 'The token is not yet valid (iat)',
    });
  });

  it.skipIf(pyjwtMissing)(
    'checking iat and exp against the emulator clock, accepts the fresh token and refuses the stale one',
    async () => {
      expect((await verify(fresh, 'emulator')).claims?.appId).toBe(APP_ID);
      expect((await verify(stale, 'emulator')).error).toBe('ExpiredSignatureError');
    },
  );
});
