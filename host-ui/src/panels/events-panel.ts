// Events tab: fire a catalog event in the session's organization, as `addon trigger` does, and see
// what was delivered. The answer comes after each delivery's first attempt.
import { control } from '../control-client';
import { copyAsMenu } from '../copy-as-menu';
import { h, replaceChildren } from '../dom';
import type { Panel } from '../drawer';
import { prettyJson } from '../format';
import type { Session } from '../session';
import { toast, toastError } from '../toast';
import type { CatalogEvent, Delivery, TriggerResult } from '../types';
import { deliveryOutcome } from './delivery-view';

export function createEventsPanel(deps: { session: Session; onDeliveries(deliveries: Delivery[]): void }): Panel {
  let catalog: CatalogEvent[] = [];
  const select = h(
    'select',
    { 'data-testid': 'trigger-event', id: 'trigger-event' },
    h('option', { value: '' }, 'Loading the catalog…'),
  );
  const description = h('p', { class: 'muted small event-description' });
  const data = h('textarea', {
    'data-testid': 'trigger-data',
    id: 'trigger-data',
    rows: 6,
    spellcheck: 'false',
    placeholder: '{"name": "Renamed"}  (optional: a JSON merge patch on the generated data)',
  });
  const submit = h('button', { type: 'submit', class: 'button primary', 'data-testid': 'trigger-submit' }, 'Trigger');
  const result = h('div', { class: 'trigger-result', 'data-testid': 'trigger-result', 'aria-live': 'polite' });
  const org = h('code');

  const describe = () => {
    const event = catalog.find((entry) => entry.name === select.value);
    description.textContent = event ? `${event.description} Subscribing needs ${event.scope}.` : '';
  };
  select.addEventListener('change', describe);

  const showOrg = () => (org.textContent = deps.session.settings.orgId);
  deps.session.onChange(showOrg);
  showOrg();

  const load = async () => {
    try {
      catalog = (await control.catalog()).data;
      replaceChildren(select, ...catalog.map((event) => h('option', { value: event.name }, event.name)));
      describe();
    } catch (error) {
      replaceChildren(select, h('option', { value: '' }, 'catalog unavailable'));
      toastError(error);
    }
  };

  /** What was fired (`data`: the overrides given, as a copy fires it again) and what it delivered. */
  const showResult = (outcome: TriggerResult, data: Record<string, unknown> | undefined) => {
    const count = outcome.deliveries.length;
    replaceChildren(
      result,
      h(
        'p',
        { class: 'result-summary' },
        count === 0
          ? `No deliveries: nothing in ${outcome.orgId} is subscribed to ${outcome.event}.`
          : `${count} ${count === 1 ? 'delivery' : 'deliveries'} of ${outcome.event} in ${outcome.orgId}:`,
      ),
      count
        ? h(
            'ul',
            { class: 'result-list' },
            ...outcome.deliveries.map((delivery) =>
              h(
                'li',
                { 'data-status': delivery.status },
                h('span', { class: `badge status-${delivery.status}` }, delivery.status),
                ' ',
                h('span', { class: 'small' }, delivery.webhookUrl),
                ' ',
                h('span', { class: 'muted small' }, deliveryOutcome(delivery)),
              ),
            ),
          )
        : null,
      h('details', {}, h('summary', {}, 'Event data sent'), h('pre', { class: 'json' }, prettyJson(outcome.data))),
      copyAsMenu(() => ({ kind: 'event', fired: { ...outcome, data } }), 'this event'),
    );
  };

  const trigger = async (event: Event) => {
    event.preventDefault();
    if (!select.value) return;
    let overrides: Record<string, unknown> | undefined;
    const text = data.value.trim();
    if (text) {
      try {
        overrides = JSON.parse(text);
      } catch (error) {
        toast(`The data is not valid JSON: ${(error as Error).message}`, 'error');
        return;
      }
      if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
        toast('The data must be a JSON object (a merge patch on the event data)', 'error');
        return;
      }
    }
    submit.disabled = true;
    replaceChildren(result, h('p', { class: 'muted' }, `Triggering ${select.value}…`));
    try {
      const outcome = await control.trigger(select.value, { data: overrides, orgId: deps.session.settings.orgId });
      showResult(outcome, overrides);
      // The stream reports the same deliveries; this covers the case where it is down.
      deps.onDeliveries(outcome.deliveries);
    } catch (error) {
      replaceChildren(result, h('p', { class: 'error-text' }, (error as Error).message));
      toastError(error);
    } finally {
      submit.disabled = false;
    }
  };

  void load();
  return {
    element: h(
      'div',
      { class: 'panel events-panel' },
      h(
        'form',
        { class: 'stack', onsubmit: trigger },
        h(
          'p',
          { class: 'muted small' },
          'Fires an event in organization ',
          org,
          ' to every active subscription there.',
        ),
        h('label', { class: 'field' }, h('span', {}, 'Event'), select),
        description,
        h('label', { class: 'field' }, h('span', {}, 'Data overrides (JSON, empty for none)'), data),
        h('div', {}, submit),
      ),
      result,
    ),
  };
}
