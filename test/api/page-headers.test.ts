import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/installations/settings.js';
import { hostPageRoutes } from '../../src/emulator/host-page-routes.js';
import type { EmulatorStatus } from '../../src/control/status.js';
import { cleanUp, inProcess, tempDir } from '../helpers.js';

/**
 * No other site may frame a page of the emulator's own origin: framed by a page on another port, the
 * host page worked in full for that page (minted tokens, drove the drawer) (issue 21). The host page's
 * own policy still lets it frame the add-on's origin and talk to its own.
 */
afterEach(cleanUp);

/** The directives of a Content-Security-Policy header, by name. */
const directives = (policy: string | null) =>
  Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

describe('the host page is framed by no other site', () => {
  it("sends frame-ancestors 'self' and X-Frame-Options, with a policy that frames the add-on's origin", async () => {
    const em = await inProcess({ addonUrl: 'http://localhost:5173/app/?tenant=1' });
    const url = await em.listen();
    for (const path of ['/', '/index.html']) {
      const page = await fetch(url + path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(directives(page.headers.get('content-security-policy')), path).toEqual({
        'default-src': "'self'",
        'frame-src': 'http://localhost:5173',
        'frame-ancestors': "'self'",
        'object-src': "'none'",
        'base-uri': "'none'",
        'form-action': "'self'",
      });
    }
  });

  it("frames the demo add-on's origin when it is the add-on, and nothing when there is none", async () => {
    const demo = await inProcess({ demo: true });
    const demoUrl = await demo.listen();
    const withDemo = await fetch(`${demoUrl}/`);
    expect(directives(withDemo.headers.get('content-security-policy'))['frame-src']).toBe(
      new URL(demo.demoUrl!).origin,
    );
    const bare = await inProcess();
    const bareUrl = await bare.listen();
    const without = await fetch(`${bareUrl}/`);
    expect(directives(without.headers.get('content-security-policy'))['frame-src']).toBe("'none'");
  });

  it('keeps the policy on a revalidated page (304), and sends frame-ancestors with every file of the page', async () => {
    const em = await inProcess({ addonUrl: 'http://127.0.0.1:3000/' });
    const url = await em.listen();
    const page = await fetch(`${url}/`);
    const html = await page.text();
    // fetch turns a request with If-None-Match into a no-cache one (the Fetch standard), so inject.
    const again = await em.inject({ url: '/', headers: { 'if-none-match': page.headers.get('etag')! } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(page.headers.get('content-security-policy'));
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    for (const path of [script, '/favicon.svg']) {
      const file = await fetch(url + path);
      expect(file.status, path).toBe(200);
      expect(file.headers.get('content-security-policy'), path).toBe("frame-ancestors 'self'");
      expect(file.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
  });

  it('sends the same frame headers with the page shown when the host page was never built', async () => {
    const app = Fastify();
    await app.register(hostPageRoutes, {
      root: await tempDir(),
      status: () => ({ ...DEFAULT_SETTINGS }) as EmulatorStatus,
      apiUrl: () => 'http://127.0.0.1:4455/api/addon/v1',
      addonUrl: () => null,
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const page = await fetch(`${url}/`);
      expect(await page.text()).toContain('The host page is not built here');
      expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
      expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    } finally {
      await app.close();
    }
  });
});
