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

    await host.addon.getByTestId('demo-resize').click();
    await host.messages.waitFor('service:resize');
    expect(await host.frameHeight()).toBe(640);

    // The invoices' list, a page of the service's: the host shows it and leaves the add-on.
    await host.addon.getByTestId('demo-navigate').click();
    await host.messages.waitFor('service:navigate');
    expect(host.navigations()).toEqual(['/invoices']);
    await host.page.locator('[data-testid="shell-page"][data-page="list"]:visible').waitFor();
    expect(await host.page.getByTestId('page-title').textContent()).toBe('Invoices');
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

  it('names every way to get a browser when it finds none', async () => {
    const none = () => Promise.reject(new Error('Cannot find package @sparticuz/chromium'));
    await expect(findChromium(['/nowhere/chromium'], none)).rejects.toThrow(
      'openHostPage found no Chromium: install one (Debian: apt install chromium; or set CHROMIUM_PATH), ' +
        'add the npm package @sparticuz/chromium@147.0.0, or pass { browser: { executablePath } }',
    );
  });
});
