import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FRAMED_BY_ITSELF, hostPageHeaders } from './page-policy.js';
import { placeholderPage } from './placeholder-page.js';
import type { EmulatorStatus } from '../control/status.js';
import { serveStaticFiles } from './static-files.js';

export interface HostPageOptions {
  /** The built host page: host-ui/ built by Vite into dist/host-ui. */
  root: string;
  /** What the placeholder page says is running: the status, with the grant in force. */
  status: () => EmulatorStatus;
  /** The API's address once listening, for the placeholder page. */
  apiUrl: () => string;
  /** The add-on the page frames: the configured URL, or the demo add-on's while it runs. */
  addonUrl: () => string | null;
}

/**
 * `/`: the built host page and its files, or, from a checkout never built, a page that says so; none
 * of them framed by another site (emulator/page-policy.ts). The host page's policy is made on each
 * answer: the demo add-on's origin is known once it listens.
 */
export async function hostPageRoutes(app: FastifyInstance, options: HostPageOptions): Promise<void> {
  const { root, status, apiUrl, addonUrl } = options;
  if (existsSync(join(root, 'index.html'))) {
    await serveStaticFiles(app, root, (path) =>
      path === '/index.html' ? hostPageHeaders(addonUrl()) : FRAMED_BY_ITSELF,
    );
  } else {
    // Running from a checkout that was never built: say so rather than fail.
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.headers(FRAMED_BY_ITSELF).type('text/html').send(placeholderPage(status(), apiUrl())),
    );
  }
}
