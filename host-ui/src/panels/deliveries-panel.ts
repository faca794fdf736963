// Deliveries tab: the webhook delivery log, newest first, kept current by `delivery` stream events
// (one per attempt, so retries update their row), with the detail of one delivery below the list.
// A subscription disabled after its third failed attempt (`subscription-disabled` events) is told
// above the list until dismissed, and the delivery whose last attempt disabled it is marked.
import { control } from '../control-client';
import { h, replaceChildren } from '../dom';
import type { Panel } from '../drawer';
import { timeOfDay } from '../format';
import { toastError } from '../toast';
import type { Delivery, DisabledReport } from '../types';
import { deliveryDetail, deliveryOutcome } from './delivery-view';

const LIMIT = 50;

export interface DeliveriesPanel extends Panel {
  upsert(delivery: Delivery): void;
  /** A subscription the dispatcher disabled: a notice above the list, a mark on its delivery. */
  noteDisabled(report: DisabledReport): void;
  /** Told how many disabled subscriptions the tab tells of, for the tab's badge. */
  onDisabledCount(listener: (count: number) => void): void;
  reload(): Promise<void>;
}

/** One subscription: an app's to an event in an organization (a newer report of it replaces the older). */
const subscriptionKey = ({ orgId, appId, event }: DisabledReport) => `${orgId} ${appId} ${event}`;

export function createDeliveriesPanel(): DeliveriesPanel {
  let deliveries: Delivery[] = [];
  let selectedId: string | null = null;
  /** What the detail pane shows: the delivery, as it was when shown, and its disabled report. */
  let shown: { delivery: Delivery; disabled: DisabledReport | undefined } | undefined;
  // Kept for the page's life: the delivery log does not say which delivery disabled a subscription.
  const disabledBy = new Map<string, DisabledReport>();
  const notices = new Map<string, DisabledReport>();
  const countListeners: Array<(count: number) => void> = [];
  const noticeList = h('ul', { class: 'notice-list', 'aria-label': 'Disabled subscriptions', hidden: true });
  const list = h('ol', { class: 'log delivery-list' });
  const empty = h(
    'p',
    { class: 'empty muted' },
    'No deliveries yet. Subscribe the add-on to an event, then trigger it from the Events tab.',
  );
  const detail = h('div', { class: 'split-bottom detail-pane' });
  const hint = h('p', { class: 'muted small delivery-hint' }, 'Select a delivery to see its requests and answers.');
  const element = h(
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
      noticeList,
      hint,
      empty,
      h('div', { class: 'delivery-list-box' }, list),
    ),
    detail,
  );

  // A list item holding a button (a list of buttons, not buttons posing as items), one line high
  // enough for two lines of text: the list shows whole rows (styles.css).
  const row = (delivery: Delivery) => {
    const selected = delivery.deliveryId === selectedId;
    const disabled = disabledBy.has(delivery.deliveryId);
    return h(
      'li',
      {
        class: `delivery-item${selected ? ' selected' : ''}`,
        'data-testid': 'delivery-row',
        'data-status': delivery.status,
        'data-event': delivery.event,
        'data-delivery-id': delivery.deliveryId,
        'data-disabled-subscription': disabled ? 'true' : null,
      },
      h(
        'button',
        {
          type: 'button',
          class: 'delivery-row',
          'aria-pressed': String(selected),
          onclick: () => select(delivery.deliveryId),
        },
        h('span', { class: `badge status-${delivery.status}` }, delivery.status),
        h(
          'span',
          { class: 'delivery-main' },
          h('code', { class: 'delivery-event' }, delivery.event),
          // The mark goes before the URL, which gives way to it; the event's name stays whole.
          h(
            'span',
            { class: 'delivery-url muted small' },
            disabled ? h('span', { class: 'disabled-mark' }, 'subscription disabled') : null,
            disabled ? ' · ' : null,
            delivery.webhookUrl,
          ),
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
      ),
    );
  };

  const buttonOf = (deliveryId: string | undefined) =>
    [...list.querySelectorAll<HTMLElement>('.delivery-item')]
      .find((item) => item.dataset.deliveryId === deliveryId)
      ?.querySelector('button');

  const render = () => {
    // The rows are built again: the one that had the keyboard's focus gets it back.
    const focused = list.contains(document.activeElement)
      ? document.activeElement?.closest<HTMLElement>('.delivery-item')?.dataset.deliveryId
      : undefined;
    replaceChildren(list, ...deliveries.map(row));
    buttonOf(focused)?.focus({ preventScroll: true });
    empty.hidden = deliveries.length > 0;
    const selected = deliveries.find((delivery) => delivery.deliveryId === selectedId);
    // Without a selection the list has the whole tab; with one, a few rows and the detail below.
    element.dataset.selected = String(Boolean(selected));
    hint.hidden = Boolean(selected) || deliveries.length === 0;
    // Built again only when what it shows changed: another delivery coming in leaves its open Copy
    // as menu, its scroll and the focus in it as they were.
    const disabled = selected && disabledBy.get(selected.deliveryId);
    if (selected === shown?.delivery && disabled === shown?.disabled) return;
    shown = selected && { delivery: selected, disabled };
    replaceChildren(
      detail,
      selected ? deliveryDetail(selected, () => void replay(selected.deliveryId), disabled) : null,
    );
  };

  const notice = (report: DisabledReport) =>
    h(
      'li',
      { class: 'notice', 'data-testid': 'subscription-disabled', 'data-event': report.event },
      h(
        'p',
        { class: 'notice-text' },
        h('strong', {}, 'Subscription disabled: '),
        h('code', {}, report.event),
        ` at ${report.webhookUrl}, after ${report.attempts} failed attempts (${timeOfDay(report.at)}). `,
        'Re-subscribe to enable it.',
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'button small',
          'aria-label': `Dismiss: ${report.event} disabled`,
          onclick: () => {
            notices.delete(subscriptionKey(report));
            renderNotices();
          },
        },
        'Dismiss',
      ),
    );

  const renderNotices = () => {
    // Newest first, as the list below.
    replaceChildren(noticeList, ...[...notices.values()].reverse().map(notice));
    noticeList.hidden = notices.size === 0;
    countListeners.forEach((listener) => listener(notices.size));
  };

  const noteDisabled = (report: DisabledReport) => {
    disabledBy.set(report.deliveryId, report);
    const key = subscriptionKey(report);
    notices.delete(key);
    notices.set(key, report);
    renderNotices();
    render();
  };

  const select = (deliveryId: string) => {
    selectedId = deliveryId;
    render();
    // The list is shorter with the detail below it: keep the chosen row in sight.
    buttonOf(deliveryId)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
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
    element,
    upsert,
    noteDisabled,
    onDisabledCount: (listener) => void countListeners.push(listener),
    reload,
  };
}
