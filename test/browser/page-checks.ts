import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Checks of the whole host page that several browser tests make.

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const WCAG21 = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** WCAG 2.2's AA rules besides: target-size (24 px) among them. */
export const WCAG22 = [...WCAG21, 'wcag22aa'];

/** axe-core's violations of these tags (WCAG 2 A/AA, 2.0 and 2.1, and best practice) on the whole host page. */
export async function axeViolations(page: Page, tags: string[] = WCAG21): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run: Function } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values },
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
