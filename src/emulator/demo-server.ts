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
 * Serves the demo add-on on a port of its own: a different origin from the host page, as an add-on
 * is in production, so the postMessage bridge and CORS are exercised for real.
 */
export async function startDemoAddon({ emulatorUrl, host }: { emulatorUrl: string; host: string }): Promise<DemoAddon> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await serveStaticFiles(app, DEMO_ROOT);
  app.get('/config.json', async () => ({ apiUrl: emulatorUrl + API_PREFIX, hostOrigin: emulatorUrl }));
  const address = await app.listen({ port: 0, host });
  return { url: `${address}/`, close: () => app.close() };
}
