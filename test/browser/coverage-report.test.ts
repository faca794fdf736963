import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readCoverageFiles } from '../../src/coverage/read-coverage.js';
import { coverageReport } from '../../src/coverage/report.js';
import { htmlReport } from '../../src/coverage/reports/html.js';
import { ROOT, tempDir } from '../helpers.js';
import { SCREENSHOTS, useBrowser } from './browser.js';
import { axeViolations, sidewaysOverflow } from './page-checks.js';

// The HTML report of `addon coverage --report html=FILE`, opened as a person opens it: a file in
// headless Chromium. Made from the merged files of one suite (test/fixtures/coverage/suite), the
// report docs/coverage-report.png shows (copied from test/output/coverage-report.png).
const { browser } = useBrowser();
const SUITE = join(ROOT, 'test', 'fixtures', 'coverage', 'suite');

/** The report of the files under `dirs`, with a minimum missed, written to a file and opened. */
async function opened(dirs: string[]): Promise<{ page: Page; problems: string[]; requests: string[]; url: string }> {
  const report = coverageReport(await readCoverageFiles(dirs, ROOT), { responses: 40, bridge: 50 }, ROOT);
  const path = join(await tempDir(), 'coverage.html');
  await writeFile(path, htmlReport(report));
  const url = pathToFileURL(path).href;
  const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(url, { waitUntil: 'load' });
  return { page, problems, requests, url };
}

/** The text of the cell of `row` (a row header's text) under `column` (a column header's text) in table `index`. */
const cellText = (page: Page, table: string, row: string, column: string) =>
  page.evaluate(
    ([table, row, column]) => {
      const found = document.querySelector(`section[aria-labelledby="${table}"] table`) as HTMLTableElement;
      const at = [...found.tHead!.rows[0].cells].findIndex((cell) => cell.textContent === column);
      const line = [...found.tBodies[0].rows].find((r) => r.cells[0].textContent === row)!;
      return line.cells[at].textContent;
    },
    [table, row, column],
  );

describe('the HTML coverage report', () => {
  it('is one page with nothing from elsewhere, no console error and no axe violation', async () => {
    const { page, problems, requests, url } = await opened([SUITE]);
    expect(await page.title()).toBe('Platform coverage of com.example.demo-addon');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(requests).toEqual([url]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'coverage-report.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('on a phone, the page does not reach sideways: a wide table scrolls in its own region', async () => {
    const { page, problems } = await opened([SUITE]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await sidewaysOverflow(page)).overflow).toBe(0);
    const region = page.getByRole('region', { name: 'table of responses' });
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('shows operations × responses and events × states, each cell in a symbol and words besides its colour', async () => {
    const { page } = await opened([SUITE]);
    expect(await cellText(page, 'responses', 'GET /customers', '429')).toBe('✓ 1 time');
    expect(await cellText(page, 'responses', 'GET /customers', 'called')).toBe('✓ 6 times');
    expect(await cellText(page, 'responses', 'PATCH /customers/{id}', '2xx')).toBe('✗never');
    // A GET has no body, so no 413: not a response of it.
    expect(await cellText(page, 'responses', 'GET /customers', '413')).toBe('·none');
    expect(await cellText(page, 'events', 'invoice.paid', 'retried')).toBe('✓ 1 time');
    expect(await cellText(page, 'events', 'invoice.overdue', 'delivered')).toBe('✗never');
    // Colour too: a met cell and a missing one differ in background.
    const background = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((cell) => getComputedStyle(cell).backgroundColor);
    expect(await background('td.met')).not.toBe(await background('td.never'));
    // Every header cell says what it heads.
    const headers = await page.locator('th').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('scope')));
    expect(headers.every((scope) => scope === 'col' || scope === 'row')).toBe(true);
    expect(await page.locator('section.gaps li').allTextContents()).toContain(
      'responses: no test met 409 on any operation',
    );
    expect(await page.locator('.missed').allTextContents()).toEqual([
      'responses 14.7% is below the minimum 40%: 2xx never met on PATCH /customers/{id} and DELETE /customers/{id} (met on 6 of 8); no test met 400 on any operation; …',
    ]);
  });

  it('shows a hostile item as text: no markup of it runs or loads', async () => {
    const dir = await tempDir();
    const file = JSON.parse(await readFile(join(SUITE, 'coverage-exec-4242-1a2b3c4d.json'), 'utf8'));
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    file.surface.bridge.push(hostile);
    file.hits.bridge[hostile] = 1;
    file.seen['bridge warnings'] = { '"><b>bold</b>': 1 };
    await writeFile(join(dir, 'coverage-hostile.json'), JSON.stringify(file));
    const { page, problems, requests, url } = await opened([dir]);
    expect(await page.locator('img, script, b').count()).toBe(0);
    expect(await page.locator('section[aria-labelledby="bridge"] code', { hasText: hostile }).count()).toBe(1);
    expect(await page.locator('section[aria-labelledby="seen"]').textContent()).toContain('"><b>bold</b> (1)');
    expect(requests).toEqual([url]);
    expect(problems).toEqual([]);
  });
});
