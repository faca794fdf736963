// The add-on's backend: one node:http server for the service's webhooks (/webhooks) and the page's
// calls (/api/...). In development `npm run dev` starts it (vite.config.ts) on http://127.0.0.1:8787,
// and Vite passes the page's /api calls on to it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createReplayGuard,
  webhookHandler,
  type VerifySessionTokenOptions,
  type WebhookEvent,
} from 'addon-devkit/webhooks';
import { handleEvent, WEBHOOK_PATH } from './webhooks.ts';
import { whoami, WHOAMI_PATH } from './whoami.ts';

export const DEFAULT_PORT = 8787;

export interface ServerOptions {
  /** The add-on's app id: its webhooks are signed with a key derived from it, and its session tokens carry it. */
  appId: string;
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default handleEvent. */
  onEvent?: (event: WebhookEvent) => void | Promise<void>;
  /**
   * How session tokens are verified. Default: against the key and the clock of the emulator at
   * ADDON_EMULATOR_URL (which `addon dev` sets), else http://127.0.0.1:4455. In production:
   * `{ jwksUrl: <the service's JWKS URL> }`, on the system clock.
   */
  sessions?: Omit<VerifySessionTokenOptions, 'appId'>;
}

export interface Server {
  /** `http://127.0.0.1:8787` */
  url: string;
  /** `<url>/webhooks`: the URL to subscribe. */
  webhookUrl: string;
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<Server> {
  const { appId, port = DEFAULT_PORT, host = '127.0.0.1', onEvent = handleEvent } = options;
  const emulator = process.env.ADDON_EMULATOR_URL ?? 'http://127.0.0.1:4455';
  const sessions = options.sessions ?? { jwksUrl: `${emulator}/.well-known/jwks.json`, clock: 'emulator' as const };
  // Retries of a delivery carry the same deliveryId: the guard makes sure each is handled once.
  const webhooks = webhookHandler({ appId, onEvent, replayGuard: createReplayGuard() });
  const me = whoami({ ...sessions, appId });
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === WEBHOOK_PATH) return void webhooks(request, response);
    if (path === WHOAMI_PATH && request.method === 'GET') return void me(request, response);
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    webhookUrl: `${url}${WEBHOOK_PATH}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
