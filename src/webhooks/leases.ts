import { randomUUID } from 'node:crypto';
import { ApiError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Store } from '../store/store.js';
import type { Subscription, SubscriptionService } from './subscriptions.js';

/** What a lease is asked for: these events, sent to this URL, for the emulated add-on in its organization. */
export interface LeaseRequest {
  webhookUrl: string;
  events: string[];
}

/** Whose subscriptions a lease holds. */
export interface LeaseOwner {
  orgId: string;
  appId: string;
}

/** What a lease holds, as its stream's first event tells it. */
export interface LeaseHeld extends LeaseOwner, LeaseRequest {
  leaseId: string;
  /** The events it subscribed to its URL for its time. */
  subscribed: string[];
  /** The events already subscribed there, active: left as they are, during it and after. */
  kept: string[];
  /** The add-on's own subscriptions it replaced, as they were: put back at its end. */
  replaced: Subscription[];
}

/** What a lease's end gave back. */
export interface GivenBack {
  /** The events whose subscriptions it made, removed. */
  removed: string[];
  /** The add-on's own it had replaced, put back as they were. */
  restored: Subscription[];
}

/** Subscriptions that last as long as whoever holds them (`addon listen`'s connection), then are given back. */
export interface Lease {
  readonly held: LeaseHeld;
  /** Ends it once (later calls answer the same): removes what it made, puts back what it replaced. */
  end(): Promise<GivenBack>;
  /** Resolves with what was given back, whoever ended it. */
  readonly ended: Promise<GivenBack>;
}

export interface Leases {
  /** Subscribes the events to the URL, each held to the subscription rules, all or none. */
  take(request: LeaseRequest): Promise<Lease>;
  /** A live lease; 404 `lease_not_found` for one that ended or never was. */
  get(leaseId: string): Lease;
  /** Ends every live lease: the emulator is closing. */
  endAll(): Promise<void>;
  /**
   * Gives back every lease the store records that is not live here: those of an emulator killed
   * while they lived (at start), or brought back by a rollback (after one).
   */
  recover(): Promise<void>;
}

/**
 * In the store, not the world: state files leave it out, and it outlives a hard kill, so the next
 * start gives back what a killed emulator's leases held.
 */
export const LEASES = 'leases';
const SCOPE = '_';

/** A subscription a lease made, and the add-on's own it replaced (null: there was none). */
interface Taken {
  event: string;
  before: Subscription | null;
}

/** A lease as the store records it, from before its first subscription until it is given back. */
interface LeaseRecord extends LeaseOwner {
  _id: string;
  webhookUrl: string;
  taken: Taken[];
}

/**
 * The leases of one emulator over its subscriptions. `mayReceive` holds an event to the rules a
 * subscription is (the catalog, the granted scope), before any is made; `passage` waits while the
 * world is taken (a scenario runs).
 */
export function createLeases({
  subscriptions,
  store,
  owner,
  mayReceive,
  logger,
  passage = () => null,
}: {
  subscriptions: SubscriptionService;
  store: Store;
  owner: LeaseOwner;
  mayReceive: (event: string) => void;
  /** Where a lease that could not be given back at start is told. */
  logger: Logger;
  passage?: () => Promise<void> | null;
}): Leases {
  /** The leases that have not begun to end, and what each holds. */
  const live = new Map<string, { lease: Lease; record: LeaseRecord }>();

  /** What a live lease (but `except`) holds of `event` at `webhookUrl`: two listens to one URL share it. */
  const sharedWith = (event: string, webhookUrl: string, except?: string): Taken | undefined => {
    for (const { record } of live.values())
      if (record._id !== except && record.webhookUrl === webhookUrl)
        for (const taken of record.taken) if (taken.event === event) return taken;
  };

  /**
   * Removes what a lease made, or puts back the add-on's own it replaced, as it was (a disabled one
   * disabled). One changed since by someone else (another URL, or removed) is left as it is, and so
   * is one another live lease holds too: the last of them to end gives it back.
   */
  const giveBack = async ({ _id, orgId, appId, webhookUrl, taken }: LeaseRecord): Promise<GivenBack> => {
    await passage();
    const given: GivenBack = { removed: [], restored: [] };
    for (const { event, before } of taken) {
      if (subscriptions.find(orgId, appId, event)?.webhookUrl !== webhookUrl) continue;
      if (sharedWith(event, webhookUrl, _id)) continue;
      if (before) given.restored.push(await subscriptions.restore(orgId, before));
      else {
        await subscriptions.unsubscribe(orgId, appId, event);
        given.removed.push(event);
      }
    }
    await store.delete(LEASES, SCOPE, _id);
    return given;
  };

  const leaseOf = (record: LeaseRecord, held: LeaseHeld): Lease => {
    let ending: Promise<GivenBack> | null = null;
    let settle!: (given: Promise<GivenBack>) => void;
    const ended = new Promise<GivenBack>((resolve) => (settle = resolve));
    // Told to whoever waits for it; a failure nobody waits for must not end the process.
    ended.catch(() => {});
    return {
      held,
      end() {
        // Out of the live ones at once: two ending together must not each leave it to the other.
        live.delete(record._id);
        ending ??= giveBack(record);
        settle(ending);
        return ending;
      },
      ended,
    };
  };

  return {
    async take({ webhookUrl, events }) {
      for (const event of events) mayReceive(event);
      const { orgId, appId } = owner;
      const kept: string[] = [];
      const taken: Taken[] = [];
      for (const event of events) {
        const current = subscriptions.find(orgId, appId, event) ?? null;
        // Held by another lease to the same URL: shared, with the add-on's own that one will put back.
        const shared = sharedWith(event, webhookUrl);
        if (shared) taken.push({ event, before: shared.before });
        else if (current?.webhookUrl === webhookUrl && current.isActive) kept.push(event);
        else taken.push({ event, before: current });
      }
      // Recorded before the first subscription, so that a kill at any moment leaves it to give back.
      const record: LeaseRecord = { _id: randomUUID(), orgId, appId, webhookUrl, taken };
      await store.put(LEASES, SCOPE, { ...record });
      const lease = leaseOf(record, {
        leaseId: record._id,
        orgId,
        appId,
        webhookUrl,
        events,
        subscribed: taken.map((t) => t.event),
        kept,
        replaced: taken.flatMap((t) => (t.before ? [t.before] : [])),
      });
      try {
        for (const { event } of taken) await subscriptions.subscribe(orgId, appId, event, webhookUrl);
      } catch (error) {
        await lease.end();
        throw error;
      }
      live.set(record._id, { lease, record });
      return lease;
    },

    get(leaseId) {
      const lease = live.get(leaseId)?.lease;
      if (!lease) throw new ApiError(404, 'lease_not_found', `no lease ${leaseId} is held: it ended, or never was`);
      return lease;
    },

    async endAll() {
      await Promise.allSettled([...live.values()].map(({ lease }) => lease.end()));
    },

    async recover() {
      const records = store.list(LEASES, SCOPE, { limit: Infinity, offset: 0 }).data as unknown as LeaseRecord[];
      for (const record of records) {
        if (live.has(record._id)) continue;
        await giveBack(record).catch((error: unknown) =>
          logger.error(`giving back the subscriptions of a lease to ${record.webhookUrl} failed`, error),
        );
      }
    },
  };
}
