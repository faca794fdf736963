// Many tabs of one host page share one live stream (docs/host-page.md#many-tabs-one-stream): a
// browser keeps six HTTP/1.1 connections to a host, so with a stream a tab the seventh tab never
// loaded. Ten tabs in one browser context each show an event told live, over one connection to
// `/_emulator/stream`, as the browser's own requests count them; when the tab holding it closes,
// another opens the next, the rest stay live, and what happened in between is read again. The
// stream's state holds in every tab (down, and a retry in any); the channel takes only messages of
// its shape; a browser without Web Locks gives each tab its own stream. Most events are calls
// refused before the audit log: the Audit tab has them only from the stream (the audit log has none).
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MAX_STREAM_RELAY_CHARS } from '../../src/common/limits.js';
import { api, startDev, type DevProcess } from '../helpers.js';
import { useBrowser } from './browser.js';

const TABS = 10;
const STREAM_PATH = '/_emulator/stream';
/** Far more than a tab of the host page takes to load and connect here, even ten at once. */
const LIVE_WITHIN_MS = 15_000;

const { browser, keep } = useBrowser();

const indicator = (page: Page, state: 'live' | 'connecting' | 'down') =>
  page.locator(`.live-indicator[data-state="${state}"]`);
const liveIndicator = (page: Page) => indicator(page, 'live');

/** The context's requests for the live stream, as the browser made them. */
function streamRequests(context: BrowserContext): Request[] {
  const streams: Request[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === STREAM_PATH) streams.push(request);
  });
  return streams;
}

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
    const streams = streamRequests(context);

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

  it('all say the stream is down, and a retry in any of them brings it back for all', async () => {
    const dev = await startDev(['--ephemeral']);
    const context = keep(await browser().newContext({ viewport: { width: 1366, height: 768 } }));
    const streams = streamRequests(context);
    // An answer EventSource gives up on for good, as from an emulator without the route.
    await context.route(`**${STREAM_PATH}`, (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    const tabs: Page[] = [];
    for (let n = 1; n <= 3; n++) {
      const page = await context.newPage();
      await page.goto(`${dev.url}/`);
      await indicator(page, 'down').waitFor();
      tabs.push(page);
    }
    expect(streams).toHaveLength(1);

    await context.unrouteAll();
    const follower = tabs.find((page) => page !== streams[0].frame().page())!;
    await indicator(follower, 'down').click();
    await Promise.all(tabs.map((page) => liveIndicator(page).waitFor()));
    expect(streams).toHaveLength(2);
    await Promise.all(tabs.map((page) => page.getByTestId('tab-audit').click()));
    await refusedCall(dev, 'customers');
    await Promise.all(tabs.map((page) => showsRefused(page, 'customers')));
  });

  it('read again what they show when the next tab’s stream opens: what happened in between is not lost', async () => {
    const dev = await startDev(['--ephemeral']);
    const context = keep(await browser().newContext({ viewport: { width: 1366, height: 768 } }));
    const streams = streamRequests(context);
    const tabs: Page[] = [];
    for (let n = 1; n <= 3; n++) tabs.push(await openTab(context, dev.url, n));
    // The next tab's stream waits until the test lets it through.
    let letThrough!: () => void;
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await context.route(`**${STREAM_PATH}`, (route) => held.then(() => route.continue()));

    const leader = streams[0].frame().page();
    await leader.close();
    const rest = tabs.filter((page) => page !== leader);
    await expect.poll(() => streams.length).toBe(2);
    await Promise.all(rest.map((page) => indicator(page, 'connecting').waitFor()));
    // A call no stream tells: the tabs read it from the audit log once the next stream is open.
    const { token } = (await api(`${dev.url}/_emulator/tokens`, { body: {} })).body;
    expect((await api(`${dev.apiUrl}/products?limit=13`, { token })).status).toBe(200);
    letThrough();
    await Promise.all(
      rest.map((page) => page.locator('[data-testid="audit-row"]').filter({ hasText: 'limit=13' }).waitFor()),
    );
    await Promise.all(rest.map((page) => liveIndicator(page).waitFor()));
  });

  it('take from the channel only what the leader would send', async () => {
    const dev = await startDev(['--ephemeral']);
    const context = keep(await browser().newContext({ viewport: { width: 1366, height: 768 } }));
    const [poster, reader] = [await context.newPage(), await context.newPage()];
    const warnings: string[] = [];
    reader.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    for (const page of [poster, reader]) {
      await page.goto(`${dev.url}/`);
      await liveIndicator(page).waitFor();
      await page.getByTestId('tab-audit').click();
    }
    // A refusal as the stream sends one, its path long enough to pass the bound by one character.
    const refusal = { at: new Date().toISOString(), requestId: 'req_forged', method: 'GET', status: 401 };
    const room = MAX_STREAM_RELAY_CHARS - JSON.stringify({ ...refusal, path: '' }).length;
    const forged = [
      { kind: 'event', name: 'refused', data: JSON.stringify({ ...refusal, path: '/forged'.padEnd(room + 1, 'x') }) },
      { kind: 'event', name: '__proto__', data: '{}' },
      { kind: 'state', state: 'hacked' },
      'live',
    ];
    await poster.evaluate((messages) => {
      // The channel's name in host-ui/src/stream-leader.ts (the page's modules are not importable here).
      const channel = new BroadcastChannel('addon-dev-stream');
      messages.forEach((message) => channel.postMessage(message));
      channel.close();
    }, forged);
    await expect.poll(() => warnings.filter((text) => text.includes('channel message')).length).toBe(forged.length);
    await refusedCall(dev, 'customers');
    await showsRefused(reader, 'customers');
    expect(await reader.locator('[data-testid="audit-row"]').filter({ hasText: '/forged' }).count()).toBe(0);
    expect(await indicator(reader, 'live').count()).toBe(1);
  });

  it('each have a stream of their own in a browser without Web Locks', async () => {
    const dev = await startDev(['--ephemeral']);
    const context = keep(await browser().newContext({ viewport: { width: 1366, height: 768 } }));
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined }));
    const streams = streamRequests(context);
    const tabs = [await openTab(context, dev.url, 1), await openTab(context, dev.url, 2)];
    expect(streams.map((request) => request.frame().page())).toEqual(tabs);
    await refusedCall(dev, 'customers');
    await Promise.all(tabs.map((page) => showsRefused(page, 'customers')));
  });
});
