import { signWebhook } from './signature.js';

/** How the emulator's webhook requests name themselves to a receiver. */
export const USER_AGENT = 'addon-emulator-webhooks/1';

/**
 * The headers of one delivery attempt (spec 4.1), signed over `payload`, the exact body bytes sent.
 * The dispatcher and `addon check` (which sends variants of a delivery on purpose) both build them here.
 */
export function deliveryHeaders(
  delivery: { payload: string; event: string; appId: string },
  attempt: number,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'x-service-signature': signWebhook(delivery.payload, delivery.appId),
    'x-service-event': delivery.event,
    'x-service-app': delivery.appId,
    'x-service-delivery-attempt': String(attempt),
  };
}
