import type { Clock } from '../clock.js';
import type { Store } from '../store/store.js';
import { checkJson } from '../json-bounds.js';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../limits.js';
import { verifyWebhookSignature } from './signature.js';

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

/** What an inbox may be called (`/inbox/<name>`): a pattern for the routes that name one. */
export const INBOX_NAME = '^[A-Za-z0-9._-]{1,64}$';

const COLLECTION = 'inbox';
export const INBOX_KEEP = 200;

/**
 * Receiver URLs the emulator offers itself (`/inbox/<name>`), so a developer without a backend can
 * subscribe and watch. Each inbox keeps its newest entries.
 */
export function createInbox({ store, clock }: { store: Store; clock: Clock }) {
  let sequence = 0;
  return {
    async receive(name: string, headers: Record<string, string>, rawBody: Buffer): Promise<InboxEntry> {
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
      await store.put(COLLECTION, name, { _id: `${clock.now()}-${++sequence}`, ...entry });
      const excess = store.count(COLLECTION, name) - INBOX_KEEP;
      if (excess > 0) {
        const oldest = store.list(COLLECTION, name, { limit: excess, offset: 0 }).data;
        await Promise.all(oldest.map((doc) => store.delete(COLLECTION, name, doc._id)));
      }
      return entry;
    },
    /** Newest last. */
    list(name: string, limit = 50): InboxEntry[] {
      const total = store.count(COLLECTION, name);
      return store
        .list(COLLECTION, name, { limit, offset: Math.max(0, total - limit) })
        .data.map(({ _id: _key, ...entry }) => entry as unknown as InboxEntry);
    },
  };
}

export type Inbox = ReturnType<typeof createInbox>;

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
  checkJson(body, { maxDepth: MAX_JSON_DEPTH, maxBytes: MAX_BODY_BYTES });
  return body;
}
