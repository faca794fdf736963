import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startDev } from '../helpers.js';
import { useBrowser } from './browser.js';
import { serveFixture } from './fixture-addon.js';

/**
 * A page of another site must not frame the host page: framed by a page on another port, the host
 * page worked in full for that page, minting tokens and driving the drawer under the user's clicks
 * (issue 21). Its own policy must still let it frame the add-on: the demo add-on, and one of the
 * developer's on another port.
 */
const { browser } = useBrowser();

/** A server on 127.0.0.1 (a port, so an origin, of its own) whose page frames `target`. */
async function framingPage(target: string) {
  const server: Server = createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><title>another site</title><iframe id="victim" src="${target}"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, close };
}

/** Every console message a Content Security Policy caused, in the page and its frames. */
function policyMessages(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|frame-ancestors|X-Frame-Options/.test(message.text())) messages.push(message.text());
  });
  return messages;
}

describe('framing', () => {
  it('a page of another origin cannot frame the host page: Chromium refuses it, and nothing of the page runs', async () => {
    const dev = await startDev(['--ephemeral']);
    const framer = await framingPage(`${dev.url}/`);
    try {
      const page = await browser().newPage();
      const hostRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(dev.url)) hostRequests.push(new URL(request.url()).pathname);
      });
      // Whichever comes first: Chromium blocking the frame's document, or the host page showing in
      // the frame (as it did before). Both are events; the console says which policy blocked it.
      const blocked = page
        .waitForEvent('requestfailed', { predicate: (request) => request.url() === `${dev.url}/` })
        .then((request) => `blocked: ${request.failure()?.errorText}`);
      const shown = page
        .frameLocator('#victim')
        .locator('[data-testid="addon-frame"]')
        .waitFor({ state: 'attached' })
        .then(() => 'the host page showed in the frame');
      const said = page.waitForEvent('console', { predicate: (m) => m.text().includes('frame-ancestors') });
      for (const pending of [blocked, shown, said]) pending.catch(() => {});
      await page.goto(framer.url);
      expect(await Promise.race([blocked, shown])).toBe('blocked: net::ERR_BLOCKED_BY_RESPONSE');
      expect((await said).text()).toContain(`'${dev.url}/'`);
      // The load event waits for the frame: by then the host page would have asked for its script.
      await page.waitForLoadState('load');
      const victim = page.frames().find((frame) => frame !== page.mainFrame())!;
      expect(victim.url()).toBe('chrome-error://chromewebdata/');
      expect(hostRequests).toEqual(['/']);
      await page.close();
    } finally {
      await framer.close();
    }
  });

  it('the host page still frames the demo add-on and an add-on on another port, and frames nothing else', async () => {
    const fixture = await serveFixture();
    try {
      for (const [args, ready] of [
        [['--ephemeral'], '[data-testid="demo-context"]'],
        [['--ephemeral', '--addon-url', fixture.url], '[data-testid="sdk-context"][data-ready="true"]'],
      ] as const) {
        const dev = await startDev([...args]);
        const page = await browser().newPage();
        const messages = policyMessages(page);
        await page.goto(`${dev.url}/`);
        await page.frameLocator('[data-testid="addon-frame"]').locator(ready).waitFor();
        // Every tab of the drawer too: nothing the page shows needs more than its policy allows.
        const tabs = page.locator('[data-testid^="tab-"]');
        for (let i = 0; i < (await tabs.count()); i++) await tabs.nth(i).click();
        expect(messages, args.join(' ')).toEqual([]);

        // A frame of any other origin is refused by the host page's own policy (frame-src).
        const violation = page.evaluate(
          () =>
            new Promise<string>((resolve) =>
              document.addEventListener('securitypolicyviolation', (event) =>
                resolve(`${event.effectiveDirective} ${event.blockedURI}`),
              ),
            ),
        );
        await page.evaluate(() => {
          document.body.appendChild(Object.assign(document.createElement('iframe'), { src: 'http://127.0.0.1:9/' }));
        });
        expect(await violation).toBe('frame-src http://127.0.0.1:9');
        await page.close();
      }
    } finally {
      await fixture.close();
    }
  });
});
