import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, inProcess } from '../helpers.js';

afterEach(cleanUp);

describe('the host page and demo add-on files', () => {
  it('serves the built host page at / and its assets, with validators, over HTTP', async () => {
    const em = await inProcess();
    const url = await em.listen();
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];

    const asset = await fetch(url + script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    const etag = asset.headers.get('etag')!;
    expect((await asset.arrayBuffer()).byteLength).toBe(Number(asset.headers.get('content-length')));
    // fetch turns a request with If-None-Match into a no-cache one (the Fetch standard), so inject.
    expect((await em.inject({ url: script, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const head = await fetch(url + script, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
  });

  it('answers any other path with the usual 404 body, and never leaves the folder', async () => {
    const em = await inProcess();
    const url = await em.listen();
    for (const path of ['/assets/nope.js', '/..%2fpackage.json', '/assets/..%2f..%2fpackage.json', '/.env']) {
      const response = await fetch(url + path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ statusCode: 404, code: 'route_not_found' });
    }
    // The API's own paths are not files: without a token, the API answers as it always does.
    expect((await fetch(`${url}/api/addon/v1/nope`)).status).toBe(401);
  });

  it('serves the demo add-on and its config on a port of its own', async () => {
    const em = await inProcess({ demo: true });
    const url = await em.listen();
    const demo = em.demoUrl!;
    expect(new URL(demo).port).not.toBe(new URL(url).port);
    expect(await (await fetch(demo)).text()).toContain('<script');
    expect((await fetch(`${demo}demo.js`)).headers.get('content-type')).toMatch(/javascript/);
    expect(await (await fetch(`${demo}config.json`)).json()).toEqual({
      apiUrl: `${url}/api/addon/v1`,
      hostOrigin: url,
    });
  });
});
