// The add-on's backend: a webhook receiver. The service POSTs the events the add-on subscribed to
// (addon.config.json `webhooks`) here, signed; webhookHandler verifies each delivery and hands over a
// typed event. In development `npm run dev` starts it (vite.config.ts) on http://127.0.0.1:8787.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReplayGuard, isEvent, webhookHandler, type WebhookEvent } from 'addon-devkit/webhooks';

export const WEBHOOK_PATH = '/webhooks';

/** What the add-on does with each event. Edit here. Answer fast: the service waits 10 seconds at most. */
export async function handleEvent(event: WebhookEvent): Promise<void> {
  if (isEvent(event, 'invoice.paid')) {
    const { invoiceNumber, customerName, paidAmount, paymentMethod } = event.data;
    console.log(`[webhooks] ${invoiceNumber} from ${customerName} paid: ${paidAmount} (${paymentMethod})`);
  } else {
    console.log(`[webhooks] ${event.event} in ${event.organizationId} (${event.deliveryId})`);
  }
}

export interface ReceiverOptions {
  /** The add-on's app id: the signing key is derived from it. */
  appId: string;
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default handleEvent. */
  onEvent?: (event: WebhookEvent) => void | Promise<void>;
}

export interface Receiver {
  /** `http://127.0.0.1:8787/webhooks`: the URL to subscribe. */
  url: string;
  close(): Promise<void>;
}

export async function startWebhookReceiver(options: ReceiverOptions): Promise<Receiver> {
  const { appId, port = 8787, host = '127.0.0.1', onEvent = handleEvent } = options;
  // Retries of a delivery carry the same deliveryId: the guard makes sure each is handled once.
  const handler = webhookHandler({ appId, onEvent, replayGuard: createReplayGuard() });
  const server = createServer((request, response) => {
    if (new URL(request.url ?? '/', 'http://x').pathname === WEBHOOK_PATH) return void handler(request, response);
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${actual}${WEBHOOK_PATH}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
