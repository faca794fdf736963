import type { Clock, Timers } from '../common/clock.js';
import type { RecordChange } from '../domain/collection-service.js';
import { newId } from '../domain/ids.js';
import { mergePatch } from '../domain/merge-patch.js';
import type { Doc, Store } from '../store/store.js';
import type { Catalog, EventContext, EventData, EventDefinition } from '../domain/catalog.js';
import { createDeliveryLog, type Delivery, type DeliveryFilter, type DeliveryLog } from './delivery-log.js';
import { createDispatcher, type Dispatcher } from './dispatcher.js';
import type { Transport } from './http-attempt.js';
import { createHeldEvents, type Hold } from './held-events.js';
import { createInbox, type Inbox } from './inbox.js';
import { createSubscriptionService, type SubscriptionService } from '../installations/subscriptions.js';
import type { Logger } from '../common/logger.js';
import type { FaultSet } from '../faults/fault-set.js';
import type { ParityLog } from '../parity/parity-log.js';

export interface WebhooksOptions {
  store: Store;
  clock: Clock;
  timers?: Timers;
  transport?: Transport;
  /** How long a receiver has to answer; the dispatcher's default is the spec's 10 s. */
  timeoutMs?: number;
  catalog: Catalog;
  /** Where a failure no caller waits for is told. */
  logger: Logger;
  faults?: Pick<FaultSet, 'forWebhook'>;
  /** Where a leniency the add-on leans on is noted (docs/parity.md). */
  parity?: ParityLog;
  /** Whether a webhook URL is the emulator's own inbox (or a local receiver), which no parity rule holds to HTTPS. */
  ownReceiver?: (url: URL) => boolean;
}

/** Subscriptions, the delivery log and its dispatcher, and the inbox, over one store and clock. */
export interface Webhooks {
  readonly subscriptions: SubscriptionService;
  readonly log: DeliveryLog;
  readonly inbox: Inbox;
  readonly dispatcher: Dispatcher;
  /**
   * The event's data built from a record (`before`: the record before the change, for events that
   * tell what changed), with `override` merged over it (JSON Merge Patch).
   */
  dataOf(definition: EventDefinition, record: Doc, options?: { before?: Doc | null; override?: EventData }): EventData;
  /** The domain's record changes fire their events; the API answer does not wait for deliveries. */
  onChange(change: RecordChange): void;
  /** Fires an event: one delivery per active subscription, each attempted at once (none while held). */
  fire(orgId: string, definition: EventDefinition, data: EventData): Promise<Delivery[]>;
  /**
   * Holds back every event fired from now on (a scenario run): `release()` sends them one after
   * another in the order they happened, each with the time it happened, and resolves when their
   * first attempts are done; events fired meanwhile queue behind them. `discard()` drops them.
   * One hold at a time (held-events.ts).
   */
  hold(): Hold;
  /** Resolves once the held events queued now have had their first attempts. */
  drained(): Promise<void>;
  /** The delivery log, newest first; a misspelt event would list nothing, silently, so it is a 400. */
  deliveries(filter: DeliveryFilter): Delivery[];
  close(): Promise<void>;
}

export function createWebhooks(options: WebhooksOptions): Webhooks {
  const { store, clock, timers, transport, timeoutMs, catalog, logger, faults, parity, ownReceiver } = options;
  const subscriptions = createSubscriptionService({ store, clock, catalog, parity, ownReceiver });
  const log = createDeliveryLog(store);
  const dispatcher = createDispatcher({ clock, timers, log, subscriptions, transport, timeoutMs, faults, parity });
  const inbox = createInbox({ store, clock });
  const context = (before?: Doc | null): EventContext => ({ now: clock.nowIso(), newId, before });
  const held = createHeldEvents(
    (e) => dispatcher.emit(e.orgId, e.definition, e.data, e.at),
    (error) => logger.error('delivering a held event failed', error),
  );

  const fire: Webhooks['fire'] = (orgId, definition, data) => {
    if (!held.active) return dispatcher.emit(orgId, definition, data);
    held.push({ orgId, definition, data, at: clock.nowIso() });
    return Promise.resolve([]);
  };

  const dataOf: Webhooks['dataOf'] = (definition, record, { before, override } = {}) => {
    const data = definition.data(record, context(before));
    return override ? (mergePatch(data, override) as EventData) : data;
  };

  return {
    subscriptions,
    log,
    inbox,
    dispatcher,
    dataOf,

    onChange(change) {
      for (const definition of catalog.eventsOf(change)) {
        const data = dataOf(definition, (change.after ?? change.before)!, { before: change.before });
        fire(change.orgId, definition, data).catch((error: unknown) => {
          logger.error(`delivering ${definition.name} failed`, error);
        });
      }
    },

    fire,
    hold: () => held.hold(),
    drained: () => held.drained(),
    deliveries(filter) {
      if (filter.event !== undefined) catalog.known(filter.event);
      return log.list(filter);
    },

    close: () => dispatcher.close(),
  };
}
