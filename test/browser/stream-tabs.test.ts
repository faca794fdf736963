// Many tabs of one host page share one live stream (docs/host-page.md#many-tabs-one-stream): a
// browser keeps six HTTP/1.1 connections to a host, so with a stream a tab the seventh tab never
// loaded. Ten tabs in one browser context each show an event told live, over one connection to
// `/_emulator/stream`, as the browser's own requests count them; when the tab holding it closes,
// another opens the next, and the rest stay live. The events are calls refused before the audit log:
// the Audit tab has them only from the stream (no read of the audit log lists them).
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, startDev, type DevProcess } from '../helpers.js';
import { useBrowser } from './browser.js';

const TABS = 10;
/** Far more than a tab of the host page takes to load and connect here, even ten at once. */
const LIVE_WITHIN_MS = 15_000;

const { browser, keep } = useBrowser();

const liveIndicator = (page: Page) => page.locator('.live-indicator[data-state="live"]');

/** Opens one more tab of the host page, with its Audit tab shown, once its stream is live. */
async function openTab(context: BrowserContext, url: string, n: number): Promise<Page> {
  const page = await context.newPage();
  try {
    await page.goto(`${url}/`, { waitUntil: 'commit', timeout: LIVE_WITHIN_MS });
    await liveIndicator(page).waitFor({ timeout: LIVE_WITHIN_MS });
  } catch (error) {
    throw new Error(`tab ${n} of ${TABS} did not show the stream live: ${(error as Error).message.split('\n')[0]}`);
  }
  await page.getByTestId('tab-audit').click();
  return page;
}

/** A call refused at the token check: a `refused` event of the stream, told by its path. */
async function refusedCall(dev: DevProcess, resource: string): Promise<void> {
  expect((await api(`${dev.apiUrl}/${resource}`, { token: 'not-a-token' })).status).toBe(401);
}

const showsRefused = (page: Page, resource: string) =>
  page
    .locator('[data-testid="audit-row"][data-refused="true"]')
    .filter({ has: page.locator('.audit-path', { hasText: `/api/addon/v1/${resource}` }) })
    .waitFor();

describe('many tabs of the host page', () => {
  it('all stay live on one stream, and on the next one when the tab holding it closes', async () => {
    const dev = await startDev(['--ephemeral']);
    const context = keep(await browser().newContext({ viewport: { width: 1366, height: 768 } }));
    const streams: Request[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/_emulator/stream') streams.push(request);
    });

    const tabs: Page[] = [];
    for (let n = 1; n <= TABS; n++) tabs.push(await openTab(context, dev.url, n));
    await refusedCall(dev, 'customers');
    await Promise.all(tabs.map((page) => showsRefused(page, 'customers')));
    expect(streams).toHaveLength(1);

    // The tab that opened the stream goes; another takes it over, and the rest get what follows.
    const leader = streams[0].frame().page();
    expect(tabs).toContain(leader);
    await leader.close();
    const rest = tabs.filter((page) => page !== leader);
    await expect.poll(() => streams.length).toBe(2);
    // Its answer's headers come once the emulator is sending it events.
    await streams[1].response();
    await Promise.all(rest.map((page) => liveIndicator(page).waitFor()));
    await refusedCall(dev, 'invoices');
    await Promise.all(rest.map((page) => showsRefused(page, 'invoices')));
    expect(streams).toHaveLength(2);
  }, 120_000);
});
