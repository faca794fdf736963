// What the add-on does with the service's webhooks. The service POSTs the events the add-on subscribed
// to (addon.config.json `webhooks`) to /webhooks, signed; the server (server/index.ts) verifies each
// delivery with webhookHandler and hands over a typed event.
import { isEvent, type WebhookEvent } from 'addon-devkit/webhooks';

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
