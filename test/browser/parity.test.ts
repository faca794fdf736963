// Parity in the host page: a notify level the spec does not show is warned of once (the terminal,
// the Parity tab) or, with --strict, ignored by the host; the SDK sends a level the spec shows; the
// Session tab reports the scopes the add-on's calls used.
import { describe, expect, it } from 'vitest';
import { openHostPage, startEmulator } from '../../src/testing/index.js';
import { api, cli, parityLines, printed, startDev } from '../helpers.js';
import { useBrowser } from './browser.js';
import { serveFixture } from './fixture-addon.js';

const { browser, keep } = useBrowser();

describe('parity in the host page', () => {
  it('warns once of a notify level the spec does not show, in the terminal and the Parity tab', async () => {
    const dev = await startDev(['--ephemeral']);
    const host = keep(await openHostPage(dev.url, { browser: browser() }));
    for (let i = 0; i < 2; i++) {
      const since = host.messages.count();
      await host.addon.getByTestId('demo-notify-info').click();
      await host.messages.waitFor('service:notify', undefined, { since });
    }
    expect(host.toasts().map((t) => t.level)).toEqual(['info', 'info']);
    // The host reports each one; the second only counts.
    await expect.poll(async () => (await api(`${dev.url}/_emulator/parity`)).body.data[0]?.count).toBe(2);
    const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
    expect(parityLines(await printed(dev, token))).toMatchObject([
      {
        kind: 'notify-level',
        message:
          'a service:notify with level string "info"; the platform shows the levels success, warning, error (spec 4.2)',
      },
    ]);
    // A click: the two toasts stay clear of the drawer's tabs for their 5 s.
    await host.page.getByTestId('tab-parity').click();
    const row = host.page.getByTestId('parity-warning');
    await expect.poll(() => row.getAttribute('data-kind')).toBe('notify-level');
    await expect.poll(() => row.textContent()).toContain('2 times since');
  });

  it('ignores such a notify with --strict, as the platform may', async () => {
    const dev = await startDev(['--ephemeral', '--strict']);
    const host = keep(await openHostPage(dev.url, { browser: browser() }));
    await host.addon.getByTestId('demo-notify-info').click();
    const ignored = await host.messages.waitFor('service:notify');
    expect(ignored.warning).toBe(
      'service:notify: level string "info" is not a level the platform shows (success, warning, error); --strict',
    );
    await host.addon.getByTestId('demo-notify-success').click();
    await host.messages.waitFor('service:notify', (m) => m.warning === null);
    expect(host.toasts()).toEqual([{ message: 'A success message from the demo add-on', level: 'success' }]);
    const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
    expect(parityLines(await printed(dev, token))).toEqual([]);
  });

  it("sends a level the spec shows from the SDK's notify() without one", async () => {
    const fixture = await serveFixture();
    try {
      const emulator = keep(await startEmulator({ addonUrl: fixture.url, scopes: ['customers.read'] }));
      const host = keep(await openHostPage(emulator, { browser: browser() }));
      await host.addon.getByTestId('sdk-notify-plain').click();
      const notify = await host.messages.waitFor('service:notify');
      expect(notify).toMatchObject({ payload: { message: 'A plain note', level: 'success' }, warning: null });
      expect(emulator.emulator.parity.list()).toEqual([]);
    } finally {
      await fixture.close();
    }
  });

  it("shows in the Session tab which scopes the add-on's calls used, and the smallest list", async () => {
    const dev = await startDev(['--ephemeral', '--scopes', 'customers.*,invoices.read']);
    const host = keep(await openHostPage(dev.url, { browser: browser() }));
    await host.addon.getByTestId('demo-list-customers').click();
    await host.addon.getByTestId('demo-result').filter({ hasText: '"total"' }).waitFor();
    await host.page.getByTestId('tab-session').click();
    const read = host.page.locator('[data-testid="scope-usage"][data-scope="customers.read"] td');
    await expect.poll(async () => (await read.allTextContents()).slice(1)).toEqual(['yes', 'yes', '1', '0']);
    await expect.poll(() => host.page.getByTestId('scopes-needed').textContent()).toBe('["customers.read"]');
  });
});
