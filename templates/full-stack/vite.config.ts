import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_PORT, startServer, type Server } from './server/index.ts';

/** Runs the backend (server/index.ts) beside the Vite dev server, in the same process. */
function backend(): Plugin {
  return {
    name: 'addon-backend',
    apply: 'serve',
    configureServer(server) {
      const { appId } = JSON.parse(readFileSync(join(server.config.root, 'addon.config.json'), 'utf8')) as {
        appId: string;
      };
      let started: Promise<Server | null> | null = null;
      // Started once Vite listens and closed with it, so that a restart of Vite frees the port first.
      server.httpServer?.once('listening', () => {
        started = startServer({ appId }).then(
          (backend) => {
            server.config.logger.info(`  backend: ${backend.url} (webhooks: ${backend.webhookUrl})`);
            return backend;
          },
          (error: Error) => {
            server.config.logger.error(`backend did not start: ${error.message}`);
            return null;
          },
        );
      });
      server.httpServer?.once('close', () => void started?.then((backend) => backend?.close()));
    },
  };
}

// The page's address holds the session token until connect() takes it out: no Referer may carry it,
// not even Vite's client script's, which loads first (spec 5.1; addon check's page.token-sent).
const noReferrer = { 'Referrer-Policy': 'no-referrer' };

export default defineConfig({
  plugins: [backend()],
  // The page calls its backend on its own origin: `fetch('/api/whoami')` reaches server/index.ts.
  server: { proxy: { '/api': `http://127.0.0.1:${DEFAULT_PORT}` }, headers: noReferrer },
  preview: { headers: noReferrer },
});
