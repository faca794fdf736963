import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { ROOT } from '../helpers.js';

export const FIXTURE = join(ROOT, 'test', 'fixtures', 'sdk-addon');
export const SDK_DIST = join(ROOT, 'dist', 'sdk', 'browser');

/**
 * A fixture add-on on 127.0.0.1 (another origin than the host page): `/` and the files of `root` (by
 * default the SDK fixture's), and `/sdk/*` (the built SDK).
 */
export async function serveFixture(root = FIXTURE): Promise<{ url: string; close(): Promise<void> }> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.map': 'application/json',
  };
  const server: Server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://fixture');
    const [folder, rest] = pathname.startsWith('/sdk/')
      ? [SDK_DIST, pathname.slice('/sdk/'.length)]
      : [root, pathname === '/' ? 'index.html' : pathname.slice(1)];
    const file = resolve(folder, decodeURIComponent(rest));
    if (!file.startsWith(folder + sep)) return response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response
        .writeHead(200, {
          'content-type': types[extname(file)] ?? 'application/octet-stream',
          'cache-control': 'no-store',
          // The page's address holds the session token until the SDK takes it out: no Referer carries it.
          'referrer-policy': 'no-referrer',
        })
        .end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}
