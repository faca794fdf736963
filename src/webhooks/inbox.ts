import type { Clock } from '../common/clock.js';
import type { Doc, Store } from '../store/store.js';
import { checkJson } from '../common/json/json-bounds.js';
import { BODY_BOUNDS, INBOX_KEEP, MAX_INBOX_BYTES, MAX_INBOXES } from '../common/limits.js';
import { verifyWebhookSignature } from './signature.js';
import { wordedPattern } from '../common/text/pattern-words.js';

/** What the built-in inbox recorded of one request. */
export interface InboxEntry {
  receivedAt: string;
  event: string | null;
  appId: string | null;
  deliveryId: string | null;
  attempt: number | null;
  /** Whether X-Service-Signature matches the body for the app in X-Service-App. */
  signatureValid: boolean;
  headers: Record<string, string>;
  /** The body as received; parsed when it is JSON. */
  body: unknown;
}

/** An inbox as listed: its newest entries, newest first, and how many older ones it no longer keeps. */
export interface InboxListing {
  data: InboxEntry[];
  dropped: number;
}

/** What an inbox may be called (`/inbox/<name>`): a pattern for the routes that name one. */
export const INBOX_NAME = wordedPattern('^[A-Za-z0-9._-]{1,64}$', '1 to 64 letters, digits and . _ -');

/** Whether `url` is an inbox of the emulator whose origins are `own`: `<origin>/inbox/<name>`. */
export function isInboxUrl(url: URL, own: ReadonlySet<string>): boolean {
  if (!own.has(url.origin)) return false;
  const name = /^\/inbox\/([^/]*)$/.exec(url.pathname)?.[1];
  return name !== undefined && new RegExp(INBOX_NAME).test(name);
}

/** One scope per inbox name; each entry also holds its arrival number `n` and its `size` in bytes. */
const COLLECTION = 'inbox';
/** How many entries each inbox dropped: one document per name, `{_id: name, count}`. */
const DROPPED = 'inbox_dropped';
const DROPPED_SCOPE = '_';

/**
 * What the bounds are reckoned from, made from the store when first needed and again after the
 * history is replaced (a reset, a rollback), so a request costs a few lookups, not a scan.
 */
interface Tally {
  /** Bytes kept in all, as received. */
  bytes: number;
  /** The arrival number of the newest entry of all: numbers order entries across inboxes. */
  last: number;
  /** Every inbox kept (with entries, or a count of dropped ones), and the number of its newest entry. */
  names: Map<string, number>;
}

/**
 * Receiver URLs the emulator offers itself (`/inbox/<name>`), so a developer without a backend can
 * subscribe and watch. What they keep is bounded (src/common/limits.ts), the oldest dropped first.
 */
export interface Inbox {
  /** Records one request to inbox `name`, checking its signature; refuses JSON beyond the body bounds. */
  receive(name: string, headers: Record<string, string>, rawBody: Buffer): Promise<InboxEntry>;
  /** The newest `limit` entries, newest first, and how many older ones were dropped. */
  list(name: string, limit?: number): InboxListing;
  /** How many entries of an inbox were dropped to keep within the bounds. */
  dropped(name: string): number;
  /** The history was replaced (a reset, a rollback): what the bounds are reckoned from is made again. */
  reload(): void;
}

export function createInbox({ store, clock }: { store: Store; clock: Clock }): Inbox {
  let tally: Tally | null = null;
  const current = () => (tally ??= tallyOf(store));
  const entries = (name: string, window = { limit: Infinity, offset: 0 }) => store.list(COLLECTION, name, window).data;
  const droppedBy = (name: string) => (store.get(DROPPED, DROPPED_SCOPE, name)?.count as number | undefined) ?? 0;

  /**
   * Every change of one arrival, made in memory at once (no other arrival comes between reading the
   * tally and changing the store), then awaited together.
   */
  const admit = (name: string, entry: InboxEntry, size: number): Array<Promise<unknown>> => {
    const t = current();
    const writes: Array<Promise<unknown>> = [];
    const drops = new Map<string, number>();
    const drop = (inbox: string, doc: Doc) => {
      writes.push(store.delete(COLLECTION, inbox, doc._id));
      t.bytes -= sizeOf(doc);
      drops.set(inbox, (drops.get(inbox) ?? 0) + 1);
    };

    if (!t.names.has(name) && t.names.size >= MAX_INBOXES) {
      const forgotten = leastRecent(t.names);
      for (const doc of entries(forgotten)) drop(forgotten, doc);
      drops.delete(forgotten);
      t.names.delete(forgotten);
      if (store.get(DROPPED, DROPPED_SCOPE, forgotten)) writes.push(store.delete(DROPPED, DROPPED_SCOPE, forgotten));
    }
    const n = ++t.last;
    writes.push(store.put(COLLECTION, name, { _id: String(n), n, size, ...entry }));
    t.names.set(name, n);
    t.bytes += size;
    while (store.count(COLLECTION, name) > INBOX_KEEP) drop(name, entries(name, { limit: 1, offset: 0 })[0]);
    while (t.bytes > MAX_INBOX_BYTES) {
      const oldest = oldestOfAll(t.names);
      if (!oldest) break;
      drop(oldest, entries(oldest, { limit: 1, offset: 0 })[0]);
    }
    for (const [inbox, count] of drops) {
      writes.push(store.put(DROPPED, DROPPED_SCOPE, { _id: inbox, count: droppedBy(inbox) + count }));
    }
    return writes;
  };

  /** The inbox whose first entry arrived first: its n is the smallest of the first ones. */
  const oldestOfAll = (names: Map<string, number>): string | null => {
    let oldest: string | null = null;
    let oldestN = Infinity;
    for (const name of names.keys()) {
      const first = entries(name, { limit: 1, offset: 0 })[0];
      if (first && arrivalOf(first) < oldestN) [oldest, oldestN] = [name, arrivalOf(first)];
    }
    return oldest;
  };

  return {
    async receive(name, headers, rawBody) {
      const appId = headers['x-service-app'] ?? null;
      const body = parsedBody(rawBody);
      const envelope = (typeof body === 'object' && body) as { deliveryId?: string } | false;
      const entry: InboxEntry = {
        receivedAt: clock.nowIso(),
        event: headers['x-service-event'] ?? null,
        appId,
        deliveryId: (envelope && envelope.deliveryId) || null,
        attempt: headers['x-service-delivery-attempt'] ? Number(headers['x-service-delivery-attempt']) : null,
        signatureValid: appId !== null && verifyWebhookSignature(rawBody, headers['x-service-signature'], appId),
        headers,
        body,
      };
      try {
        await Promise.all(admit(name, entry, receivedBytes(headers, rawBody)));
      } catch (error) {
        // The store took back what it could not write: reckon again from what it holds.
        tally = null;
        throw error;
      }
      return entry;
    },
    list(name, limit = 50) {
      const total = store.count(COLLECTION, name);
      const data = entries(name, { limit, offset: Math.max(0, total - limit) })
        .map(({ _id: _key, n: _n, size: _size, ...entry }) => entry as unknown as InboxEntry)
        .reverse();
      return { data, dropped: droppedBy(name) };
    },
    dropped: droppedBy,
    // The tally is made again when next needed.
    reload() {
      tally = null;
    },
  };
}

/** The tally of what the store holds: one pass over the inboxes, at most their bounds' worth. */
function tallyOf(store: Store): Tally {
  const tally: Tally = { bytes: 0, last: 0, names: new Map() };
  for (const name of store.scopes(COLLECTION)) {
    for (const doc of store.list(COLLECTION, name, { limit: Infinity, offset: 0 }).data) {
      tally.bytes += sizeOf(doc);
      tally.last = Math.max(tally.last, arrivalOf(doc));
      tally.names.set(name, Math.max(tally.names.get(name) ?? 0, arrivalOf(doc)));
    }
  }
  for (const { _id } of store.list(DROPPED, DROPPED_SCOPE, { limit: Infinity, offset: 0 }).data) {
    if (!tally.names.has(_id)) tally.names.set(_id, 0);
  }
  return tally;
}

/** The inbox posted to least recently: the smallest number of a newest entry. */
function leastRecent(names: Map<string, number>): string {
  let least: [string, number] = ['', Infinity];
  for (const [name, newest] of names) if (newest < least[1]) least = [name, newest];
  return least[0];
}

/** Entries kept by a kit before the bounds have no number: they are the oldest. */
const arrivalOf = (doc: Doc): number => (doc.n as number | undefined) ?? 0;

/** Entries kept by a kit before the bounds have no size: what their JSON takes is near enough. */
const sizeOf = (doc: Doc): number => (doc.size as number | undefined) ?? JSON.stringify(doc).length;

/** What a request weighs as received: its body and its headers (up to 16 KiB of them, by Node's limit). */
function receivedBytes(headers: Record<string, string>, rawBody: Buffer): number {
  let bytes = rawBody.length;
  for (const [name, value] of Object.entries(headers)) bytes += name.length + value.length;
  return bytes;
}

/**
 * The body parsed when it is JSON, else its text. JSON is held to the bounds of every body (a value
 * too deep to be written back out would fail the journal), so such a request is refused, not kept.
 */
function parsedBody(rawBody: Buffer): unknown {
  const text = rawBody.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  checkJson(body, BODY_BOUNDS);
  return body;
}
