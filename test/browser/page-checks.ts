import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Checks of the whole host page that several browser tests make.

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const WCAG_21 = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** WCAG 2.2's A and AA rules too (target size among them). */
export const WCAG_22 = [...WCAG_21, 'wcag22a', 'wcag22aa'];

/** axe-core's WCAG 2 A/AA (2.0 and 2.1, or those of `tags`) and best-practice violations on the whole host page. */
export async function axeViolations(page: Page, tags: readonly string[] = WCAG_21): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: Function } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return (result.violations as Array<{ id: string; nodes: Array<{ target: string[]; failureSummary: string }> }>).map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary.replace(/\s+/g, ' ')})`).join('; ')}`,
    );
  }, tags);
}

/** How far the page reaches sideways beyond its window (0 when nothing overflows). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    scrollX: window.scrollX,
  }));

/** A window, and whether the drawer is open beside (or, on a phone, over) the page. */
export interface WindowSize {
  width: number;
  height: number;
  drawer: boolean;
}

/** The windows the service's pages are held at: a phone, a laptop with the drawer open beside the page, a desktop. */
export const PAGE_SIZES: readonly WindowSize[] = [
  { width: 390, height: 844, drawer: false },
  { width: 1024, height: 768, drawer: true },
  { width: 1366, height: 900, drawer: false },
];

/** Opens or closes the developer drawer by its button, as a person would, and waits until it is. */
export async function setDrawer(page: Page, open: boolean): Promise<void> {
  const wanted = open ? 'open' : 'closed';
  if ((await page.locator('.shell').getAttribute('data-drawer')) !== wanted)
    await page.getByTestId('drawer-toggle').click();
  await page.locator(`.shell[data-drawer="${wanted}"]`).waitFor();
}

/**
 * Resolves once a toast of this level says this text. Toasts go after 5 s: a test waits for its
 * toast, from before what shows it where that takes a while, rather than reads it later.
 */
export const toastShown = (page: Page, level: string, text: string): Promise<void> =>
  page.locator(`[data-testid="toast"][data-level="${level}"]`).filter({ hasText: text }).waitFor();
