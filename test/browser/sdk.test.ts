// The add-on SDK (dist/sdk/browser, as built) inside the host page of `addon dev`, in real Chromium:
// a fixture add-on on another origin uses connect() and every bridge call and shows the outcomes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, startDev } from '../helpers.js';
import { tokenInSrc, useBrowser } from './browser.js';
import { SDK_DIST, serveFixture } from './fixture-addon.js';
import { toastShown } from './page-checks.js';
const SCOPES = ['customers.read', 'invoices.read'];

const { browser } = useBrowser();
let addon: { url: string; close(): Promise<void> };
beforeAll(async () => {
  if (!existsSync(join(SDK_DIST, 'index.js'))) throw new Error(`no built SDK in ${SDK_DIST}: run npm run build`);
  addon = await serveFixture();
});
afterAll(async () => {
  await addon?.close();
});

/** `addon dev` with the fixture add-on (with a query and a hash of its own), open in a page. */
async function openHost(addonQuery = 'lang=en', scopes = SCOPES) {
  const dev = await startDev([
    '--ephemeral',
    '--scopes',
    scopes.join(','),
    '--addon-url',
    `${addon.url}?${addonQuery}#top`,
  ]);
  const page = await browser().newPage({ viewport: { width: 1280, height: 860 } });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await page.goto(`${dev.url}/`);
  const frame = page.frameLocator('[data-testid="addon-frame"]');
  return { dev, page, frame, pageErrors };
}

async function addonFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('[data-testid="addon-frame"]').elementHandle();
  return (await handle!.contentFrame())!;
}

const text = async (locator: { textContent(): Promise<string | null> }) => JSON.parse((await locator.textContent())!);

describe('the add-on SDK in the host page', () => {
  it('connects: takes the token out of the visible URL and resolves ready() with the context', async () => {
    const { page, frame, pageErrors } = await openHost();
    await frame.locator('[data-testid="sdk-context"][data-ready="true"]').waitFor();
    expect(await text(frame.locator('[data-testid="sdk-context"]'))).toEqual({
      orgId: 'org_demo',
      userId: 'usr_demo',
      scopes: SCOPES,
      hostOrigin: new URL(page.url()).origin,
      hasToken: true,
    });

    // The host loaded the frame with the token; the add-on's visible URL no longer has it, and
    // keeps its own query and hash.
    const src = (await page.locator('[data-testid="addon-frame"]').getAttribute('src'))!;
    expect(tokenInSrc(src)).not.toBe('');
    const inside = await addonFrame(page);
    const visible = await inside.evaluate(() => ({
      search: location.search,
      hash: location.hash,
      href: location.href,
    }));
    expect(visible).toMatchObject({ search: '?lang=en', hash: '#top' });
    expect(visible.href).not.toContain('service_token');
    expect(await text(frame.locator('[data-testid="sdk-url"]'))).toEqual({ search: '?lang=en', hash: '#top' });
    expect(await inside.evaluate(() => document.body.innerText)).not.toContain(tokenInSrc(src));

    // The bridge said ready once, and the host answered with the context.
    await page.locator('[data-testid="tab-messages"]').click();
    await expect
      .poll(() => page.locator('[data-testid="message-row"][data-direction="in"][data-type="service:ready"]').count())
      .toBe(1);
    expect(await page.locator('[data-testid="message-row"][data-warning]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('notifies, navigates, resizes and closes through the host', async () => {
    const { page, frame } = await openHost();
    await frame.locator('[data-testid="sdk-context"][data-ready="true"]').waitFor();

    await frame.locator('[data-testid="sdk-notify"]').click();
    await toastShown(page, 'success', 'Saved from the SDK');

    await frame.locator('[data-testid="sdk-navigate"]').click();
    await expect.poll(() => page.locator('[data-testid="host-path"]').textContent()).toBe('/reports/sdk');

    const frameHeight = async () => (await page.locator('[data-testid="addon-frame"]').boundingBox())?.height;
    await frame.locator('[data-testid="sdk-resize"]').click();
    await expect.poll(frameHeight).toBe(432);

    // Auto-resize follows the document's height as it grows.
    await frame.locator('[data-testid="sdk-auto-resize"]').click();
    const inside = await addonFrame(page);
    const documentHeight = () =>
      inside.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    // (the host animates height changes, so wait until the frame has settled on the document's height)
    await expect
      .poll(async () => {
        const [frameNow, documentNow] = [await frameHeight(), await documentHeight()];
        return frameNow === documentNow && documentNow > 1200;
      })
      .toBe(true);

    await frame.locator('[data-testid="sdk-close"]').click();
    await expect.poll(() => page.locator('[data-testid="addon-frame"]').count()).toBe(0);
  });

  it('calls the API with the context token: a list works, a missing scope is a ScopeError', async () => {
    const { frame } = await openHost();
    await frame.locator('[data-testid="sdk-context"][data-ready="true"]').waitFor();
    const result = frame.locator('[data-testid="sdk-result"]');

    await frame.locator('[data-testid="sdk-list-customers"]').click();
    await frame.locator('[data-testid="sdk-result"][data-outcome="ok"]').waitFor();
    expect(await text(result)).toMatchObject({ status: 200, total: expect.any(Number) });

    await frame.locator('[data-testid="sdk-create-customer"]').click();
    await frame.locator('[data-testid="sdk-result"][data-outcome="scope-error"]').waitFor();
    expect(await text(result)).toMatchObject({
      name: 'ScopeError',
      status: 403,
      code: 'insufficient_scope',
      requiredScope: 'customers.write',
    });
  });

  it('reports an expired session once, through onSessionExpired', async () => {
    const { dev, page, frame } = await openHost();
    await frame.locator('[data-testid="sdk-context"][data-ready="true"]').waitFor();
    expect((await cli(['clock', 'advance', '61m', '--emulator', dev.url])).exitCode).toBe(0);

    // The host covers the add-on with its "Session expired" overlay, so the calls are made as a
    // background task would make them: a click event, not a pointer click.
    const list = frame.locator('[data-testid="sdk-list-customers"]');
    await page.locator('[data-testid="session-expired"]').waitFor();
    await list.dispatchEvent('click');
    await frame.locator('[data-testid="sdk-result"][data-outcome="session-expired"]').waitFor();
    expect(await text(frame.locator('[data-testid="sdk-result"]'))).toMatchObject({
      name: 'SessionExpiredError',
      status: 401,
      code: 'token_expired',
    });
    await frame.locator('[data-testid="sdk-result"]').evaluate((element) => {
      element.textContent = '';
      delete (element as HTMLElement).dataset.outcome;
    });
    await list.dispatchEvent('click');
    await frame.locator('[data-testid="sdk-result"][data-outcome="session-expired"]').waitFor();
    expect(await frame.locator('[data-testid="sdk-expired"]').getAttribute('data-count')).toBe('1');
  });

  it('posts only to the host origin: with another hostOrigin, ready() times out with a clear error', async () => {
    const { page, frame } = await openHost('hostOrigin=http%3A%2F%2F127.0.0.1%3A9&timeout=800');
    const error = frame.locator('[data-testid="sdk-error"][data-name="BridgeTimeoutError"]');
    await error.waitFor();
    expect((await error.textContent()) ?? '').toContain('no service:context from http://127.0.0.1:9 within 800 ms');
    // The message went to an origin that is not the host's, so the browser never delivered it.
    await page.locator('[data-testid="tab-messages"]').click();
    expect(await page.locator('[data-testid="message-row"][data-type="service:ready"]').count()).toBe(0);
  });
});
