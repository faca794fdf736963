// The page's call to its backend, GET /api/whoami: the backend verifies the session token against
// the emulator's key and clock (verifySessionToken), answers the claims of a good one and refuses
// every bad one with 401.
import { readFileSync } from 'node:fs';
import { startEmulator, TOKEN_VARIANTS, type TestEmulator } from 'addon-devkit/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type Server } from '../server/index.ts';

const { appId, scopes } = JSON.parse(readFileSync(new URL('../addon.config.json', import.meta.url), 'utf8')) as {
  appId: string;
  scopes: string[];
};

let emulator: TestEmulator;
let backend: Server;

beforeAll(async () => {
  emulator = await startEmulator({ appId, scopes });
  const sessions = { jwksUrl: `${emulator.url}/.well-known/jwks.json`, clock: 'emulator' as const };
  backend = await startServer({ appId, port: 0, sessions });
});
afterAll(async () => {
  await backend?.close();
  await emulator?.close();
});

/** What the page does: `fetch('/api/whoami')` with its session token. */
async function whoami(token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response = await fetch(`${backend.url}/api/whoami`, { headers });
  return { status: response.status, body: await response.json() };
}

it('answers the verified claims of a good session token', async () => {
  const { status, body } = await whoami(await emulator.token());
  expect(status).toBe(200);
  expect(body).toMatchObject({ type: 'addon_session', appId, scopes });
});

it.each(TOKEN_VARIANTS)('refuses a %s token with 401', async (variant) => {
  const { status, body } = await whoami(await emulator.token({ variant }));
  expect(status).toBe(401);
  expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
});

it('refuses a call without a token, and a token the service made for another add-on', async () => {
  expect(await whoami()).toMatchObject({ status: 401, body: { error: 'missing_token' } });
  const other = await whoami(await emulator.token({ appId: 'com.example.another-addon' }));
  expect(other).toMatchObject({ status: 401, body: { error: 'wrong_app' } });
});

it('follows the emulated clock: a token expires with advanceClock, and the next one is good', async () => {
  const token = await emulator.token();
  await emulator.advanceClock('61m');
  expect(await whoami(token)).toMatchObject({ status: 401, body: { error: 'token_expired' } });
  // Issued an hour ahead of real time, and good all the same: the backend reads the emulator's clock.
  expect((await whoami(await emulator.token())).status).toBe(200);
});
