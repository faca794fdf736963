// The host page's side of coverage, in a real Chromium against `addon dev`: what the bridge carried
// reaches the emulator's coverage (POST /_emulator/coverage/bridge, batched, within its bounds, and
// as the page goes away), and the drawer's Coverage tab shows it, kept live by the stream.
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoverageNow } from '../../src/coverage/emulator-coverage.js';
import { BRIDGE_RATE } from '../../src/bridge/bridge-budget.js';
import { COVERAGE_REPORT_INTERVAL_MS } from '../../src/common/limits.js';
import { createEmulator } from '../../src/emulator/create-emulator.js';
import { api, startDev } from '../helpers.js';
import { SCREENSHOTS, tokenInSrc, useBrowser } from './browser.js';

const { browser, keep } = useBrowser();

// An add-on that says it is ready and shows its context; the test posts the rest from its frame.
const ADDON = `<!doctype html><html lang="en"><title>Fixture add-on</title>
<p data-testid="context">waiting</p>
<script>
addEventListener('message', (event) => {
  if (event.data && event.data.type === 'service:context')
    document.querySelector('[data-testid=context]').textContent = 'context for ' + event.data.payload.orgId;
});
parent.postMessage({ type: 'service:ready' }, '*');
</script></html>`;

let addon: Server | null = null;
afterEach(async () => {
  addon?.closeAllConnections();
  await new Promise((done) => addon?.close(done) ?? done(undefined));
  addon = null;
});

async function serveAddon(): Promise<string> {
  addon = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ADDON),
  );
  await new Promise<void>((done) => addon!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(addon.address() as { port: number }).port}/`;
}

/** `addon dev` with the fixture add-on, its host page open and the add-on given its context. */
async function openHost() {
  const dev = await startDev(['--ephemeral', '--scopes', 'customers.read', '--addon-url', await serveAddon()]);
  const page = await browser().newPage({ viewport: { width: 1366, height: 860 } });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await watchReports(page);
  await page.goto(`${dev.url}/`);
  await page.frameLocator('[data-testid="addon-frame"]').getByText('context for org_demo').waitFor();
  return { dev, page, pageErrors };
}

/** Times each report the page sends by the page's own clock (no test-side jitter in the gaps): `reportTimes`. */
async function watchReports(page: Page) {
  await page.addInitScript(() => {
    const reports: number[] = [];
    (window as unknown as { coverageReports: number[] }).coverageReports = reports;
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input).endsWith('/_emulator/coverage/bridge')) reports.push(performance.now());
      return fetch(input, init);
    };
  });
}

/** Posts `messages` (a JS expression of a message, in a loop of `times` over `i`) from the add-on's frame. */
async function postFromAddon(page: Page, message: string, times = 1) {
  const frame = await (await page.locator('[data-testid="addon-frame"]').elementHandle())!.contentFrame();
  await frame!.evaluate(`for (let i = 0; i < ${times}; i++) parent.postMessage(${message}, '*')`);
}

const coverageOf = async (url: string): Promise<CoverageNow> =>
  (await fetch(`${url}/_emulator/coverage`)).json() as Promise<CoverageNow>;

const reportTimes = (page: Page) =>
  page.evaluate(() => (window as unknown as { coverageReports: number[] }).coverageReports);

const OVER_THE_RATE = `messages over the bridge's rate (${BRIDGE_RATE}), dropped`;

describe("the host page's bridge reports", () => {
  it('tell the emulator exactly the bridge items the add-on and the host exchanged; the Coverage tab shows them, live', async () => {
    const { dev, page, pageErrors } = await openHost();
    await postFromAddon(page, `{ type: 'service:notify', payload: { message: 'Saved', level: 'success' } }`);
    await postFromAddon(page, `{ type: 'service:resize', payload: { height: 640 } }`);
    await expect
      .poll(async () => (await coverageOf(dev.url)).hits.bridge, { timeout: 20_000 })
      .toEqual({ 'service:ready': 1, 'service:context': 1, 'service:notify success': 1, 'service:resize': 1 });

    await page.getByTestId('tab-coverage').click();
    const bridge = page.locator('[data-testid="coverage-dimension"][data-dimension="bridge"]');
    const item = (name: string) => bridge.locator(`[data-testid="coverage-item"][data-item="${name}"]`);
    await expect
      .poll(() => bridge.getByTestId('coverage-share').textContent(), { timeout: 20_000 })
      .toBe('4 of 9 · 44.4%');
    const summary = page.locator('[data-testid="coverage-summary"] tr[data-dimension="bridge"] > *');
    expect(await summary.allTextContents()).toEqual(['Bridge messages', '4', '9', '44.4%']);
    expect(await item('service:notify success').textContent()).toBe('✓service:notify successmet, 1 time');
    expect(await item('service:close').textContent()).toBe('✗service:closenever met');
    // The gaps come first.
    const order = await bridge
      .getByTestId('coverage-item')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-count')));
    expect(order.indexOf('1')).toBeGreaterThan(order.lastIndexOf('0'));

    // An API call made now reaches the tab through the stream, the tab left open.
    const token = tokenInSrc((await page.getByTestId('addon-frame').getAttribute('src'))!);
    const listed = page.locator('[data-testid="coverage-item"][data-item="GET /customers 2xx"]');
    expect(await listed.getAttribute('data-count')).toBe('0');
    expect((await api(`${dev.apiUrl}/customers`, { token })).status).toBe(200);
    await expect.poll(() => listed.getAttribute('data-count'), { timeout: 20_000 }).toBe('1');
    expect(await listed.textContent()).toBe('✓GET /customers 2xxmet, 1 time');

    // Reopened, the add-on is sent its context again: after a reload, and the tab says so.
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect
      .poll(() => item('service:context after a reload').getAttribute('data-count'), { timeout: 20_000 })
      .toBe('1');
    expect((await coverageOf(dev.url)).hits.bridge).toEqual({
      'service:ready': 2,
      'service:context': 1,
      'service:context after a reload': 1,
      'service:notify success': 1,
      'service:resize': 1,
    });
    await page.screenshot({ path: join(SCREENSHOTS, 'coverage-tab.png') });
    expect(pageErrors).toEqual([]);
  });

  it('sends at most one report every 500 ms under a flood, and every message of it is counted, taken or dropped', async () => {
    const { dev, page } = await openHost();
    const before = (await coverageOf(dev.url)).hits.bridge['service:notify warning'] ?? 0;
    // 2,500 notifies, 25 every 20 ms: a flood that lasts, over the bridge's rate, as a busy add-on makes one.
    const frame = await (await page.getByTestId('addon-frame').elementHandle())!.contentFrame();
    await frame!.evaluate(() => {
      let sent = 0;
      const timer = setInterval(() => {
        for (let i = 0; i < 25; i++)
          parent.postMessage(
            { type: 'service:notify', payload: { message: `Flood ${sent + i}`, level: 'warning' } },
            '*',
          );
        if ((sent += 25) === 2500) clearInterval(timer);
      }, 20);
    });
    const counted = async () => {
      const now = await coverageOf(dev.url);
      return (
        (now.hits.bridge['service:notify warning'] ?? 0) - before + (now.seen['bridge warnings']?.[OVER_THE_RATE] ?? 0)
      );
    };
    await expect.poll(counted, { timeout: 30_000 }).toBe(2500);
    const times = await reportTimes(page);
    // The first load's report, and the flood's.
    expect(times.length).toBeGreaterThanOrEqual(2);
    const gaps = times.slice(1).map((at, i) => at - times[i]!);
    // performance.now() is coarsened by the browser (to 0.1 ms): a gap of exactly the interval may read a hair under.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(COVERAGE_REPORT_INTERVAL_MS - 1);
  }, 60_000);

  it("splits what is over a report's bounds: 151 kinds of warning reach the emulator, none refused, and the tab shows them as text", async () => {
    const { dev, page } = await openHost();
    await postFromAddon(page, `{ type: 'kind ' + i }`, 150);
    // A warning is counted as a kind, without the value it got: two paths, one key.
    await postFromAddon(page, `{ type: 'service:navigate', payload: { path: 'x' + i } }`, 2);
    await expect
      .poll(async () => Object.keys((await coverageOf(dev.url)).seen['bridge warnings'] ?? {}).length, {
        timeout: 20_000,
      })
      .toBe(151);
    const warnings = (await coverageOf(dev.url)).seen['bridge warnings']!;
    expect(warnings['unknown message type "kind 149"']).toBe(1);
    expect(warnings['service:navigate: payload.path must start with "/"']).toBe(2);
    // What the page saw is shown as text, whatever it says.
    await postFromAddon(page, `{ type: '<img src=x onerror="document.title=1">' }`);
    const hostile = 'unknown message type "<img src=x onerror=\\"document.title=1\\">"';
    await expect
      .poll(async () => (await coverageOf(dev.url)).seen['bridge warnings']![hostile], { timeout: 20_000 })
      .toBe(1);
    // Seen besides comes with no event: the tab reads it as it is shown.
    await page.getByTestId('tab-coverage').click();
    const shown = page.getByTestId('coverage-seen-item').filter({ hasText: 'unknown message type "<img src=x' });
    await expect.poll(() => shown.count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('coverage-seen').locator('img').count()).toBe(0);
  });

  it('stop when the emulator records no coverage (the first refused 409), and the tab says so', async () => {
    const emulator = keep(await createEmulator({ port: 0, addonUrl: await serveAddon(), coverage: false }));
    await emulator.listen();
    const page = await browser().newPage();
    await watchReports(page);
    const refused: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/_emulator/coverage/bridge')) refused.push(response.status());
    });
    await page.goto(`${emulator.url}/`);
    await page.frameLocator('[data-testid="addon-frame"]').getByText('context for org_demo').waitFor();
    await page.getByTestId('tab-coverage').click();
    await expect
      .poll(() => page.getByTestId('coverage-note').textContent(), { timeout: 20_000 })
      .toBe('This emulator records no coverage (coverage: false).');
    // The first report is refused, and the page sends no other, whatever the add-on does next.
    await expect.poll(() => refused, { timeout: 20_000 }).toEqual([409]);
    await postFromAddon(page, `{ type: 'service:resize', payload: { height: 300 } }`);
    await page.getByTestId('addon-frame').and(page.locator('[style*="height: 300px"]')).waitFor();
    // As the page goes away it has nothing to send: the resize was not counted.
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    expect(await reportTimes(page)).toHaveLength(1);
    await page.close();
  });

  it('sends what is left as the page goes away', async () => {
    const { dev, page } = await openHost();
    // Once the first report (ready, context) is in, a close is sent and the page left at once.
    await expect
      .poll(async () => (await coverageOf(dev.url)).hits.bridge['service:context'], { timeout: 20_000 })
      .toBe(1);
    await postFromAddon(page, `{ type: 'service:close' }`);
    await page.getByTestId('addon-panel').and(page.locator('[data-state="closed"]')).waitFor({ state: 'attached' });
    await page.goto('about:blank');
    await expect
      .poll(async () => (await coverageOf(dev.url)).hits.bridge['service:close'], { timeout: 20_000 })
      .toBe(1);
  });
});
