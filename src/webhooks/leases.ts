import { randomUUID } from 'node:crypto';
import { ApiError } from '../common/errors.js';
import type { Logger } from '../common/logger.js';
import type { Store } from '../store/store.js';
import type { Subscription, SubscriptionService } from '../installations/subscriptions.js';

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
  /**
   * The add-on's own subscriptions under it, as they were: put back at its end, or, when it took one
   * over from another live lease (two listens at once), at the end of the last of them.
   */
  replaced: Subscription[];
}

/** What a lease's end gave back. */
export interface GivenBack {
  /** The events whose subscriptions it made, removed. */
  removed: string[];
  /** The add-on's own it had replaced, put back as they were. */
  restored: Subscription[];
  /** The events it left to another live lease, which gives them back at its end. */
  handedOver: string[];
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

/**
 * A subscription a lease made, and what it replaced (null: there was none), which it puts back if it
 * still holds the subscription at its end: the add-on's own, or the subscription of the lease under it.
 */
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

const beforeOf = (record: LeaseRecord, event: string): Subscription | null =>
  record.taken.find((t) => t.event === event)!.before;

/** `record` with its `event` taken over `before` instead, or let go (undefined). */
const withTaken = (record: LeaseRecord, event: string, before?: Subscription | null): LeaseRecord => ({
  ...record,
  taken: record.taken.flatMap((t) => (t.event !== event ? [t] : before === undefined ? [] : [{ event, before }])),
});

/**
 * The leases of one emulator over its subscriptions. `mayReceive` holds an event to the rules a
 * subscription is (the catalog, the granted scope), before any is made; `passage` waits while the
 * world is taken (a scenario runs).
 *
 * There is one subscription per event, so the leases of an event stack up: each took it over from
 * the one before (or from the add-on), and records what it replaced. The stack is the store's
 * records that hold the event, oldest first (the store keeps its order, an update keeps a record's
 * place, and leases are taken one at a time). The subscription belongs to the newest record to its
 * URL, the holder; when it ends it puts back what it replaced, and one under it that ends passes
 * what it would put back to the one over it. Any order of ends so leaves the newest live lease's
 * URL, and after the last the add-on's own as it was. Records over the holder lost the event to
 * someone else (the add-on re-subscribed it, or unsubscribed): they give nothing of it back.
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
  /** The leases that have not begun to end. */
  const live = new Map<string, Lease>();
  /** This emulator's leases until given back: not for `recover` to give back beside them. */
  const ours = new Set<string>();

  // One take or give-back at a time: each reads the stacks as the one before left them.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work);
    queue = turn.catch(() => {});
    return turn;
  };

  const records = () => store.list(LEASES, SCOPE, { limit: Infinity, offset: 0 }).data as unknown as LeaseRecord[];
  const put = (record: LeaseRecord) => store.put(LEASES, SCOPE, { ...record });

  /**
   * `event`'s stack of the owner's leases, oldest first, and the index of its holder (-1: none holds
   * the subscription).
   */
  const stackOf = ({ orgId, appId }: LeaseOwner, event: string) => {
    const stack = records().filter(
      (r) => r.orgId === orgId && r.appId === appId && r.taken.some((t) => t.event === event),
    );
    const current = subscriptions.find(orgId, appId, event) ?? null;
    return { stack, holder: stack.findLastIndex((r) => r.webhookUrl === current?.webhookUrl), current };
  };

  /**
   * Gives back the record's `event`. The holder puts back what it replaced, as it was (a disabled one
   * disabled): the add-on's own, or the lease's under it, which holds it again. One under the holder
   * leaves what it would put back to the lease over it, in the store first: a crash later still gives
   * back the right thing. One over the holder lost it to someone else, and leaves it as it is.
   */
  const giveBackEvent = async (record: LeaseRecord, event: string, given: GivenBack) => {
    const { stack, holder } = stackOf(record, event);
    const at = stack.findIndex((r) => r._id === record._id);
    const before = beforeOf(record, event);
    if (at > holder) return;
    if (at < holder) await put(withTaken(stack[at + 1]!, event, before));
    else if (before) await subscriptions.restore(record.orgId, before);
    else await subscriptions.unsubscribe(record.orgId, record.appId, event);
    if (at < holder || at > 0) given.handedOver.push(event);
    else if (before) given.restored.push(before);
    else given.removed.push(event);
  };

  /** Gives back what the store records of a lease; nothing when it records none (a rollback to before it). */
  const giveBack = async (leaseId: string): Promise<GivenBack> => {
    await passage();
    const given: GivenBack = { removed: [], restored: [], handedOver: [] };
    const record = store.get(LEASES, SCOPE, leaseId) as LeaseRecord | undefined;
    if (!record) return given;
    for (const { event } of record.taken) await giveBackEvent(record, event, given);
    await store.delete(LEASES, SCOPE, leaseId);
    return given;
  };

  /** Gives back in turn, and no longer ours once done or failed (a later `recover` tries again). */
  const giveBackOurs = (leaseId: string) => inTurn(() => giveBack(leaseId)).finally(() => ours.delete(leaseId));

  const leaseOf = (held: LeaseHeld): Lease => {
    let ending: Promise<GivenBack> | null = null;
    let settle!: (given: Promise<GivenBack>) => void;
    const ended = new Promise<GivenBack>((resolve) => (settle = resolve));
    // Told to whoever waits for it; a failure nobody waits for must not end the process.
    ended.catch(() => {});
    return {
      held,
      end() {
        live.delete(held.leaseId);
        ending ??= giveBackOurs(held.leaseId);
        settle(ending);
        return ending;
      },
      ended,
    };
  };

  /**
   * Records the lease, and what each event's subscription is taken over from: the holder of its
   * stack (the leases over it lost it, and let it go), or the add-on. The add-on's own active one at
   * the URL is kept, not taken.
   */
  const recordLease = async ({ webhookUrl, events }: LeaseRequest) => {
    const kept: string[] = [];
    const taken: Taken[] = [];
    /** The add-on's own under each taken: the bottom of the stack's, or the one taken. */
    const own: Array<Subscription | null> = [];
    for (const event of events) {
      const { stack, holder, current } = stackOf(owner, event);
      for (const lost of stack.slice(holder + 1)) await put(withTaken(lost, event));
      if (holder < 0 && current?.webhookUrl === webhookUrl && current.isActive) kept.push(event);
      else {
        taken.push({ event, before: current });
        own.push(holder < 0 ? current : beforeOf(stack[0]!, event));
      }
    }
    const record: LeaseRecord = { _id: randomUUID(), ...owner, webhookUrl, taken };
    // Recorded before the first subscription, so that a kill at any moment leaves it to give back.
    await put(record);
    return { record, kept, replaced: own.filter((s): s is Subscription => s !== null) };
  };

  return {
    take: (request) =>
      inTurn(async () => {
        await passage();
        for (const event of request.events) mayReceive(event);
        const { record, kept, replaced } = await recordLease(request);
        const { _id: leaseId, orgId, appId, webhookUrl, taken } = record;
        ours.add(leaseId);
        try {
          for (const { event } of taken) await subscriptions.subscribe(orgId, appId, event, webhookUrl);
        } catch (error) {
          await giveBack(leaseId).finally(() => ours.delete(leaseId));
          throw error;
        }
        const subscribed = taken.map((t) => t.event);
        const lease = leaseOf({
          leaseId,
          orgId,
          appId,
          webhookUrl,
          events: request.events,
          subscribed,
          kept,
          replaced,
        });
        live.set(leaseId, lease);
        return lease;
      }),

    get(leaseId) {
      const lease = live.get(leaseId);
      if (!lease) throw new ApiError(404, 'lease_not_found', `no lease ${leaseId} is held: it ended, or never was`);
      return lease;
    },

    async endAll() {
      await Promise.allSettled([...live.values()].map((lease) => lease.end()));
    },

    recover: () =>
      inTurn(async () => {
        for (const { _id, webhookUrl } of records()) {
          if (ours.has(_id)) continue;
          await giveBack(_id).catch((error: unknown) =>
            logger.error(`giving back the subscriptions of a lease to ${webhookUrl} failed`, error),
          );
        }
      }),
  };
}
