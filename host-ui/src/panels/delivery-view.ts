// How a webhook delivery is summarised and shown in detail (deliveries tab and trigger results).
import { copyAsMenu } from '../copy-as-menu';
import { fragment, h } from '../dom';
import { dateTime, prettyJsonText } from '../format';
import type { Attempt, Delivery, DisabledReport } from '../types';

/** The last attempt's answer: `200`, `503`, or the error (`connection refused`). */
export function deliveryOutcome(delivery: Delivery): string {
  const last = delivery.attempts.at(-1);
  if (!last) return 'no attempt yet';
  return last.response ? String(last.response.status) : (last.error ?? 'no answer');
}

const headerList = (headers: Record<string, string>) =>
  h(
    'dl',
    { class: 'headers' },
    ...Object.entries(headers).flatMap(([name, value]) => [h('dt', {}, name), h('dd', {}, value)]),
  );

function attemptView(attempt: Attempt): HTMLElement {
  const response = attempt.response;
  return h(
    'section',
    { class: `attempt ${attempt.ok ? 'ok' : 'failed'}`, 'data-attempt': attempt.attempt },
    h(
      'h3',
      {},
      // A duplicate fault rule's second send of the same attempt: said, as the terminal says it.
      attempt.duplicate ? `Attempt ${attempt.attempt}, duplicate` : `Attempt ${attempt.attempt}`,
      h('span', { class: 'muted small' }, ` ${dateTime(attempt.at)} · ${attempt.durationMs} ms`),
      h(
        'span',
        { class: `badge ${attempt.ok ? 'status-succeeded' : 'status-failed'}` },
        response ? String(response.status) : 'error',
      ),
    ),
    h('p', { class: 'detail-label' }, 'Request headers'),
    headerList(attempt.request.headers),
    response
      ? fragment(
          h('p', { class: 'detail-label' }, `Response ${response.status}`),
          headerList(response.headers),
          h('p', { class: 'detail-label' }, `Response body${response.truncated ? ' (first 4096 bytes)' : ''}`),
          h('pre', { class: 'json' }, response.body === '' ? '(empty)' : prettyJsonText(response.body)),
        )
      : h('p', { class: 'error-text' }, `No answer: ${attempt.error ?? 'unknown error'}`),
  );
}

/** `disabled`: the report of the subscription this delivery's last failed attempt disabled. */
export function deliveryDetail(delivery: Delivery, onReplay: () => void, disabled?: DisabledReport): HTMLElement {
  return h(
    'div',
    { class: 'delivery-detail', 'data-testid': 'delivery-detail', 'data-delivery-id': delivery.deliveryId },
    h(
      'div',
      { class: 'detail-head' },
      h(
        'h2',
        { class: 'detail-title' },
        delivery.event,
        ' ',
        h('span', { class: `badge status-${delivery.status}` }, delivery.status),
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'button small',
          'data-testid': 'replay',
          title: 'Send the same event and data again as a new delivery',
          onclick: onReplay,
        },
        'Replay',
      ),
      copyAsMenu(() => ({ kind: 'delivery', delivery }), 'this delivery'),
    ),
    h(
      'dl',
      { class: 'kv compact' },
      h('dt', {}, 'Delivery'),
      h('dd', {}, h('code', {}, delivery.deliveryId)),
      h('dt', {}, 'URL'),
      h('dd', {}, delivery.webhookUrl),
      h('dt', {}, 'Org / app'),
      h('dd', {}, `${delivery.orgId} · ${delivery.appId}`),
      h('dt', {}, 'Created'),
      h('dd', {}, dateTime(delivery.createdAt)),
      delivery.nextAttemptAt ? h('dt', {}, 'Next attempt') : null,
      delivery.nextAttemptAt ? h('dd', {}, `${dateTime(delivery.nextAttemptAt)} (emulated)`) : null,
      delivery.replayOf ? h('dt', {}, 'Replay of') : null,
      delivery.replayOf ? h('dd', {}, h('code', {}, delivery.replayOf)) : null,
      disabled ? h('dt', {}, 'Subscription') : null,
      disabled
        ? h(
            'dd',
            { class: 'error-text', 'data-testid': 'detail-subscription-disabled' },
            `disabled after ${disabled.attempts} failed attempts, ${dateTime(disabled.at)} (emulated); re-subscribe to enable it`,
          )
        : null,
    ),
    h('p', { class: 'detail-label' }, 'Payload'),
    h('pre', { class: 'json' }, prettyJsonText(delivery.payload)),
    ...delivery.attempts.map(attemptView),
  );
}
