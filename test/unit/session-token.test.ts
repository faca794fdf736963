import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VARIANT_REFUSALS } from '../../src/auth/bad-tokens.js';
import { SessionTokenError, verifySessionToken, type VerifySessionTokenOptions } from '../../src/sdk/webhooks/index.js';
import { startEmulator, TOKEN_VARIANTS, type TestEmulator } from '../../src/testing/index.js';
import { api } from '../helpers.js';

/** verifySessionToken against a real emulator on 127.0.0.1: its JWKS and its clock over HTTP. */
const appId = 'com.example.backend';
let emulator: TestEmulator;
let options: VerifySessionTokenOptions;
beforeAll(async () => {
  emulator = await startEmulator({ appId });
  options = { jwksUrl: `${emulator.url}/.well-known/jwks.json`, appId, clock: 'emulator' };
});
afterAll(() => emulator?.close());

async function refusal(promise: Promise<unknown>): Promise<SessionTokenError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SessionTokenError);
  return error as SessionTokenError;
}

/** A URL on which nothing listens: a port that was free a moment ago. */
async function closedUrl(): Promise<string> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return `http://127.0.0.1:${port}`;
}

describe('verifySessionToken', () => {
  it('returns the claims of a good token', async () => {
    const token = await emulator.token({ scopes: ['customers.read'] });
    expect(await verifySessionToken(token, options)).toMatchObject({
      type: 'addon_session',
      appId,
      orgId: 'org_demo',
      scopes: ['customers.read'],
    });
  });

  it.each(TOKEN_VARIANTS)('refuses a %s token with 401 and the code the API gives', async (variant) => {
    const error = await refusal(verifySessionToken(await emulator.token({ variant }), options));
    expect(error).toMatchObject({ statusCode: 401, code: VARIANT_REFUSALS[variant], name: 'SessionTokenError' });
  });

  it('refuses a token of another add-on, no token and a string that is no JWT', async () => {
    const otherApp = await emulator.token({ appId: 'com.example.other' });
    expect(await refusal(verifySessionToken(otherApp, options))).toMatchObject({
      code: 'wrong_app',
      message: `the session token is for com.example.other, not ${appId}`,
    });
    expect((await refusal(verifySessionToken(undefined, options))).code).toBe('missing_token');
    expect((await refusal(verifySessionToken('', options))).code).toBe('missing_token');
    expect((await refusal(verifySessionToken('not.a.jwt', options))).code).toBe('malformed_token');
  });

  it('needs an appId, as a mistake of the caller rather than of the token', async () => {
    await expect(verifySessionToken('x', { ...options, appId: '' })).rejects.toThrow(TypeError);
  });

  it('answers 503 when the JWK Set or the emulator clock cannot be read, not 401', async () => {
    const token = await emulator.token();
    const nowhere = await closedUrl();
    const noKeys = await refusal(
      verifySessionToken(token, { ...options, jwksUrl: `${nowhere}/jwks.json`, emulatorUrl: emulator.url }),
    );
    expect(noKeys).toMatchObject({ statusCode: 503, code: 'jwks_unavailable' });
    expect(noKeys.message).toContain(`${nowhere}/jwks.json could not be read: ECONNREFUSED`);
    const noClock = await refusal(verifySessionToken(token, { ...options, emulatorUrl: nowhere }));
    expect(noClock).toMatchObject({ statusCode: 503, code: 'clock_unavailable' });
  });
});

describe('verifySessionToken on the emulated clock', () => {
  // Each test moves the clock of an emulator of its own.
  let moved: TestEmulator;
  let verifyOn: VerifySessionTokenOptions;
  beforeEach(async () => {
    moved = await startEmulator({ appId });
    verifyOn = { ...options, jwksUrl: `${moved.url}/.well-known/jwks.json` };
  });
  afterEach(() => moved.close());

  it('accepts a token minted after `advanceClock`, which the system clock finds issued in the future', async () => {
    await moved.advanceClock('10m');
    const token = await moved.token();
    expect((await verifySessionToken(token, verifyOn)).appId).toBe(appId);
    const system = await refusal(verifySessionToken(token, { ...verifyOn, clock: 'system' }));
    expect(system.code).toBe('token_not_yet_valid');
  });

  it('refuses a token the emulator has expired, which the system clock still finds good', async () => {
    const token = await moved.token();
    await moved.advanceClock('61m');
    expect((await api(`${moved.apiUrl}/customers`, { token })).body.code).toBe('token_expired');
    // The clock is read for each verification: no cached time lets the expired token through.
    expect((await refusal(verifySessionToken(token, verifyOn))).code).toBe('token_expired');
    await verifySessionToken(token, { ...verifyOn, clock: 'system' });
  });
});

describe('verifySessionToken at a time of your choosing', () => {
  it('takes the time from a function, with a leeway for clocks that disagree', async () => {
    const token = await emulator.token();
    const { iat } = await verifySessionToken(token, options);
    const at = (seconds: number) => ({ ...options, clock: () => new Date(seconds * 1000) });
    expect((await refusal(verifySessionToken(token, at(iat - 5)))).code).toBe('token_not_yet_valid');
    await verifySessionToken(token, { ...at(iat - 5), clockTolerance: 10 });
    expect((await refusal(verifySessionToken(token, at(iat + 3600)))).code).toBe('token_expired');
    await verifySessionToken(token, { ...at(iat + 3600), clockTolerance: 10 });
  });
});
