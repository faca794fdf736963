import type { Clock } from '../common/clock.js';
import { ApiError, invalid } from '../common/errors.js';
import { createListeners } from '../common/listeners.js';
import type { Doc, Store } from '../store/store.js';
import type { Catalog } from '../domain/catalog.js';
import { httpsRequired } from '../parity/parity-kinds.js';
import type { ParityLog } from '../parity/parity-log.js';
import { URL } from '../common/node-web.js';

/** Spec 2.3, plus who owns it: a subscription belongs to an app within an organization. */
export interface Subscription {
  appId: string;
  event: string;
  webhookUrl: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SubscriptionService {
  /** Creates or replaces the app's subscription to `event`; re-subscribing re-activates it. */
  subscribe(
    orgId: string,
    appId: string,
    event: string,
    webhookUrl: string,
  ): Promise<{ subscription: Subscription; created: boolean }>;
  /** Deletes it (the spec leaves delete vs disable open); 404 when there is none. */
  unsubscribe(orgId: string, appId: string, event: string): Promise<void>;
  /**
   * Ends the app's subscriptions to `events` (an uninstall, a grant shrinking): their deletes begin
   * in the caller's turn, so they join its change; `onEnded` is told once they are done.
   */
  end(orgId: string, appId: string, events: readonly string[]): Promise<void>;
  /**
   * Told of subscriptions that ended (unsubscribed, uninstalled, a scope taken away): a delivery
   * belongs to the subscription it was made for, so its pending attempts end with it, even when the
   * add-on subscribes to the event again. Returns the unsubscribe.
   */
  onEnded(listener: (ended: { orgId: string; appId: string; events: readonly string[] }) => void): () => void;
  list(orgId: string, appId: string): Subscription[];
  /** Every app's active subscription to `event` in the organization. */
  activeFor(orgId: string, event: string): Subscription[];
  find(orgId: string, appId: string, event: string): Subscription | undefined;
  /** After the third failed attempt of a delivery (spec 3): the subscription disabled, or null when it was not active. */
  disable(orgId: string, appId: string, event: string): Promise<Subscription | null>;
  /** Puts a subscription back exactly as it was, its times too (a lease's end, leases.ts); answers it. */
  restore(orgId: string, subscription: Subscription): Promise<Subscription>;
}

/** The store's collection, one scope per organization (a saved state reads and writes it too). */
export const SUBSCRIPTIONS = 'subscriptions';
export const MAX_URL_LENGTH = 2048;
export const subscriptionKey = (appId: string, event: string): string => `${appId} ${event}`;
const toSubscription = ({ _id: _key, ...rest }: Doc) => rest as unknown as Subscription;

export function createSubscriptionService({
  store,
  clock,
  catalog,
  parity,
  ownReceiver,
}: {
  store: Store;
  clock: Clock;
  catalog: Catalog;
  /** An http: URL is served with a warning, or refused with `--strict`, as the platform would. */
  parity?: ParityLog;
  /**
   * Whether a URL is the emulator's own receiver (its built-in inbox: the kit's, not the add-on's), or
   * one taken for a local receiver (the option `localReceivers`): its http: is neither warned of nor refused.
   */
  ownReceiver?: (url: URL) => boolean;
}): SubscriptionService {
  const all = (orgId: string) =>
    store.list(SUBSCRIPTIONS, orgId, { limit: Infinity, offset: 0 }).data.map(toSubscription);
  const find = (orgId: string, appId: string, event: string) => {
    const doc = store.get(SUBSCRIPTIONS, orgId, subscriptionKey(appId, event));
    return doc && toSubscription(doc);
  };
  const save = async (orgId: string, subscription: Subscription) => {
    await store.put(SUBSCRIPTIONS, orgId, {
      _id: subscriptionKey(subscription.appId, subscription.event),
      ...subscription,
    });
    return subscription;
  };
  const ended = createListeners<{ orgId: string; appId: string; events: readonly string[] }>();

  return {
    find,
    list: (orgId, appId) => all(orgId).filter((s) => s.appId === appId),
    activeFor: (orgId, event) => all(orgId).filter((s) => s.event === event && s.isActive),

    async subscribe(orgId, appId, event, webhookUrl) {
      catalog.known(event);
      checkWebhookUrl(webhookUrl);
      const parsed = new URL(webhookUrl);
      if (parity && parsed.protocol === 'http:' && !ownReceiver?.(parsed)) {
        if (parity.strict) throw httpsRequired(webhookUrl);
        parity.note('http-webhook-url', webhookUrl);
      }
      const existing = find(orgId, appId, event);
      const now = clock.nowIso();
      const subscription = {
        appId,
        event,
        webhookUrl,
        isActive: true,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      return { subscription: await save(orgId, subscription), created: !existing };
    },

    async unsubscribe(orgId, appId, event) {
      catalog.known(event);
      if (!(await store.delete(SUBSCRIPTIONS, orgId, subscriptionKey(appId, event)))) {
        throw new ApiError(404, 'not_subscribed', `this add-on has no subscription to ${event} in this organization`);
      }
      ended.emit({ orgId, appId, events: [event] });
    },

    async end(orgId, appId, events) {
      await Promise.all(events.map((event) => store.delete(SUBSCRIPTIONS, orgId, subscriptionKey(appId, event))));
      if (events.length) ended.emit({ orgId, appId, events });
    },
    onEnded: ended.on,

    async disable(orgId, appId, event) {
      const subscription = find(orgId, appId, event);
      if (!subscription?.isActive) return null;
      return save(orgId, { ...subscription, isActive: false, updatedAt: clock.nowIso() });
    },

    restore: save,
  };
}

/** Any http(s) URL: the emulator delivers to local receivers, where production would insist on HTTPS. */
function checkWebhookUrl(url: string): void {
  if (url.length <= MAX_URL_LENGTH && /^https?:$/.test(URL.canParse(url) ? new URL(url).protocol : '')) return;
  throw invalid([{ field: 'webhookUrl', message: `must be an http(s) URL of at most ${MAX_URL_LENGTH} characters` }]);
}
