// The WCAG 2.2 sweep of the developer drawer (docs/host-page.md, "Widths"): at 390 (the drawer open
// as a sheet), 1024 and 1366 px (the drawer open beside the page), in a seeded organization with
// real traffic, every drawer tab and each detail view a tab opens (a delivery's detail, a Data
// record's JSON, an event fired and its data, the Copy as menu and its dialog), the install screen
// of an add-on installed (and its uninstall dialog) and of one not yet installed: the page never
// scrolls sideways, nor does the drawer or the tab's panel, and axe-core (WCAG 2.0, 2.1 and 2.2 A
// and AA, best practices) finds nothing. Screenshots go to test/output/drawer-sweep/.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createClock } from '../../src/common/clock.js';
import { createEmulator, type Emulator } from '../../src/emulator/create-emulator.js';
import type { OrganizationInput } from '../../src/installations/organizations.js';
import { openHostPage } from '../../src/testing/index.js';
import { api, startReceiver } from '../helpers.js';
import { useSharedHost } from './browser.js';
import { axeViolations, sidewaysOverflow, WCAG_22 } from './page-checks.js';

const WIDTHS: Array<[number, number]> = [
  [390, 844],
  [1024, 768],
  [1366, 900],
];

/** Acme has the add-on, its admin Ann opens it; None & Co has not installed it yet. */
const ORGANIZATIONS: OrganizationInput[] = [
  { id: 'org_acme', name: 'Acme Ltd', users: [{ id: 'usr_ann', name: 'Ann Lee', role: 'admin' }], installation: {} },
  { id: 'org_none', name: 'None & Co', users: [{ id: 'usr_nia', name: 'Nia Holt', role: 'admin' }] },
];

const shared = useSharedHost('drawer-sweep', async () => {
  const started = Date.now();
  const emulator = await createEmulator({
    port: 0,
    demo: true,
    scopes: ['customers.*', 'invoices.*', 'storage.*', 'config.*'],
    organizations: ORGANIZATIONS,
    // Moved by the test alone: a retry falling due in real time would redraw a view while it is checked.
    clock: createClock({ source: () => started }),
  });
  await emulator.listen();
  await emulator.seed({ orgId: 'org_acme', size: 12 });
  await makeTraffic(emulator);
  return emulator;
});

/**
 * Long content for every tab before any page opens (each reads it on load): API calls with a session
 * token (one a fault rule answered), deliveries that failed and were retried by the
 * emulated clock and one awaiting its retry (every status's badge), storage and config.
 */
async function makeTraffic(emulator: Emulator): Promise<void> {
  const receiver = await startReceiver({ status: 500 });
  const { token } = await emulator.token({});
  for (const event of ['customer.created', 'invoice.created', 'invoice.paid'])
    expect(
      (await api(`${emulator.apiUrl}/events/subscribe`, { token, body: { event, webhookUrl: receiver.url } })).status,
    ).toBe(201);
  for (const event of ['customer.created', 'invoice.created', 'invoice.paid']) await emulator.trigger(event);
  await emulator.idle();
  receiver.status = 200;
  await emulator.advanceClock(60_000);
  // And from here it fails again: a delivery awaiting its retry, and failed ones from the Events tab.
  receiver.status = 500;
  await emulator.trigger('customer.created');
  await emulator.idle();
  emulator.faults.add({ method: 'GET', path: '/invoices', status: 503, times: 1 });
  expect((await api(`${emulator.apiUrl}/invoices`, { token })).status).toBe(503);
  for (const path of ['/customers', '/invoices?limit=5', '/customers?limit=2'])
    expect((await api(`${emulator.apiUrl}${path}`, { token })).status).toBe(200);
  const put = (path: string, body: unknown) => api(`${emulator.apiUrl}${path}`, { token, method: 'PUT', body });
  expect((await put('/storage/last-sync', { value: { at: '2026-11-01', count: 3 } })).status).toBe(201);
  expect((await put('/config', { theme: 'dark' })).status).toBe(200);
}

/**
 * How far the page, the drawer and the shown tab's panel reach sideways past their boxes, and what
 * in sight sticks out past the panel's right edge (the first three: the culprits, named).
 */
const overflows = async (page: Page) => ({
  ...(await sidewaysOverflow(page)),
  ...(await page.evaluate(() => {
    const reach = (element: Element | null) => (element ? element.scrollWidth - element.clientWidth : 0);
    const panel = document.querySelector('.tabpanel:not([hidden]) > .panel');
    const wide = panel
      ? [...panel.querySelectorAll('*')]
          .filter(
            (e) => e.checkVisibility() && e.getBoundingClientRect().right > panel.getBoundingClientRect().right + 1,
          )
          .slice(0, 3)
          .map((e) => `${e.tagName.toLowerCase()}.${e.className} "${e.textContent?.slice(0, 40)}"`)
      : [];
    return { drawer: reach(document.querySelector('aside.drawer')), panel: reach(panel), wide };
  })),
});

/** Every check of a view, and its screenshot. */
async function sweep(page: Page, width: number, view: string): Promise<void> {
  const what = `${view} at ${width} px`;
  expect.soft(await axeViolations(page, WCAG_22), what).toEqual([]);
  expect.soft(await overflows(page), what).toEqual({ overflow: 0, scrollX: 0, drawer: 0, panel: 0, wide: [] });
  await page.screenshot({ path: join(shared.shots, `${view}-${width}.png`) });
}

async function openAt(width: number, height: number): Promise<Page> {
  const host = await openHostPage(shared.emulator.url, { browser: shared.browser, viewport: { width, height } });
  shared.keep(host);
  const { page } = host;
  // The clipboard refused, as a browser denies it: Copy as shows its dialog.
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  // The add-on's own calls and messages, in the Session, Messages and Audit tabs (before the drawer
  // opens over it at 390 px).
  await host.addon.getByTestId('demo-create-customer').click();
  await host.addon.getByTestId('demo-notify-info').click();
  // A call refused before the audit log: the Audit tab hears of it on its stream only.
  expect((await api(`${shared.emulator.apiUrl}/customers`, { token: 'not.a.jwt' })).status).toBe(401);
  if ((await page.locator('.shell').getAttribute('data-drawer')) !== 'open')
    await page.getByTestId('drawer-toggle').click();
  await page.locator('.shell[data-drawer="open"]').waitFor();
  return page;
}

async function showTab(page: Page, id: string): Promise<void> {
  await page.getByTestId(`tab-${id}`).click();
  await page.locator(`#tabpanel-${id}:not([hidden])`).waitFor();
}

/** Opens the Copy as menu in `scope`, checks it, then its dialog (the clipboard refused), closed after. */
async function copyAs(page: Page, width: number, scope: string, view: string): Promise<void> {
  const menu = page.locator(scope).getByTestId('copy-as').first();
  await menu.locator('summary').click();
  await menu.getByTestId('copy-as-curl').waitFor();
  await sweep(page, width, `${view}-copy-as`);
  await menu.getByTestId('copy-as-curl').click();
  const dialog = page.getByTestId('copy-as-dialog');
  await dialog.waitFor();
  await sweep(page, width, `${view}-copy-as-dialog`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the WCAG 2.2 sweep of the drawer, its detail views, the install screen and the dialogs', () => {
  it.each(WIDTHS)(
    '%i × %i px: no sideways overflow and no axe violation anywhere',
    async (width, height) => {
      const page = await openAt(width, height);

      await showTab(page, 'session');
      await page.getByTestId('token-preview').waitFor();
      await sweep(page, width, 'session');

      await showTab(page, 'messages');
      await page.locator('[data-testid="message-row"][data-type="service:notify"]').first().waitFor();
      await sweep(page, width, 'messages');

      await showTab(page, 'events');
      await page.getByTestId('trigger-event').selectOption('invoice.created');
      await page.getByTestId('trigger-data').fill('{"customerName": "A customer with a rather long name, Ltd"}');
      await sweep(page, width, 'events');
      await page.getByTestId('trigger-submit').click();
      const result = page.getByTestId('trigger-result');
      await result.locator('.result-summary', { hasText: /deliver(y|ies) of invoice\.created/ }).waitFor();
      await result.getByText('Event data sent').click();
      await sweep(page, width, 'events-fired');
      await copyAs(page, width, '[data-testid="trigger-result"]', 'events');

      await showTab(page, 'deliveries');
      const retried = page.locator('[data-testid="delivery-row"]', { hasText: 'invoice.paid' }).first();
      await retried.click();
      await page.locator('[data-testid="delivery-detail"] [data-attempt="2"]').waitFor();
      await sweep(page, width, 'delivery');
      await copyAs(page, width, '[data-testid="delivery-detail"]', 'delivery');

      await showTab(page, 'audit');
      await page.getByTestId('audit-fault').first().waitFor();
      await page.locator('[data-testid="audit-row"][data-refused]').waitFor();
      await sweep(page, width, 'audit');
      await copyAs(page, width, '[data-testid="audit-row"]:not([data-refused])', 'audit');

      await showTab(page, 'data');
      await page.getByTestId('data-collection').selectOption('invoices');
      await page.locator('.data-panel .muted', { hasText: /of \d+ invoices in/ }).waitFor();
      await sweep(page, width, 'data');
      await page.getByTestId('data-row').first().locator('td').nth(1).click();
      await page.locator('.record-json:not([hidden])').waitFor();
      await sweep(page, width, 'data-record');

      await showTab(page, 'clock');
      await sweep(page, width, 'clock');

      await showTab(page, 'faults');
      await page.getByTestId('fault-row').first().waitFor();
      await sweep(page, width, 'faults');

      await showTab(page, 'parity');
      await sweep(page, width, 'parity');

      await showTab(page, 'coverage');
      await page.getByTestId('coverage-summary').waitFor();
      await sweep(page, width, 'coverage');

      // The install screen of the add-on as installed, and its uninstall dialog (cancelled); at 390 px
      // with the drawer shut, as its sheet would cover the screen.
      if (width < 640) await page.getByTestId('drawer-toggle').click();
      await page.getByTestId('org-switcher').click();
      await page.getByTestId('manage-addons').click();
      await page.locator('[data-testid="install-status"][data-state="installed"]').waitFor();
      await sweep(page, width, 'install-screen');
      await page.getByTestId('uninstall').click();
      await page.getByTestId('uninstall-dialog').waitFor();
      await sweep(page, width, 'uninstall-dialog');
      await page.getByTestId('cancel-uninstall').click();
      await page.getByTestId('uninstall-dialog').waitFor({ state: 'hidden' });

      // And where it is not installed yet: the consent step, with its scope tree.
      await page.goto(`${shared.emulator.url}/?org=org_none&user=usr_nia#/settings/addons`);
      await page.locator('[data-testid="install-status"][data-state="not-installed"]').waitFor();
      await page.getByTestId('install').waitFor();
      await sweep(page, width, 'install-consent');
    },
    120_000,
  );
});

describe('the delivery detail, as other deliveries come in', () => {
  it('keeps its Copy as menu open and the focus in it', async () => {
    const page = await openAt(1366, 900);
    await showTab(page, 'deliveries');
    await page.locator('[data-testid="delivery-row"][data-event="invoice.paid"] button').click();
    const menu = page.getByTestId('delivery-detail').getByTestId('copy-as');
    await menu.locator('summary').focus();
    await page.keyboard.press('Enter');
    await menu.getByTestId('copy-as-curl').waitFor();

    const before = await page.getByTestId('delivery-row').count();
    await shared.emulator.trigger('customer.created');
    await expect.poll(() => page.getByTestId('delivery-row').count()).toBe(before + 1);
    expect(await menu.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Copy as…');
  });
});
