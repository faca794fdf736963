// The add-on's frame is cross-site, as in production, wherever the add-on is served: on 127.0.0.1 (the
// emulator's own name, where the host page then takes localhost) and on localhost. A page that keeps
// its session in a SameSite=Lax cookie gets no session in it, as it would get none in production.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { hostPageOrigin } from '../../src/emulator/host-page-origin.js';
import { openHostPage, startEmulator } from '../../src/testing/index.js';
import { useBrowser } from './browser.js';

const { browser, keep } = useBrowser();

/**
 * An add-on page that keeps a session in a SameSite=Lax cookie: `/` sets it and, once loaded, asks
 * `/whoami` with credentials, then shows what came back and says ready.
 */
const PAGE = `<!doctype html><title>cookie session</title><p id="said">…</p><script>
  const token = new URLSearchParams(location.search).get('service_token');
  history.replaceState(null, '', location.pathname);
  fetch('/whoami', { credentials: 'include' }).then((r) => r.text()).then((said) => {
    document.getElementById('said').textContent = said;
    parent.postMessage({ type: 'service:ready' }, new URL(document.referrer).origin);
  });
</script>`;

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))));

async function cookieAddon(host: '127.0.0.1' | 'localhost'): Promise<string> {
  const server = createServer((request, response) => {
    if (request.url === '/whoami')
      return response.end(
        /(^|; )sid=s1(;|$)/.test(request.headers.cookie ?? '') ? 'cookie session: yes' : 'cookie session: NO',
      );
    response.writeHead(200, {
      'content-type': 'text/html',
      'set-cookie': 'sid=s1; SameSite=Lax; Path=/; HttpOnly',
      'referrer-policy': 'no-referrer',
    });
    response.end(PAGE);
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, host === 'localhost' ? 'localhost' : '127.0.0.1', done));
  return `http://${host}:${(server.address() as AddressInfo).port}/`;
}

describe('the host page frames the add-on cross-site, as the service does', () => {
  it.each(['127.0.0.1', 'localhost'] as const)(
    'with the add-on on %s: a SameSite=Lax cookie set by the frame is not sent back',
    async (host) => {
      const addonUrl = await cookieAddon(host);
      const emulator = keep(await startEmulator({ addonUrl }));
      const page = keep(await openHostPage(emulator, { browser: browser() }));
      await expect.poll(() => page.addon.locator('#said').textContent()).toBe('cookie session: NO');
      const pageHost = new URL(page.page.url()).hostname;
      // The host page is on the other loopback name than the add-on's: two sites.
      expect(pageHost).toBe(host === '127.0.0.1' ? 'localhost' : '127.0.0.1');
      expect(new URL(page.page.url()).origin).toBe(hostPageOrigin(emulator.url, addonUrl));
      expect(emulator.emulator.hostPageUrl).toBe(`${hostPageOrigin(emulator.url, addonUrl)}/`);
    },
  );
});
