// Deliveries tab: the webhook delivery log, newest first, kept current by `delivery` stream events
// (one per attempt, so retries update their row), with the detail of one delivery below the list.
import { control } from '../control-client';
import { h, replaceChildren } from '../dom';
import type { Panel } from '../drawer';
import { timeOfDay } from '../format';
import { toastError } from '../toast';
import type { Delivery } from '../types';
import { deliveryDetail, deliveryOutcome } from './delivery-view';

const LIMIT = 50;

export interface DeliveriesPanel extends Panel {
  upsert(delivery: Delivery): void;
  reload(): Promise<void>;
}

export function createDeliveriesPanel(): DeliveriesPanel {
  let deliveries: Delivery[] = [];
  let selectedId: string | null = null;
  const list = h('ol', { class: 'log delivery-list' });
  const empty = h(
    'p',
    { class: 'empty muted' },
    'No deliveries yet. Subscribe the add-on to an event, then trigger it from the Events tab.',
  );
  const detail = h('div', { class: 'detail-pane' });

  const row = (delivery: Delivery) =>
    h(
      'li',
      {
        class: `log-row delivery-row${delivery.deliveryId === selectedId ? ' selected' : ''}`,
        'data-testid': 'delivery-row',
        'data-status': delivery.status,
        'data-event': delivery.event,
        'data-delivery-id': delivery.deliveryId,
        tabindex: 0,
        role: 'button',
        'aria-pressed': String(delivery.deliveryId === selectedId),
        onclick: () => select(delivery.deliveryId),
        onkeydown: (event: Event) => {
          if ((event as KeyboardEvent).key === 'Enter' || (event as KeyboardEvent).key === ' ') {
            event.preventDefault();
            select(delivery.deliveryId);
          }
        },
      },
      h('span', { class: `badge status-${delivery.status}` }, delivery.status),
      h(
        'span',
        { class: 'delivery-main' },
        h('code', { class: 'delivery-event' }, delivery.event),
        h('span', { class: 'delivery-url muted small' }, delivery.webhookUrl),
      ),
      h(
        'span',
        { class: 'delivery-meta small' },
        h('span', { class: 'delivery-outcome' }, deliveryOutcome(delivery)),
        h(
          'span',
          { class: 'muted' },
          `${delivery.attempts.length} ${delivery.attempts.length === 1 ? 'attempt' : 'attempts'} · ${timeOfDay(delivery.createdAt)}`,
        ),
      ),
    );

  const render = () => {
    replaceChildren(list, ...deliveries.map(row));
    empty.hidden = deliveries.length > 0;
    const selected = deliveries.find((delivery) => delivery.deliveryId === selectedId);
    replaceChildren(
      detail,
      selected
        ? deliveryDetail(selected, () => void replay(selected.deliveryId))
        : h(
            'p',
            { class: 'muted small' },
            deliveries.length ? 'Select a delivery to see its requests and answers.' : '',
          ),
    );
  };

  const select = (deliveryId: string) => {
    selectedId = deliveryId;
    render();
  };

  const upsert = (delivery: Delivery) => {
    const index = deliveries.findIndex((entry) => entry.deliveryId === delivery.deliveryId);
    if (index >= 0) deliveries[index] = delivery;
    else deliveries = [delivery, ...deliveries].slice(0, LIMIT);
    render();
  };

  const replay = async (deliveryId: string) => {
    try {
      const replayed = await control.replay(deliveryId);
      // The new delivery is shown at once (its detail names the one it replays); toasts are kept
      // for the add-on's notifications and for errors.
      selectedId = replayed.deliveryId;
      upsert(replayed);
    } catch (error) {
      toastError(error);
    }
  };

  const reload = async () => {
    try {
      deliveries = (await control.deliveries(LIMIT)).data;
      render();
    } catch (error) {
      toastError(error);
    }
  };

  render();
  return {
    element: h(
      'div',
      { class: 'panel deliveries-panel split' },
      h(
        'div',
        { class: 'split-top' },
        h(
          'div',
          { class: 'panel-toolbar' },
          h('span', { class: 'muted small' }, `Newest first, last ${LIMIT}`),
          h('button', { type: 'button', class: 'button small', onclick: () => void reload() }, 'Refresh'),
        ),
        empty,
        list,
      ),
      h('div', { class: 'split-bottom' }, detail),
    ),
    upsert,
    reload,
  };
}
