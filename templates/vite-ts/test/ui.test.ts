// The add-on's own page inside the host page, headless: the front end in src/ served by Vite, opened
// by the emulator's host page in its iframe, speaking the bridge as it does under `npx addon dev`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openHostPage, startEmulator, type HostPage, type TestEmulator } from 'addon-devkit/testing';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const config = JSON.parse(readFileSync(new URL('../addon.config.json', import.meta.url), 'utf8')) as {
  appId: string;
  scopes: string[];
};

let emulator: TestEmulator;
let vite: ViteDevServer;
let host: HostPage;
let acme: { _id: string };

beforeAll(async () => {
  emulator = await startEmulator({ appId: config.appId, scopes: config.scopes });
  // A customer of the organization, put there as the service's users would (a scenario).
  const world = await emulator.scenario({ steps: [{ create: 'customers', data: { name: 'Acme Ltd' }, as: 'acme' }] });
  acme = world.records.acme;
  // The front end calls the API of this emulator (src/main.ts reads VITE_ADDON_API_URL).
  process.env.VITE_ADDON_API_URL = emulator.apiUrl;
  // This project's page on a free port; configFile: false keeps vite.config.ts (if any) out of it.
  vite = await createServer({
    root: fileURLToPath(new URL('..', import.meta.url)),
    configFile: false,
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0 },
  });
  await vite.listen();
  host = await openHostPage(emulator, {
    addonUrl: vite.resolvedUrls!.local[0],
    screenshotOnFailure: 'test-results/host-page.png',
  });
}, 60_000);
afterAll(async () => {
  await host?.close();
  await vite?.close();
  await emulator?.close();
});

// In order: the last test navigates away, which closes the add-on.
describe('the add-on in the host page', () => {
  it('says hello through the host when its button is clicked', async () => {
    await host.addon.getByRole('button', { name: 'Say hello' }).click();
    const notify = await host.messages.waitFor('service:notify');
    expect(notify.payload).toEqual({ message: expect.stringContaining(': 1 customer'), level: 'success' });
    expect(host.toasts()).toEqual([{ message: (notify.payload as { message: string }).message, level: 'success' }]);
  });

  it('listed the customers through the REST API with its session token', async () => {
    const calls = () => emulator.audit().filter((entry) => entry.path.startsWith('/api/addon/v1/customers'));
    await expect.poll(() => calls().length).toBe(1);
    expect(calls()[0]).toMatchObject({
      method: 'GET',
      path: '/api/addon/v1/customers?limit=10',
      status: 200,
      appId: config.appId,
      scope: { required: 'customers.read', decision: 'granted' },
    });
  });

  it("shows the API's error when the customers cannot be listed, and lists them on Retry", async () => {
    // A fault rule answers the next list with a 503 (docs/faults.md); reopening lists them again.
    emulator.faults.add({ path: '/customers', status: 503, times: 1 });
    await host.reopen();
    const alert = host.addon.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^Could not load the customers: injected by fault rule/);

    await host.addon.getByRole('button', { name: 'Retry' }).click();
    await host.addon.getByRole('button', { name: 'Acme Ltd' }).waitFor();
    expect(await alert.count()).toBe(0);
  });

  it("opens a customer's page in the service when the customer is clicked", async () => {
    await host.addon.getByRole('button', { name: 'Acme Ltd' }).click();
    const navigate = await host.messages.waitFor('service:navigate');
    expect(navigate.payload).toEqual({ path: `/customers/${acme._id}` });
    expect(host.navigations()).toEqual([`/customers/${acme._id}`]);
    // The shell shows the customer's page, and the add-on is left: closed, as in the service.
    await expect.poll(() => host.isClosed()).toBe(true);
    expect(new URL(host.page.url()).hash).toBe(`#/customers/${acme._id}`);
  });
});
