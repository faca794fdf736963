import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { startWebhookReceiver, type Receiver } from './server/webhooks.ts';

/** Runs the webhook receiver (server/webhooks.ts) beside the Vite dev server, in the same process. */
function webhookReceiver(): Plugin {
  return {
    name: 'webhook-receiver',
    apply: 'serve',
    configureServer(server) {
      const { appId } = JSON.parse(readFileSync(join(server.config.root, 'addon.config.json'), 'utf8')) as {
        appId: string;
      };
      let receiver: Promise<Receiver | null> | null = null;
      // Started once Vite listens and closed with it, so that a restart of Vite frees the port first.
      server.httpServer?.once('listening', () => {
        receiver = startWebhookReceiver({ appId }).then(
          (started) => {
            server.config.logger.info(`  webhook receiver: ${started.url}`);
            return started;
          },
          (error: Error) => {
            server.config.logger.error(`webhook receiver did not start: ${error.message}`);
            return null;
          },
        );
      });
      server.httpServer?.once('close', () => void receiver?.then((started) => started?.close()));
    },
  };
}

export default defineConfig({
  plugins: [webhookReceiver()],
});
