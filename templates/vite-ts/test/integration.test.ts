// Integration tests against the emulator: a fresh one in memory, on a free port, for this file.
import { readFileSync } from 'node:fs';
import { startEmulator, type TestEmulator } from 'addon-devkit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const config = JSON.parse(readFileSync(new URL('../addon.config.json', import.meta.url), 'utf8')) as {
  appId: string;
  scopes: string[];
};

let emulator: TestEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startEmulator({ appId: config.appId, scopes: config.scopes });
  token = await emulator.token();
});
afterAll(() => emulator?.close());

/** A call to the add-on REST API with the session token, as the front end makes it. */
async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${emulator.apiUrl}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('the add-on API, with the scopes of addon.config.json', () => {
  it("lists the organization's customers", async () => {
    // The organization's data, put there as the service's users would (a scenario, not the add-on's
    // token): the add-on only reads customers, so it asks for customers.read alone.
    await emulator.scenario({ steps: [{ create: 'customers', data: { name: 'Acme Ltd' } }] });

    const listed = await api('GET', 'customers?limit=10');
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(1);
    expect(listed.body.data.map((c: { name: string }) => c.name)).toEqual(['Acme Ltd']);
  });

  it('is refused what the add-on did not ask for', async () => {
    const refused = await api('POST', 'customers', { name: 'Globex Corporation' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ requiredScope: 'customers.write', grantedScopes: config.scopes });
  });

  it('is told when to try again once over the rate limit', async () => {
    // A fault rule gives the 429 the platform answers when the hour's calls are used up, once: how
    // to test that the add-on waits Retry-After seconds instead of failing (docs/faults.md).
    emulator.faults.add({ path: '/customers', rateLimited: true, times: 1 });

    const limited = await api('GET', 'customers');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api('GET', 'customers')).status).toBe(200);
  });
});

describe('the session token', () => {
  it('expires an hour after it was made (on the emulated clock)', async () => {
    expect((await api('GET', 'customers')).status).toBe(200);
    await emulator.advanceClock('61m');
    expect((await api('GET', 'customers')).status).toBe(401);
  });
});
