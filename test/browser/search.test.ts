// The top bar's search (docs/host-page.md, "Search"), by keyboard alone, at 390, 1024 (the drawer
// open beside the page) and 1366 px on a seeded organization: `/` focuses it, typing a part of a
// customer's name lists it, ArrowDown and Enter open its record page with the focus in the main
// area; an invoice is found by its number; Escape closes the list and a second one clears the box;
// a query that matches nothing says so in a live region. With the list open the page never scrolls
// sideways and axe-core (WCAG 2.0-2.2 A/AA) finds nothing. Screenshots go to test/output/search/.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/create-emulator.js';
import { useSharedHost } from './browser.js';
import { shellPageAt } from './shell-page.js';
import { axeViolations, PAGE_SIZES, setDrawer, sidewaysOverflow, WCAG_22, type WindowSize } from './page-checks.js';

const shared = useSharedHost('search', async () => {
  const emulator = await createEmulator({ port: 0 });
  await emulator.listen();
  await emulator.seed({ size: 12 });
  return emulator;
});

/** The host page on its dashboard (no add-on frame to hold the keys), in a window of this size. */
async function openAt(size: WindowSize): Promise<Page> {
  const context = await shared.browser.newContext({
    viewport: { width: size.width, height: size.height },
    reducedMotion: 'reduce',
  });
  shared.keep(context);
  const page = await context.newPage();
  await page.goto(`${shared.emulator.url}/#/dashboard`);
  await shellPageAt(page, '/dashboard');
  await setDrawer(page, size.drawer);
  // The keys go to the page itself, as after a click on its background.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return page;
}

/** The seeded organization's records, read from the emulator: the test hard-codes no name or number. */
const customers = () =>
  shared.emulator.records('customers', { limit: 12, offset: 0 }).data as unknown as Array<{
    _id: string;
    name: string;
  }>;
const invoices = () =>
  shared.emulator.records('invoices', { limit: 12, offset: 0 }).data as unknown as Array<{
    _id: string;
    invoiceNumber: string;
  }>;

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.dataset.testid || element?.id || element?.tagName || null;
  });

const input = (page: Page) => page.getByTestId('search-input');
const options = (page: Page) => page.getByTestId('search-option');

/** Presses `/`, types `text`, and waits for the list to show `title` first. */
async function searchFor(page: Page, text: string, title: string): Promise<void> {
  await page.keyboard.press('/');
  expect(await focused(page)).toBe('search-input');
  await page.keyboard.type(text);
  await expect.poll(() => options(page).first().locator('.search-title').textContent()).toBe(title);
  expect(await input(page).getAttribute('aria-expanded')).toBe('true');
}

/** Enter on the active option: its record page shows, the list is gone and the focus is in the main area. */
async function openActive(page: Page, path: string, heading: string): Promise<void> {
  await page.keyboard.press('Enter');
  expect(await shellPageAt(page, path)).toBe(heading);
  expect(await page.evaluate(() => location.hash)).toBe(`#${path}`);
  expect(await focused(page)).toBe('main');
  expect(await page.getByTestId('search-results').isHidden()).toBe(true);
}

describe.each(PAGE_SIZES)('the top bar search at $width px', (size) => {
  it("opens a customer's and an invoice's record page by keyboard alone", async () => {
    const customer = customers()[2];
    const page = await openAt(size);

    await searchFor(page, customer.name.slice(0, 5).toLowerCase(), customer.name);
    await page.keyboard.press('ArrowDown');
    const first = options(page).first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await input(page).getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    // With the list open: nothing sideways, nothing axe finds.
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, scrollX: 0 });
    expect(await axeViolations(page, WCAG_22)).toEqual([]);
    await page.screenshot({ path: join(shared.shots, `customer-${size.width}.png`) });
    await openActive(page, `/customers/${customer._id}`, `Customer ${customer.name}`);

    const invoice = invoices()[4];
    await searchFor(page, invoice.invoiceNumber, invoice.invoiceNumber);
    // Enter with no option made active opens the first.
    await openActive(page, `/invoices/${invoice._id}`, `Invoice ${invoice.invoiceNumber}`);
  });

  it('closes the list on Escape, clears the box on a second, and says when nothing matches', async () => {
    const customer = customers()[0];
    const page = await openAt(size);
    await searchFor(page, customer.name.slice(0, 4), customer.name);
    // Up from no active result goes to the last; down from the last wraps to the first.
    const count = await options(page).count();
    await page.keyboard.press('ArrowUp');
    expect(
      await options(page)
        .nth(count - 1)
        .getAttribute('aria-selected'),
    ).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await options(page).first().getAttribute('aria-selected')).toBe('true');

    await page.keyboard.press('Escape');
    expect(await page.getByTestId('search-results').isHidden()).toBe(true);
    expect(await input(page).getAttribute('aria-expanded')).toBe('false');
    expect(await input(page).inputValue()).toBe(customer.name.slice(0, 4));
    await page.keyboard.press('Escape');
    expect(await input(page).inputValue()).toBe('');
    expect(await focused(page)).toBe('search-input');

    await page.keyboard.type('zz no such record');
    const status = page.getByTestId('search-status');
    await expect.poll(() => status.textContent()).toBe('No matches for “zz no such record”');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.isVisible()).toBe(true);
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, scrollX: 0 });
    expect(await axeViolations(page, WCAG_22)).toEqual([]);
  });
});

describe('the / key', () => {
  it('is a character, not the shortcut, in a field', async () => {
    const page = await openAt(PAGE_SIZES[1]);
    const field = page.getByLabel('Organization id');
    await field.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('/');
    expect(await field.inputValue()).toMatch(/\/$/);
    expect(await focused(page)).not.toBe('search-input');
    expect(await input(page).inputValue()).toBe('');
  });
});

interface Answered {
  searchAnswered: string[];
}

/** In the page: records the query of each search answer the page has read, as it reads it. */
function noteSearchAnswers(): void {
  const answered: string[] = [];
  (window as unknown as Answered).searchAnswered = answered;
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = new URL(String(input), location.href);
    if (url.pathname !== '/_emulator/search') return response;
    const text = response.text.bind(response);
    response.text = async () => {
      const body = await text();
      answered.push(url.searchParams.get('q') ?? '');
      return body;
    };
    return response;
  };
}

describe('the results', () => {
  it('are the latest query’s: an answer to an earlier one that arrives after it is dropped', async () => {
    const [first, second] = customers();
    const page = await openAt(PAGE_SIZES[2]);
    await page.evaluate(noteSearchAnswers);
    // The first query's answer is held back until the second's has shown.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const firstQuery = first.name.slice(0, 3);
    await page.route('**/_emulator/search?*', async (route) => {
      if (new URL(route.request().url()).searchParams.get('q') === firstQuery) await held;
      await route.continue();
    });
    const firstAsked = page.waitForRequest((request) => new URL(request.url()).searchParams.get('q') === firstQuery);
    await page.keyboard.press('/');
    await page.keyboard.type(firstQuery);
    await firstAsked;
    await page.keyboard.press('Control+A');
    await page.keyboard.type(second.name);
    await expect.poll(() => options(page).first().locator('.search-title').textContent()).toBe(second.name);
    release();
    // Once the page has read the late answer (a task after it, every reaction to it has run), the
    // list is still the second query's.
    await expect.poll(() => page.evaluate(() => (window as unknown as Answered).searchAnswered)).toContain(firstQuery);
    const titles = await options(page).locator('.search-title').allTextContents();
    expect(titles[0]).toBe(second.name);
    expect(titles).not.toContain(first.name);
  });

  it('show a record’s text as text, never as markup', async () => {
    const name = '<img src=x onerror="window.pwned=1"><b>Bold Ltd</b>';
    const { token } = await shared.emulator.token({ scopes: ['customers.write'] });
    await fetch(`${shared.emulator.url}/api/addon/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    const page = await openAt(PAGE_SIZES[2]);
    await searchFor(page, '<b>Bold', name);
    expect(await page.getByTestId('search-results').locator('img, b').count()).toBe(0);
    expect(await page.evaluate(() => 'pwned' in window)).toBe(false);
  });
});
