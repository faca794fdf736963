import type { Clock } from '../clock.js';
import type { RecordChange } from '../domain/collection-service.js';
import { newId } from '../domain/ids.js';
import { mergePatch } from '../domain/merge-patch.js';
import type { Doc, Store } from '../store/store.js';
import { eventsOf, type EventContext, type EventData, type EventDefinition } from './catalog/index.js';
import { createDeliveryLog } from './delivery-log.js';
import { createDispatcher } from './dispatcher.js';
import { createInbox } from './inbox.js';
import { createSubscriptionService } from './subscriptions.js';

export interface WebhooksOptions {
  store: Store;
  clock: Clock;
  fetch?: typeof fetch;
  /** How long a receiver has to answer; the dispatcher's default is the spec's 10 s. */
  timeoutMs?: number;
}

/** Subscriptions, the delivery log and its dispatcher, and the inbox, over one store and clock. */
export function createWebhooks({ store, clock, fetch, timeoutMs }: WebhooksOptions) {
  const subscriptions = createSubscriptionService({ store, clock });
  const log = createDeliveryLog(store);
  const dispatcher = createDispatcher({ clock, log, subscriptions, fetch, timeoutMs });
  const inbox = createInbox({ store, clock });
  const context = (before?: Doc | null): EventContext => ({ now: new Date(clock.now()).toISOString(), newId, before });

  /** The event's data built from a record, with `override` merged over it (JSON Merge Patch). */
  const dataOf = (definition: EventDefinition, record: Doc, before?: Doc | null, override?: EventData): EventData => {
    const data = definition.data(record, context(before));
    return override ? (mergePatch(data, override) as EventData) : data;
  };

  return {
    subscriptions,
    log,
    inbox,
    dispatcher,
    dataOf,

    /** The domain's record changes fire their events; the API answer does not wait for deliveries. */
    onChange(change: RecordChange): void {
      for (const definition of eventsOf(change)) {
        const data = dataOf(definition, (change.after ?? change.before)!, change.before);
        dispatcher.emit(change.orgId, definition, data).catch((error: unknown) => {
          console.error(`addon: delivering ${definition.name} failed:`, error);
        });
      }
    },

    close: () => dispatcher.close(),
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
