import type { Delivery } from '../webhooks/delivery-log.js';
import { color } from './output.js';

/** `succeeded  invoice.paid  http://...  200  12ms  (attempt 1)  <id>`: a delivery in one line. */
export function deliveryLine(delivery: Delivery): string {
  const last = delivery.attempts.at(-1);
  const outcome = last ? (last.response ? String(last.response.status) : last.error) : 'not sent yet';
  const status = { succeeded: color.green, failed: color.red, pending: color.yellow, cancelled: color.dim }[
    delivery.status
  ](delivery.status.padEnd(9));
  const timing = last ? `${last.durationMs}ms (attempt ${last.attempt})` : '';
  const next = delivery.nextAttemptAt ? color.dim(` next ${delivery.nextAttemptAt}`) : '';
  return `${status} ${delivery.event}  ${delivery.webhookUrl}  ${outcome}  ${timing}  ${color.dim(delivery.deliveryId)}${next}`;
}
