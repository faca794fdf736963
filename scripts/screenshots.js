// Rewrites the host page's screenshots in docs/ (`npm run build && node scripts/screenshots.js`): the
// seeded organization, in Chromium, at 1366 px (the demo add-on open with the developer drawer's Data
// tab of invoices beside it: docs/host-page.png, which the README shows) and at 390 px (an invoice
// list: docs/host-page-390.png). The world is seeded and the clock starts at a fixed moment, so two
// runs draw the same names, numbers, amounts and dates (record ids are random). It uses the built
// package (dist/), as a user would.
import { resolve } from 'node:path';
import { createClock, createEmulator } from '../dist/index.js';
import { browserFor } from '../dist/testing/host-browser.js';

/** 2027-03-01 09:30 UTC, a Monday morning (ahead of today: the emulated clock only moves forward). */
const MOMENT = Date.UTC(2027, 2, 1, 9, 30);
const DOCS = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', 'docs');

const emulator = await createEmulator({ port: 0, demo: true, clock: createClock({ offsetMs: MOMENT - Date.now() }) });
const { browser } = await browserFor();
try {
  await emulator.listen();
  await emulator.seed({ size: 12 });

  const wide = await open(1366, 900, '');
  if ((await wide.locator('.shell').getAttribute('data-drawer')) !== 'open')
    await wide.getByTestId('drawer-toggle').click();
  await wide.locator('.shell[data-drawer="open"]').waitFor();
  await wide.getByRole('tab', { name: 'Data' }).click();
  await wide.getByTestId('data-collection').selectOption('invoices');
  await wide.locator('.data-panel .muted', { hasText: /of \d+ invoices in/ }).waitFor();
  await wide.screenshot({ path: `${DOCS}/host-page.png` });

  const phone = await open(390, 844, '/invoices');
  await phone.screenshot({ path: `${DOCS}/host-page-390.png` });
} finally {
  await browser.close();
  await emulator.close();
}

/** The host page at an in-app path ('' for the add-on) in a window of this size, en-US, at rest. */
async function open(width, height, path) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${emulator.url}/${path ? `#${path}` : ''}`);
  if (path) await page.locator('[data-testid="shell-page"]:visible [data-testid="page-title"]').first().waitFor();
  else
    await page.locator('[data-testid="message-row"][data-type="service:ready"]').first().waitFor({ state: 'attached' });
  return page;
}
