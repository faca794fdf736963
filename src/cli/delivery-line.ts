import type { Delivery } from '../webhooks/delivery-log.js';
import type { AttemptReport, DisabledReport } from '../webhooks/dispatcher.js';
import { color, type Palette } from './output.js';

/**
 * `succeeded  invoice.paid  http://...  200  12ms  (attempt 1)  <id>`: a delivery in one line;
 * `(duplicate)` after the attempt when a `duplicate` fault rule sent it twice.
 */
export function deliveryLine(delivery: Delivery): string {
  const last = delivery.attempts.at(-1);
  const outcome = last ? (last.response ? String(last.response.status) : last.error) : 'not sent yet';
  const status = { succeeded: color.green, failed: color.red, pending: color.yellow, cancelled: color.dim }[
    delivery.status
  ](delivery.status.padEnd(9));
  const timing = last ? `${last.durationMs}ms (attempt ${last.attempt})${duplicateMark(delivery)}` : '';
  const next = delivery.nextAttemptAt ? color.dim(` next ${delivery.nextAttemptAt}`) : '';
  return `${status} ${delivery.event}  ${delivery.webhookUrl}  ${outcome}  ${timing}  ${color.dim(delivery.deliveryId)}${next}`;
}

const duplicateMark = (delivery: Delivery) =>
  delivery.attempts.some((attempt) => attempt.duplicate) ? ` ${color.yellow('(duplicate)')}` : '';

/**
 * `00:12:01 webhook invoice.paid -> http://127.0.0.1:3000/hooks 200 12ms (attempt 1)`: one attempt, as
 * it happens (`addon dev`); `withId` adds the start of the deliveryId, enough for `addon deliveries show`.
 * The second send of a `duplicate` rule is `(attempt 1, duplicate)`.
 */
export function deliveryAttemptLine(
  { delivery, attempt }: AttemptReport,
  c: Palette = color,
  { withId = false } = {},
): string {
  const outcome = attempt.response ? String(attempt.response.status) : attempt.error!;
  const painted = attempt.ok ? c.green(outcome) : c.red(outcome);
  const id = withId ? ` ${delivery.deliveryId.slice(0, 8)}` : '';
  const retry = delivery.nextAttemptAt ? c.dim(` retry at ${delivery.nextAttemptAt.slice(11, 19)}`) : '';
  const which = attempt.duplicate
    ? `${c.dim(`${attempt.durationMs}ms (attempt ${attempt.attempt}, `)}${c.yellow('duplicate')}${c.dim(`)${id}`)}`
    : c.dim(`${attempt.durationMs}ms (attempt ${attempt.attempt})${id}`);
  return `${c.dim(attempt.at.slice(11, 19))} ${c.magenta('webhook')} ${delivery.event} -> ${delivery.webhookUrl} ${painted} ${which}${retry}`;
}

/**
 * `00:18:02 webhook subscription to invoice.paid at http://127.0.0.1:3000/hooks disabled after 3 failed
 * attempts; re-subscribe to enable it`: what the platform does after a delivery's last attempt fails.
 */
export function disabledLine({ event, webhookUrl, attempts, at }: DisabledReport, c: Palette = color): string {
  return `${c.dim(at.slice(11, 19))} ${c.magenta('webhook')} ${c.red(`subscription to ${event} at ${webhookUrl} disabled after ${attempts} failed attempts`)}; re-subscribe to enable it`;
}

/** The same as one JSON object: `name` is the subscription's event, as in a delivery's line. */
export const disabledJson = ({ event, ...report }: DisabledReport) => ({
  event: 'subscription-disabled',
  name: event,
  ...report,
});

/** The same attempt as one JSON object (`addon dev --json`): the delivery's id, event and status, then the attempt. */
export const deliveryAttemptJson = ({ delivery, attempt }: AttemptReport) => ({
  event: 'delivery',
  deliveryId: delivery.deliveryId,
  name: delivery.event,
  status: delivery.status,
  ...attempt,
});
