import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { API_PREFIX } from '../sdk/browser/addresses.js';
import { serveStaticFiles } from './static-files.js';

// Not `new URL('…', import.meta.url)`: Vite rewrites that pattern as an asset of the page in a DOM
// test environment (vitest's happy-dom, jsdom), where mockHost() runs the emulator.
/** The bundled demo add-on's files (demo-addon/ at the package root, beside src/ and dist/). */
const DEMO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../demo-addon/');

export interface DemoAddon {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the demo add-on on a port of its own, on `localhost`: another site than the host page on
 * 127.0.0.1, as an add-on is in production (emulator/host-page-origin.ts), so the postMessage bridge,
 * CORS and a third-party frame are exercised for real. `localhost` is bound as it resolves (fastify
 * listens on each of its addresses), so the browser reaches it over IPv4 or IPv6 alike.
 */
export async function startDemoAddon({ emulatorUrl }: { emulatorUrl: string }): Promise<DemoAddon> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  // The page's address holds the session token until its script takes it out: no Referer sends it (spec 5.1).
  await serveStaticFiles(app, DEMO_ROOT, () => ({ 'referrer-policy': 'no-referrer' }));
  app.get('/config.json', async () => ({ apiUrl: emulatorUrl + API_PREFIX, hostOrigin: emulatorUrl }));
  await app.listen({ port: 0, host: 'localhost' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://localhost:${port}/`, close: () => app.close() };
}
