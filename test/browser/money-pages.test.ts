// Money, invoice lists and line items on the service's pages, and the Data tab's rows
// (docs/host-page.md, "The service's pages"): at 390, 1024 (the drawer open beside the page) and
// 1366 px, in a browser whose locale is fixed (en-US), amounts show in their record's currency, every
// column of an invoice list and of its lines is whole (a cell cut, or a column out of sight behind a
// sideways scroll, fails), the page never scrolls sideways and axe-core (WCAG 2.0-2.2 A/AA) finds
// nothing. Screenshots go to test/output/money-pages/.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/create-emulator.js';
import { api } from '../helpers.js';
import { useSharedHost } from './browser.js';
import { shellPageAt } from './shell-page.js';
import { axeViolations, PAGE_SIZES, setDrawer, sidewaysOverflow, WCAG_22, type WindowSize } from './page-checks.js';

const LOCALE = 'en-US';

type Doc = Record<string, any>;

const shared = useSharedHost('money-pages', async () => {
  const emulator = await createEmulator({ port: 0, scopes: ['customers.*', 'invoices.*', 'storage.*', 'config.*'] });
  await emulator.listen();
  await emulator.seed({ size: 12 });
  return emulator;
});

/** The host page at an in-app path, in a window of this size and the fixed locale. */
async function openAt(size: WindowSize, path: string): Promise<Page> {
  const context = await shared.browser.newContext({
    viewport: { width: size.width, height: size.height },
    locale: LOCALE,
    reducedMotion: 'reduce',
  });
  shared.keep(context);
  const page = await context.newPage();
  await page.goto(`${shared.emulator.url}/#${path}`);
  await shellPageAt(page, path);
  await setDrawer(page, size.drawer);
  return page;
}

/** What Intl writes for an amount in a currency in the test's locale (Node's ICU, not the page's code). */
const asMoney = (amount: number, currency: string) =>
  new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).format(amount);

/**
 * Cells of a table whose text does not fit them, and how far the table reaches past its box (a
 * column out of sight behind a sideways scroll): what a reader cannot see.
 */
const unreadable = (page: Page, selector: string) =>
  page.locator(selector).evaluate((box) => ({
    cut: [...box.querySelectorAll('td, th')]
      .filter((cell) => cell.checkVisibility() && cell.scrollWidth > cell.clientWidth)
      .map((cell) => cell.textContent),
    hidden: box.scrollWidth - box.clientWidth,
  }));

/** The cells of a row whose column is named `name` (its header, or the stacked cell's label). */
const cellText = (page: Page, row: string, name: string) =>
  page.locator(row).evaluate((tr, name) => {
    const headers = [...tr.closest('table')!.querySelectorAll('thead th')].map((th) => th.textContent);
    return (tr as HTMLTableRowElement).cells[headers.indexOf(name)]?.textContent?.trim();
  }, name);

async function pageChecks(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page, WCAG_22), what).toEqual([]);
  expect(await sidewaysOverflow(page), what).toEqual({ overflow: 0, scrollX: 0 });
}

describe('money and invoices on the service’s pages', () => {
  it.each(PAGE_SIZES)(
    'lists invoices with number, customer, status, due date and total, whole, at $width px',
    async (size) => {
      const page = await openAt(size, '/invoices');
      const headers = await page.locator('.page-table thead th').allTextContents();
      expect(headers).toEqual(['Invoice number', 'Customer name', 'Status', 'Due date', 'Total']);
      const newest = shared.emulator.records('invoices', { limit: 25, offset: 0, order: 'newest' }).data as Doc[];
      expect(newest.some((invoice) => invoice.currency !== 'USD')).toBe(true);
      for (const invoice of newest) {
        const row = `[data-testid="record-row"][data-id="${invoice._id}"]`;
        expect(await cellText(page, row, 'Invoice number')).toBe(invoice.invoiceNumber);
        expect(await cellText(page, row, 'Customer name')).toBe(invoice.customerName);
        expect(await cellText(page, row, 'Status')).toBe(invoice.status);
        expect(await cellText(page, row, 'Due date')).toBe(invoice.dueDate);
        expect(await cellText(page, row, 'Total')).toBe(asMoney(invoice.total, invoice.currency));
      }
      const euro = newest.find((invoice) => invoice.currency === 'EUR')!;
      expect(await cellText(page, `[data-id="${euro._id}"]`, 'Total')).toMatch(/^€\d{1,3}(,\d{3})*\.\d\d$/);
      expect(await unreadable(page, '.page-table')).toEqual({ cut: [], hidden: 0 });
      await pageChecks(page, `/invoices at ${size.width}`);
      await page.screenshot({ path: join(shared.shots, `invoices-${size.width}.png`), fullPage: true });
    },
  );

  it.each(PAGE_SIZES)('shows an invoice’s money and every column of its lines at $width px', async (size) => {
    const invoice = (shared.emulator.records('invoices', { limit: 50, offset: 0 }).data as Doc[]).find(
      (one) => one.currency === 'EUR' && one.lineItems.length > 1,
    )!;
    const page = await openAt(size, `/invoices/${invoice._id}`);
    for (const field of ['subtotal', 'taxTotal', 'total', 'amountPaid', 'amountDue'])
      expect(await page.locator(`.record-fields > [data-field="${field}"] > dd`).textContent(), field).toBe(
        asMoney(invoice[field], 'EUR'),
      );
    const lines = page.getByTestId('nested-lines');
    const names = await lines.locator('thead th').allTextContents();
    expect(names).toEqual(['Description', 'Quantity', 'Unit price', 'Product id', 'Amount']);
    const rows = lines.locator('tbody tr');
    expect(await rows.count()).toBe(invoice.lineItems.length);
    for (const [i, line] of (invoice.lineItems as Doc[]).entries()) {
      const cells = await rows.nth(i).locator('td').allTextContents();
      // Stacked, a cell shows its column's name first (generated content, not in its text).
      expect(cells).toEqual([
        line.description,
        String(line.quantity),
        asMoney(line.unitPrice, 'EUR'),
        line.productId,
        asMoney(line.amount, 'EUR'),
      ]);
    }
    expect(await unreadable(page, '[data-testid="nested-lines"]')).toEqual({ cut: [], hidden: 0 });
    // Every cell in sight, beside the others or under them.
    for (const cell of await rows.first().locator('td').all()) expect(await cell.isVisible()).toBe(true);
    await pageChecks(page, `/invoices/${invoice._id} at ${size.width}`);
    await page.screenshot({ path: join(shared.shots, `invoice-${size.width}.png`), fullPage: true });
  });
});

describe('every list and record page', () => {
  it.each(PAGE_SIZES)('shows each resource’s list and a record whole, money as money, at $width px', async (size) => {
    const page = await openAt(size, '/dashboard');
    for (const resource of shared.emulator.registry.resources) {
      const record = shared.emulator.records(resource.name, { limit: 1, offset: 0, order: 'newest' }).data[0] as Doc;
      for (const path of [`/${resource.name}`, `/${resource.name}/${record._id}`]) {
        await page.evaluate((hash) => (location.hash = hash), `#${path}`);
        await shellPageAt(page, path);
        const box = path.split('/').length > 2 ? '.record-fields' : '.page-table';
        expect(await unreadable(page, box), path).toEqual({ cut: [], hidden: 0 });
        await pageChecks(page, `${path} at ${size.width}`);
      }
      // A money field of the record, where it has one, in its currency.
      const field = Object.keys(record).find((name) => ['total', 'amount', 'unitPrice'].includes(name));
      if (field)
        expect(await page.locator(`.record-fields > [data-field="${field}"] > dd`).textContent(), resource.name).toBe(
          asMoney(record[field], record.currency),
        );
    }
  });
});

describe('the Data tab', () => {
  /** The host page with the drawer open on the Data tab, showing a collection. */
  async function dataTab(size: WindowSize, collection: string): Promise<Page> {
    const page = await openAt({ ...size, drawer: true }, '/dashboard');
    await page.getByTestId('tab-data').click();
    await page.getByTestId('data-collection').selectOption(collection);
    await page.locator('.data-panel .muted', { hasText: new RegExp(`of \\d+ ${collection} in`) }).waitFor();
    return page;
  }

  it.each(PAGE_SIZES)(
    'shows ids short with a copy button, money, and only the columns a resource has, at $width px',
    async (size) => {
      const page = await dataTab(size, 'invoices');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shared.emulator.url });
      const table = page.locator('.data-records');
      expect(await table.locator('thead th').allTextContents()).toEqual(['id', 'record', 'status', 'amount']);
      const invoice = shared.emulator.records('invoices', { limit: 1, offset: 0 }).data[0] as Doc;
      const row = table.locator(`[data-testid="data-row"][data-id="${invoice._id}"]`);
      const cells = row.locator('td');
      expect(await cells.nth(1).textContent()).toBe(invoice.invoiceNumber);
      expect(await cells.nth(2).textContent()).toBe(invoice.status);
      expect(await cells.nth(3).textContent()).toBe(asMoney(invoice.total, invoice.currency));
      const link = row.getByTestId('data-record-link');
      expect(await link.textContent()).toBe(`${invoice._id.slice(0, 8)}…${invoice._id.slice(-4)}`);
      expect(await link.evaluate((a) => a.getClientRects().length)).toBe(1);

      // The copy button, by keyboard: the whole id on the clipboard, and the row's JSON left shut.
      const copy = row.getByRole('button', { name: `Copy id ${invoice._id}` });
      await copy.focus();
      await page.keyboard.press('Enter');
      await page
        .getByTestId('toast')
        .filter({ hasText: `Copied ${invoice._id}` })
        .waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(invoice._id);
      expect(await row.locator('xpath=following-sibling::tr[1]').isHidden()).toBe(true);
      expect(await unreadable(page, '.data-panel .table-scroll')).toEqual({ cut: [], hidden: 0 });
      await pageChecks(page, `Data tab, invoices, at ${size.width}`);
      await page.screenshot({ path: join(shared.shots, `data-invoices-${size.width}.png`) });

      // Customers have neither a status nor an amount: no empty columns for them.
      await page.getByTestId('data-collection').selectOption('customers');
      await table.locator('thead th').nth(1).filter({ hasText: 'record' }).waitFor();
      await page.locator('.data-panel .muted', { hasText: /of \d+ customers in/ }).waitFor();
      expect(await table.locator('thead th').allTextContents()).toEqual(['id', 'record']);
      const customer = shared.emulator.records('customers', { limit: 1, offset: 0 }).data[0] as Doc;
      expect(await table.locator(`[data-id="${customer._id}"] td`).allTextContents()).toEqual([
        `${customer._id.slice(0, 8)}…${customer._id.slice(-4)}Copy`,
        customer.name,
      ]);
      await pageChecks(page, `Data tab, customers, at ${size.width}`);
    },
  );

  it.each(PAGE_SIZES.filter((size) => size.width > 900))(
    'shows a table in the drawer, every column in sight and whole, at $width px',
    async (size) => {
      const page = await dataTab(size, 'invoices');
      const table = page.locator('.data-records');
      // Headers in sight (stacked, the header row is a 1 px clip for screen readers).
      for (const header of await table.locator('thead th').all())
        expect((await header.boundingBox())!.width).toBeGreaterThan(10);
      // Rows as a table's rows (stacked, each cell is a grid under its column's name).
      const displays = await table
        .locator('[data-testid="data-row"]')
        .first()
        .locator('td')
        .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).display));
      expect(displays).toEqual(['table-cell', 'table-cell', 'table-cell', 'table-cell']);
      expect(await unreadable(page, '.data-panel .table-scroll')).toEqual({ cut: [], hidden: 0 });
      // A whole record, taller than its box, scrolls in it (axe's scrollable-region-focusable).
      const first = table.locator('[data-testid="data-row"]').first();
      await first.locator('td').nth(1).click();
      const json = first.locator('xpath=following-sibling::tr[1]//pre');
      await json.waitFor();
      expect(await json.evaluate((pre) => pre.scrollHeight > pre.clientHeight)).toBe(true);
      await pageChecks(page, `Data tab's table at ${size.width}`);

      await page.getByTestId('data-collection').selectOption('customers');
      await page.locator('.data-panel .muted', { hasText: /of \d+ customers in/ }).waitFor();
      expect((await table.locator('thead th').first().boundingBox())!.width).toBeGreaterThan(10);
      expect(await unreadable(page, '.data-panel .table-scroll')).toEqual({ cut: [], hidden: 0 });
      await page.screenshot({ path: join(shared.shots, `data-table-${size.width}.png`) });
    },
  );

  it('writes every resource’s amount as money, in the record’s currency', async () => {
    const outlines = (await api(`${shared.emulator.url}/_emulator/resources`)).body.data as Doc[];
    const page = await dataTab(PAGE_SIZES[2], 'invoices');
    const table = page.locator('.data-records');
    let shown = 0;
    for (const outline of outlines) {
      const money = (outline.fields as Doc[]).filter((field) => field.money).map((field) => field.name);
      if (money.length === 0) continue;
      await page.getByTestId('data-collection').selectOption(outline.name);
      await page.locator('.data-panel .muted', { hasText: new RegExp(`of \\d+ ${outline.name} in`) }).waitFor();
      const record = shared.emulator.records(outline.name, { limit: 1, offset: 0 }).data[0] as Doc;
      const cells = await table.locator(`[data-testid="data-row"][data-id="${record._id}"] td`).allTextContents();
      // No amount bare, wherever it shows; the amount column's in the record's currency.
      for (const name of money) expect(cells, `${outline.name}.${name}`).not.toContain(String(record[name]));
      const headers = await table.locator('thead th').allTextContents();
      if (!headers.includes('amount')) continue;
      const amount = cells[headers.indexOf('amount')];
      expect(
        money.map((name) => asMoney(record[name], record.currency ?? 'USD')),
        outline.name,
      ).toContain(amount);
      shown++;
    }
    expect(shown).toBeGreaterThanOrEqual(3);
  });

  /**
   * A table wider than its box (a long storage key in a phone's drawer) shows a shadow at each edge
   * past which columns lie, and its box takes the focus and scrolls by the arrow keys; where the table
   * fits (customers in the 440 px drawer), no shadow shows.
   */
  describe('a table that scrolls sideways', () => {
    const cue = (box: Locator) =>
      box.evaluate((element) => ({
        more: (element as HTMLElement).dataset.more ?? '',
        image: getComputedStyle(element).backgroundImage,
        overflows: element.scrollWidth > element.clientWidth,
      }));
    const SHADOW = 'rgba(16, 24, 40, 0.25)';
    // A storage key is one word of up to 200 characters: no column can wrap it.
    const LONG_KEY = `sync-cursor.${'northern-region.'.repeat(5)}customers`;

    it('shows its cue at 390 px and scrolls by ArrowRight', async () => {
      const { token } = (await api(`${shared.emulator.url}/_emulator/tokens`, { body: {} })).body;
      const put = await api(`${shared.emulator.apiUrl}/storage/${LONG_KEY}`, {
        token,
        method: 'PUT',
        body: { value: 1 },
      });
      expect(put.status).toBe(201);
      const page = await dataTab(PAGE_SIZES[0], 'addon_storage');
      const box = page.getByRole('region', { name: 'Records' });
      await box.locator(`[data-testid="data-row"][data-id="${LONG_KEY}"]`).waitFor();
      const before = await cue(box);
      expect(before.overflows).toBe(true);
      expect(before.more).toBe('right');
      expect(before.image).toContain(SHADOW);
      await box.focus();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Records');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      await expect.poll(async () => (await cue(box)).more).toMatch(/^left/);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(async () => (await cue(box)).more).toBe('right');
      await pageChecks(page, 'Data tab, a long storage key at 390 px');
      await page.screenshot({ path: join(shared.shots, 'scroll-cue-390.png') });
    });

    it('shows no cue where the table fits, at 1366 px', async () => {
      const page = await dataTab(PAGE_SIZES[2], 'customers');
      const box = page.getByRole('region', { name: 'Records' });
      expect(await cue(box)).toEqual({ more: '', image: 'none', overflows: false });
    });
  });

  it('lists the add-on’s storage and config too, each key whole with a copy button and no page to lead to', async () => {
    const { token } = (await api(`${shared.emulator.url}/_emulator/tokens`, { body: {} })).body;
    const put = (path: string, body: unknown) =>
      api(`${shared.emulator.apiUrl}${path}`, { token, method: 'PUT', body });
    expect((await put('/storage/last-sync', { value: { at: '2026-11-01', count: 3 } })).status).toBe(201);
    expect((await put('/config', { theme: 'dark' })).status).toBe(200);
    const page = await dataTab(PAGE_SIZES[0], 'addon_storage');
    const row = page.locator('[data-testid="data-row"][data-id="last-sync"]');
    expect(await row.locator('td').allTextContents()).toEqual(['last-syncCopy']);
    expect(await row.getByTestId('data-record-link').count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Copy key last-sync' }).isVisible()).toBe(true);
    await row.click();
    const json = row.locator('xpath=following-sibling::tr[1]');
    await json.waitFor();
    expect(JSON.parse((await json.textContent())!)).toMatchObject({
      key: 'last-sync',
      value: { at: '2026-11-01', count: 3 },
    });
    await pageChecks(page, 'Data tab, storage');

    await page.getByTestId('data-collection').selectOption('addon_config');
    await page.locator('.data-panel .muted', { hasText: /of 1 addon_config in/ }).waitFor();
    const config = page.locator('[data-testid="data-row"][data-id="config"]');
    await config.click();
    expect(JSON.parse((await config.locator('xpath=following-sibling::tr[1]').textContent())!)).toMatchObject({
      values: { theme: 'dark' },
    });
    await pageChecks(page, 'Data tab, config');
  });
});
