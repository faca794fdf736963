// openHostPage() from addon-devkit/testing: the host page headless with an add-on in its frame, and
// handles on what the bridge carried and what the host did. Driven here through every bridge message
// with the bundled demo add-on (in `addon dev`, reached by URL) and the SDK fixture add-on (in the
// test harness), the expired session, a reopening with other scopes, and a failed wait.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../src/testing/host-browser.js';
import { openHostPage, startEmulator, type BridgeMessage, type HostPageOptions } from '../../src/testing/index.js';
import { startDev, tempDir } from '../helpers.js';
import { useBrowser } from './browser.js';
import { serveFixture } from './fixture-addon.js';
import { shellPageAt } from './shell-page.js';

/** A field of a message's payload, which the host logged as parsed JSON of whatever shape the add-on sent. */
const field = ({ payload }: BridgeMessage, name: string): unknown => new Map(Object.entries(payload ?? {})).get(name);

const { browser, keep } = useBrowser();
let fixture: { url: string; close(): Promise<void> };

beforeAll(async () => {
  fixture = await serveFixture();
});
afterAll(async () => {
  await fixture?.close();
});

/** The SDK fixture add-on in a harness emulator; the emulator serves the API on the host page's origin. */
async function fixtureHost(options: HostPageOptions = {}) {
  const scopes = ['customers.read', 'customers.write', 'invoices.read'];
  const emulator = keep(await startEmulator({ addonUrl: fixture.url, scopes }));
  const host = keep(await openHostPage(emulator, { browser: browser(), ...options }));
  return { emulator, host };
}

describe('openHostPage', () => {
  it('drives the demo add-on of addon dev through every bridge message', async () => {
    const dev = await startDev(['--ephemeral']);
    const host = keep(await openHostPage(dev.url, { browser: browser() }));
    const [ready, context] = host.messages.list();
    expect(ready).toMatchObject({ direction: 'in', type: 'service:ready', warning: null });
    expect(context).toMatchObject({
      direction: 'out',
      type: 'service:context',
      payload: { orgId: 'org_demo', userId: 'usr_demo', scopes: ['*'] },
    });
    expect((await host.session()).claims).toMatchObject({ type: 'addon_session', orgId: 'org_demo' });

    await host.addon.getByTestId('demo-notify-success').click();
    const notify = await host.messages.waitFor('service:notify', (m) => field(m, 'level') === 'success');
    expect(notify.payload).toEqual({ message: 'A success message from the demo add-on', level: 'success' });
    expect(host.toasts()).toEqual([{ message: 'A success message from the demo add-on', level: 'success' }]);

    // The demo sized itself on opening: the wait is for the resize this click sends.
    const since = host.messages.count();
    await host.addon.getByTestId('demo-resize').click();
    await host.waitForResize({ since });
    expect(await host.frameHeight()).toBe(640);

    // The invoices' list, a page of the service's: the host shows it and leaves the add-on.
    await host.addon.getByTestId('demo-navigate').click();
    await host.messages.waitFor('service:navigate');
    expect(host.navigations()).toEqual(['/invoices']);
    expect(await shellPageAt(host.page, '/invoices')).toBe('Invoices');
    expect(await host.isClosed()).toBe(true);

    await host.reopen();
    expect(await host.isClosed()).toBe(false);
    await host.addon.getByTestId('demo-close').click();
    await host.messages.waitFor('service:close');
    expect(await host.isClosed()).toBe(true);
    expect(await host.frameHeight()).toBeNull();
  });

  it('drives an add-on built on the SDK, in the harness, through every bridge message', async () => {
    const { host } = await fixtureHost();
    await host.addon.getByTestId('sdk-context').and(host.addon.locator('[data-ready="true"]')).waitFor();

    await host.addon.getByTestId('sdk-notify').click();
    await host.messages.waitFor('service:notify');
    expect(host.toasts()).toEqual([{ message: 'Saved from the SDK', level: 'success' }]);
    await host.addon.getByTestId('sdk-navigate').click();
    await host.messages.waitFor('service:navigate');
    expect(host.navigations()).toEqual(['/reports/sdk']);
    await host.addon.getByTestId('sdk-resize').click();
    await host.messages.waitFor('service:resize', (m) => field(m, 'height') === 432);
    expect(await host.frameHeight()).toBe(432);
    await host.addon.getByTestId('sdk-close').click();
    await host.messages.waitFor('service:close');
    expect(await host.isClosed()).toBe(true);
  });

  it('expires the session on the emulated clock, and reopens with other scopes, org and user', async () => {
    const { emulator, host } = await fixtureHost();
    const { claims } = await host.session();
    await host.expireSession();
    expect(await host.isExpired()).toBe(true);
    // The add-on's next call gets the 401 of an expired session (clicked under the host's overlay).
    await host.addon.getByTestId('sdk-list-customers').dispatchEvent('click');
    await host.addon.locator('[data-testid="sdk-result"][data-outcome="session-expired"]').waitFor();
    expect((await emulator.emulator.clockState()).nowMs).toBeGreaterThan(claims.exp * 1000);

    await host.reopen({ scopes: ['customers.read'], orgId: 'org_second', userId: 'usr_second' });
    expect(await host.isExpired()).toBe(false);
    expect((await host.session()).claims).toMatchObject({
      orgId: 'org_second',
      userId: 'usr_second',
      scopes: ['customers.read'],
    });
    const contexts = host.messages.list().filter((m) => m.type === 'service:context');
    expect(contexts.map((m) => field(m, 'orgId'))).toEqual(['org_demo', 'org_second']);
    await host.addon.getByTestId('sdk-create-customer').click();
    await host.addon.locator('[data-testid="sdk-result"][data-outcome="scope-error"]').waitFor();
  });

  it('opens any add-on URL on an emulator configured without one', async () => {
    const emulator = keep(await startEmulator({ scopes: ['customers.read'] }));
    const host = keep(await openHostPage(emulator, { browser: browser(), addonUrl: fixture.url }));
    expect(new URL((await host.addonFrame()).url()).origin).toBe(new URL(fixture.url).origin);
    // The emulator itself is unchanged: only this page was told another add-on URL.
    expect(emulator.emulator.status().addonUrl).toBeNull();
  });

  it('says on a failed wait what the bridge carried and what the host warned of, with a screenshot', async () => {
    const screenshot = join(await tempDir(), 'host.png');
    const { host } = await fixtureHost({ screenshotOnFailure: screenshot, timeoutMs: 5000 });
    await (
      await host.addonFrame()
    ).evaluate(() =>
      window.parent.postMessage({ type: 'service:notify', payload: { message: 'Loud', level: 'loud' } }, '*'),
    );
    // Logged by the host, with its warning, before the wait that cannot succeed.
    expect((await host.messages.waitFor('service:notify')).warning).toMatch(/level/);
    const error = await host.messages
      .waitFor('service:notify', (m) => m.warning === null, { timeoutMs: 300 })
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    const text = (error as Error).message;
    expect(text).toContain('openHostPage: no service:notify that the predicate accepts within 5000 ms');
    expect(text).toContain('in  service:ready');
    expect(text).toMatch(/out service:context \{"orgId":"org_demo"/);
    expect(text).toMatch(/in  service:notify \{"message":"Loud","level":"loud"\}  ⚠ ignored by the host: .*level/);
    expect(text).toContain('Malformed messages the host warned of: 1');
    expect(text).toContain(`Screenshot of the host page: ${screenshot}`);
    expect(existsSync(screenshot)).toBe(true);
  });

  it("counts what the host dropped over the bridge's limits, keeps the rest whole, and says so on a failed wait", async () => {
    const { host } = await fixtureHost({ timeoutMs: 5000 });
    const frame = await host.addonFrame();
    const since = host.messages.count();
    await frame.evaluate(() => {
      const post = (message: string) =>
        window.parent.postMessage({ type: 'service:notify', payload: { message, level: 'success' } }, '*');
      post('y'.repeat(60_000));
      post('x'.repeat(4 * 1024 * 1024));
    });
    const huge = await host.messages.waitFor('service:notify', (m) => m.over === 'size', { since });
    expect(huge).toEqual({
      direction: 'in',
      type: 'service:notify',
      payload: undefined,
      warning: expect.stringMatching(
        /^service:notify of 4,194,3\d\d characters or more is over the bridge's size limit/,
      ),
      over: 'size',
    });
    // The whole payload of what the host took, though its row and its toast show it cut.
    const long = host.messages.list()[since]!;
    expect(long).toMatchObject({ type: 'service:notify', warning: null, payload: { message: 'y'.repeat(60_000) } });
    expect(host.toasts()).toEqual([{ message: `${'y'.repeat(299)}…`, level: 'success' }]);

    const flooding = host.messages.count();
    // Asked for before it comes: the newest 500 may have no room for it by the time the flood is over.
    const floodWarning = host.messages.waitFor('service:notify', (m) => m.over === 'rate', {
      since: flooding,
      timeoutMs: 60_000,
    });
    await frame.evaluate(() => {
      for (let i = 1; i <= 20_000; i++)
        window.parent.postMessage(
          { type: 'service:notify', payload: { message: `Flood ${i}`, level: 'success' } },
          '*',
        );
    });
    // Logged since: the flood's warning, and what the rate let through.
    const flooded = () => host.messages.count() - flooding - 1;
    await expect.poll(() => host.messages.dropped().overRate + flooded(), { timeout: 60_000 }).toBe(20_000);
    expect((await floodWarning).warning).toMatch(
      /^service:notify and the messages after it are over the bridge's rate \(100 a second, in bursts of up to 200\): dropped, and counted$/,
    );
    expect(host.messages.list().filter((m) => m.over === 'rate').length).toBeLessThanOrEqual(1);
    const { overRate, overSize, outOfLog } = host.messages.dropped();
    expect(overSize).toBe(1);
    expect(overRate).toBeGreaterThan(15_000);
    expect(flooded()).toBeGreaterThan(100);
    // Every message the host logged counts, those gone from the list too, so `since` means what it did.
    expect(host.messages.count()).toBe(host.messages.list().length + outOfLog);

    const error = await host.messages
      .waitFor('service:teleport', undefined, { since, timeoutMs: 300 })
      .catch((e: Error) => e);
    expect((error as Error).message).toMatch(
      /^Dropped by the host over the bridge's limits: [\d,]+ over its rate, 1 over its size$/m,
    );
    // It lists the newest messages, each cut: a failed wait is read by a person.
    expect((error as Error).message).toMatch(/^ {2}… [\d,]+ earlier, not listed$/m);
    expect((error as Error).message.length).toBeLessThan(40_000);
  }, 90_000);

  it('names every way to get a browser when it finds none', async () => {
    const none = () => Promise.reject(new Error('Cannot find package @sparticuz/chromium'));
    await expect(findChromium(['/nowhere/chromium'], none)).rejects.toThrow(
      'openHostPage found no Chromium: install one (Debian: apt install chromium; or set CHROMIUM_PATH), ' +
        'add the npm package @sparticuz/chromium@153.0.0, or pass { browser: { executablePath } }',
    );
  });
});
