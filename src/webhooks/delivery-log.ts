import { ApiError, notFound } from '../common/errors.js';
import type { Doc, Store } from '../store/store.js';
import { MAX_DELIVERIES } from '../common/limits.js';
import type { DeliveryStatus } from './delivery-status.js';
import type { AttemptOutcome } from './http-attempt.js';

/** One attempt of a delivery: what was sent, and what came back or why nothing did. */
export interface Attempt extends AttemptOutcome {
  attempt: number;
  /** A second send of the same attempt, by a `duplicate` fault rule: same request, byte for byte. */
  duplicate?: true;
  /** Emulated time the attempt started. */
  at: string;
  request: { url: string; headers: Record<string, string> };
}

/**
 * One event sent to one subscription. Its attempts share the deliveryId and the exact body bytes
 * (and so the signature); `nextAttemptAt` is set while a retry is pending.
 */
export interface Delivery {
  deliveryId: string;
  event: string;
  orgId: string;
  appId: string;
  webhookUrl: string;
  /** The exact body sent: the envelope of spec 2.4. */
  payload: string;
  status: DeliveryStatus;
  attempts: Attempt[];
  /** Emulated time of the next attempt, while one is due. */
  nextAttemptAt: string | null;
  /** The delivery this one replays. */
  replayOf: string | null;
  /** The webhooks fault rule that touched it (docs/faults.md): sent twice, or held back. */
  fault?: { rule: string; effect: string; duplicate: boolean };
  createdAt: string;
}

export interface DeliveryFilter {
  event?: string;
  status?: DeliveryStatus;
  limit?: number;
}

const COLLECTION = 'deliveries';
const SCOPE = '_';
/** The shortest id prefix taken for a delivery. */
const MIN_PREFIX = 4;

/** The delivery log, kept in the store so a restart resumes pending retries where they stood. */
export interface DeliveryLog {
  get(deliveryId: string): Delivery | undefined;
  /**
   * A delivery by its id or, as git takes commits, by a unique prefix of at least 4 characters:
   * ids are UUIDs, and the first few characters are what a person copies from a log line.
   */
  resolve(idOrPrefix: string): Delivery;
  /** Adds or updates a delivery; a new one may make room by dropping the oldest finished ones. */
  save(delivery: Delivery): Promise<Delivery>;
  /** Newest first. */
  list(filter?: DeliveryFilter): Delivery[];
  /** The deliveries with an attempt still due, in the log's order. */
  pending(): Delivery[];
}

export function createDeliveryLog(store: Store): DeliveryLog {
  const toDelivery = ({ _id: _key, ...rest }: Doc) => rest as unknown as Delivery;
  const all = () => store.list(COLLECTION, SCOPE, { limit: Infinity, offset: 0 }).data.map(toDelivery);

  /** The log keeps the newest deliveries; older finished ones make room. */
  const trim = async () => {
    const excess = store.count(COLLECTION, SCOPE) - MAX_DELIVERIES;
    if (excess <= 0) return;
    // The stored documents as they are, not copied into deliveries: with thousands pending (a
    // receiver that fails), every new delivery looks through them all again.
    const oldest = store.list(COLLECTION, SCOPE, { limit: excess + 100, offset: 0 }).data;
    const finished = oldest.filter((doc) => doc.status !== 'pending').slice(0, excess);
    await Promise.all(finished.map((doc) => store.delete(COLLECTION, SCOPE, doc._id)));
  };

  return {
    get(deliveryId) {
      const doc = store.get(COLLECTION, SCOPE, deliveryId);
      return doc && toDelivery(doc);
    },
    resolve(idOrPrefix) {
      const exact = store.get(COLLECTION, SCOPE, idOrPrefix);
      if (exact) return toDelivery(exact);
      const matches = idOrPrefix.length >= MIN_PREFIX ? all().filter((d) => d.deliveryId.startsWith(idOrPrefix)) : [];
      if (matches.length === 1) return matches[0];
      if (matches.length > 1)
        throw new ApiError(
          400,
          'ambiguous_id',
          `${matches.length} deliveries have ids starting with ${idOrPrefix}; give more of the id`,
        );
      const hint = idOrPrefix.length < MIN_PREFIX ? ` (a prefix needs at least ${MIN_PREFIX} characters)` : '';
      throw notFound('delivery', idOrPrefix, ` in the delivery log${hint}`);
    },
    async save(delivery) {
      const isNew = !store.get(COLLECTION, SCOPE, delivery.deliveryId);
      await store.put(COLLECTION, SCOPE, { _id: delivery.deliveryId, ...delivery });
      if (isNew) await trim();
      return delivery;
    },
    list({ event, status, limit = 50 } = {}) {
      return all()
        .reverse()
        .filter((d) => (!event || d.event === event) && (!status || d.status === status))
        .slice(0, limit);
    },
    pending: () => all().filter((d) => d.nextAttemptAt !== null),
  };
}
