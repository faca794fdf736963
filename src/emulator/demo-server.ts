import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { API_PREFIX } from '../sdk/browser/addresses.js';
import { serveStaticFiles } from './static-files.js';

/** The bundled demo add-on's files (demo-addon/ at the package root, beside src/ and dist/). */
const DEMO_ROOT = fileURLToPath(new URL('../../demo-addon/', import.meta.url));

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
