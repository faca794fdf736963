// The shell's own pages (docs/host-page.md, "The service's pages"): a sidebar made from the
// registry, each resource's list newest first and a page of each record, `service:navigate` moving
// there (and only noting a path the shell does not know), the Data tab's ids leading to the records'
// pages, the add-on one click away, axe-core clean and no sideways overflow on a phone. Screenshots go
// to test/output/shell-pages/.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/create-emulator.js';
import { openHostPage, type HostPage, type HostPageOptions } from '../../src/testing/index.js';
import { useSharedHost } from './browser.js';
import { axeViolations, sidewaysOverflow } from './page-checks.js';
import { shellPageAt } from './shell-page.js';

const shared = useSharedHost('shell-pages', async () => {
  const emulator = await createEmulator({ port: 0, demo: true, scopes: ['customers.*', 'invoices.*'] });
  await emulator.listen();
  await emulator.seed({ size: 30 });
  return emulator;
});

async function open(options: HostPageOptions = {}): Promise<HostPage> {
  const host = await openHostPage(shared.emulator.url, { browser: shared.browser, ...options });
  shared.keep(host);
  return host;
}

/** The add-on posts a message to the host, as it would with the SDK or by hand. */
async function addonPosts(host: HostPage, type: string, payload: unknown): Promise<void> {
  const frame = await host.addonFrame();
  await frame.evaluate(([type, payload]) => parent.postMessage({ type, payload }, new URL(document.referrer).origin), [
    type,
    payload,
  ] as const);
}

/** A field's shown value on a record page. */
const fieldText = async (page: Page, name: string) =>
  (await page.locator(`.record-fields > [data-field="${name}"] > dd`).textContent())?.trim();

/** Back to the add-on with one click: its sidebar entry, and a new session's ready and context. */
async function backToAddon(host: HostPage): Promise<void> {
  const since = host.messages.count();
  await host.page.getByTestId('open-addon').click();
  await host.messages.waitFor('service:context', undefined, { since });
  expect(await host.isClosed()).toBe(false);
  expect(await host.page.getByTestId('shell-page').isVisible()).toBe(false);
  expect(new URL(host.page.url()).hash).toBe(`#/addons/${shared.emulator.settings.appId}`);
}

describe('the shell’s pages', () => {
  it('has a sidebar entry for every resource of the registry, and a list of each newest first', async () => {
    const host = await open();
    const { page } = host;
    const entries = await page
      .locator('.sidebar a.nav-item')
      .evaluateAll((links) => links.map((link) => [link.getAttribute('data-testid'), link.getAttribute('href')]));
    expect(entries).toEqual([
      ['nav-dashboard', '#/dashboard'],
      ...shared.emulator.registry.resources.map((r) => [`nav-${r.name}`, `#/${r.name}`]),
    ]);

    await page.getByTestId('nav-customers').click();
    expect(await shellPageAt(page, '/customers')).toBe('Customers');
    // Leaving the add-on for a page closes it, as the service does.
    expect(await host.isClosed()).toBe(true);
    expect(await page.getByTestId('nav-customers').getAttribute('aria-current')).toBe('page');
    const newest = shared.emulator.records('customers', { limit: 25, offset: 0, order: 'newest' });
    const rows = page.getByTestId('record-row');
    expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-id')))).toEqual(
      newest.data.map((c) => c._id),
    );
    expect(await page.getByTestId('list-summary').textContent()).toBe('1–25 of 30, newest first');

    // Older records are a page further.
    await page.getByRole('link', { name: 'Older' }).click();
    await page.getByTestId('list-summary').filter({ hasText: '26–30 of 30' }).waitFor();
    expect(await rows.count()).toBe(5);
    expect(new URL(page.url()).hash).toBe('#/customers?offset=25');

    // A record's link opens its page, with every field.
    const customer = shared.emulator.records('customers', { limit: 1, offset: 25, order: 'newest' }).data[0];
    await rows.first().getByTestId('record-link').click();
    expect(await shellPageAt(page, `/customers/${customer._id}`)).toBe(`Customer ${customer.name}`);
    expect(await fieldText(page, 'email')).toBe(customer.email);
    // Its own id is to copy, not a link to the page it is on.
    expect(await page.locator('.record-fields > [data-field="_id"] > dd code').textContent()).toBe(customer._id);
    expect(await page.locator('.record-fields > [data-field="_id"] a').count()).toBe(0);
    expect(await page.locator('.record-fields > [data-field]').count()).toBe(Object.keys(customer).length);
    await backToAddon(host);
  });

  it('moves to the record a service:navigate names, shows it as the service would, and Back leads to the add-on again', async () => {
    const host = await open();
    const { page } = host;
    const invoice = shared.emulator.records('invoices', { limit: 1, offset: 3 }).data[0] as Record<string, any>;
    const path = `/invoices/${invoice._id}`;
    await addonPosts(host, 'service:navigate', { path });
    expect(await shellPageAt(page, path)).toBe(`Invoice ${invoice.invoiceNumber}`);
    expect(host.navigations()).toEqual([path]);
    expect(new URL(page.url()).hash).toBe(`#${path}`);
    expect(await host.isClosed()).toBe(true);
    // Money in the invoice's currency, as the browser's language writes it (en-US where Intl refuses
    // it, as this Chromium's `en-US@posix`).
    const language = await page.evaluate(() => navigator.language);
    const written = (locale: string) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: invoice.currency }).format(invoice.total);
    let expected: string;
    try {
      expected = written(language);
    } catch {
      expected = written('en-US');
    }
    expect(await fieldText(page, 'total')).toBe(expected);
    expect(await fieldText(page, 'invoiceNumber')).toBe(invoice.invoiceNumber);
    await page.screenshot({ path: join(shared.shots, 'invoice.png'), fullPage: true });

    // Its references lead to the records they name: a line's product, the invoice's customer.
    const line = page.locator('[data-field="lineItems"] tbody tr').first();
    expect(await line.getByRole('link').first().textContent()).toBe(invoice.lineItems[0].productId);
    await page.locator('[data-field="customerId"] a').click();
    const customer = shared.emulator.record('customers', invoice.customerId) as Record<string, any>;
    expect(await shellPageAt(page, `/customers/${customer._id}`)).toBe(`Customer ${customer.name}`);

    // The browser's Back goes to the invoice again, and once more to the add-on, opened anew.
    await page.goBack();
    expect(await shellPageAt(page, path)).toBe(`Invoice ${invoice.invoiceNumber}`);
    const since = host.messages.count();
    await page.goBack();
    await host.messages.waitFor('service:context', undefined, { since });
    expect(await host.isClosed()).toBe(false);
    expect(await page.getByTestId('shell-page').isVisible()).toBe(false);
  });

  it('shows what the add-on wrote, on the list it navigates to', async () => {
    const host = await open();
    const { page } = host;
    await host.addon.getByTestId('demo-create-customer').click();
    await host.addon.getByTestId('demo-result').filter({ hasText: '→ 201' }).waitFor();
    const made = shared.emulator.records('customers', { limit: 1, offset: 0, order: 'newest' }).data[0];
    await addonPosts(host, 'service:navigate', { path: '/customers' });
    expect(await shellPageAt(page, '/customers')).toBe('Customers');
    expect(await page.getByTestId('record-row').first().getAttribute('data-id')).toBe(made._id);
    expect(await page.getByTestId('record-link').first().textContent()).toMatch(/^Demo customer /);
  });

  it('only notes a path that names nothing the shell knows, and leaves the add-on as it is', async () => {
    const host = await open();
    const { page } = host;
    for (const path of ['/reports/quarterly', '/invoices/overdue', '/invoices/cus_0a1b2c', '//example.com/x']) {
      await addonPosts(host, 'service:navigate', { path });
      await page
        .getByTestId('host-path')
        .filter({ hasText: new RegExp(`^${path}$`) })
        .waitFor();
      expect(await page.getByTestId('host-path-note').textContent()).toBe('not a page of the emulated service');
      expect(await page.getByTestId('host-path-note').isVisible()).toBe(true);
      expect(await host.isClosed()).toBe(false);
      expect(await page.getByTestId('shell-page').isVisible()).toBe(false);
    }
    // A path it knows, the add-on's own, drops the note.
    await addonPosts(host, 'service:navigate', { path: `/addons/${shared.emulator.settings.appId}` });
    await page.getByTestId('host-path-note').waitFor({ state: 'hidden' });
    expect(await host.isClosed()).toBe(false);
  });

  it('leads from a record’s id in the Data tab to its page, while a click elsewhere on the row shows its JSON', async () => {
    const host = await open();
    const { page } = host;
    await page.getByTestId('tab-data').click();
    await page.getByTestId('data-collection').selectOption('invoices');
    const invoice = shared.emulator.records('invoices', { limit: 1, offset: 0 }).data[0] as Record<string, any>;
    const row = page.locator(`[data-testid="data-row"][data-id="${invoice._id}"]`);
    const json = row.locator('xpath=following-sibling::tr[1]');
    await row.locator('.record-label').click();
    await json.waitFor();
    expect(JSON.parse((await json.textContent())!)).toEqual(invoice);
    await row.locator('.record-label').click();
    await json.waitFor({ state: 'hidden' });

    const link = row.getByTestId('data-record-link');
    expect(await link.getAttribute('href')).toBe(`#/invoices/${invoice._id}`);
    // Shown short, named whole.
    expect(await link.getAttribute('title')).toBe(`Open the page of ${invoice._id}`);
    expect(await link.textContent()).toBe(`${invoice._id.slice(0, 8)}…${invoice._id.slice(-4)}`);
    await link.click();
    expect(await shellPageAt(page, `/invoices/${invoice._id}`)).toBe(`Invoice ${invoice.invoiceNumber}`);
    expect(new URL(page.url()).hash).toBe(`#/invoices/${invoice._id}`);
    expect(await host.isClosed()).toBe(true);
    // The click went to the link alone: the row's JSON stayed as it was.
    expect(await json.isHidden()).toBe(true);
    await backToAddon(host);
  });

  it('makes way for the page when the drawer covering it on a phone leads there', async () => {
    const host = await open({ viewport: { width: 390, height: 844 } });
    const { page } = host;
    await page.getByTestId('drawer-toggle').click();
    await page.locator('.shell[data-drawer="open"]').waitFor();
    await page.getByTestId('tab-data').click();
    await page.getByTestId('data-collection').selectOption('customers');
    const customer = shared.emulator.records('customers', { limit: 1, offset: 0 }).data[0] as Record<string, any>;
    await page.locator(`[data-testid="data-row"][data-id="${customer._id}"]`).getByTestId('data-record-link').click();
    expect(await shellPageAt(page, `/customers/${customer._id}`)).toBe(`Customer ${customer.name}`);
    await page.locator('.shell[data-drawer="closed"]').waitFor();
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, scrollX: 0 });
  });

  it('keeps the page on a reload, and reopen() goes back to the add-on', async () => {
    const host = await open();
    await host.page.getByTestId('nav-dashboard').click();
    expect(await shellPageAt(host.page, '/dashboard')).toBe('Dashboard');
    expect(await host.page.getByTestId('count-invoices').textContent()).toBe(
      `${shared.emulator.records('invoices', { limit: 1, offset: 0 }).total}Invoices`,
    );
    await host.page.reload();
    expect(await shellPageAt(host.page, '/dashboard')).toBe('Dashboard');
    await host.reopen();
    expect(await host.isClosed()).toBe(false);
  });

  it.each([
    [1280, 860],
    [390, 844],
  ])(
    'axe-core finds nothing on the dashboard, a list and a record page at %i × %i, nor overflow',
    async (width, height) => {
      const host = await open({ viewport: { width, height } });
      const { page } = host;
      const invoice = shared.emulator.records('invoices', { limit: 1, offset: 0 }).data[0];
      for (const [path, kind] of [
        ['/dashboard', 'dashboard'],
        ['/invoices', 'list'],
        [`/invoices/${invoice._id}`, 'record'],
        ['/nowhere', 'unknown'],
      ] as const) {
        await page.evaluate((hash) => (location.hash = hash), `#${path}`);
        await shellPageAt(page, path);
        expect(await axeViolations(page), path).toEqual([]);
        expect(await sidewaysOverflow(page), path).toEqual({ overflow: 0, scrollX: 0 });
        await page.screenshot({ path: join(shared.shots, `${kind}-${width}.png`), fullPage: true });
      }
      // The note in the location bar, with the add-on open.
      await backToAddon(host);
      await addonPosts(host, 'service:navigate', { path: '/reports/quarterly' });
      await page.getByTestId('host-path-note').waitFor();
      expect(await axeViolations(page), 'the note').toEqual([]);
      expect(await sidewaysOverflow(page), 'the note').toEqual({ overflow: 0, scrollX: 0 });
    },
  );
});
