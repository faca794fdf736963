// What the host page's "Copy as" copies: an API call of the audit log, a webhook delivery, or an
// event fired from the Events tab; and what each says of the session that made it.
import type { AuditEntry } from '../audit/audit-log.js';
import type { Delivery } from '../webhooks/delivery-log.js';
import type { EventData } from '../domain/catalog.js';
import { API_PREFIX, DEFAULT_EMULATOR_URL } from '../sdk/browser/addresses.js';

/** An event as it was fired (`addon trigger`, the Events tab): the data given, not all that was sent. */
export interface FiredEvent {
  event: string;
  orgId: string;
  /** The JSON merge patch given over the realistic data, if any. */
  data?: EventData;
  /** The stored record it was fired for, if any. */
  recordId?: string;
  /** What it delivered, each after its first attempt (as `POST /_emulator/events/trigger` answers). */
  deliveries: Delivery[];
}

export type Copied =
  { kind: 'call'; entry: AuditEntry } | { kind: 'delivery'; delivery: Delivery } | { kind: 'event'; fired: FiredEvent };

/** Where the snippet is run: the emulator it was copied from, e.g. `http://127.0.0.1:4455`. */
export interface CopyPlace {
  emulatorUrl: string;
}

/** How a snippet runs the CLI: as a project that has the kit as a dependency does. */
export const ADDON_COMMAND = 'npx addon';

/**
 * The scopes a token needs to meet the same scope decision as the call: the one it was granted, or
 * none (a call denied its scope is denied it again; a call that needs none needs none).
 */
export const scopesOf = (entry: AuditEntry): string[] =>
  entry.scope.decision === 'granted' && entry.scope.required ? [entry.scope.required] : [];

/** The flags that mint the call's session: `--org`, `--user`, `--scopes` (of `addon token` and `addon api`). */
export function sessionFlags(entry: AuditEntry): string[] {
  const scopes = scopesOf(entry);
  return ['--org', entry.orgId, '--user', entry.userId, '--scopes', scopes.length ? scopes.join(',') : 'none'];
}

/** `--emulator URL` when the emulator is not where a plain `addon dev` is. */
export const emulatorFlag = ({ emulatorUrl }: CopyPlace): string[] =>
  emulatorUrl === DEFAULT_EMULATOR_URL ? [] : ['--emulator', emulatorUrl];

/** An audited path (`/api/addon/v1/customers?limit=5`) under the API's prefix: `/customers?limit=5`. */
export const apiPath = (entry: AuditEntry): string =>
  entry.path.startsWith(`${API_PREFIX}/`) ? entry.path.slice(API_PREFIX.length) : entry.path;

/**
 * Why a call cannot be copied, or null: its body was too long for the audit log to keep, and a copy
 * without it would be another request. Each kind of snippet says so instead of making one.
 */
export const notCopied = (entry: AuditEntry): string | null =>
  entry.bodyChars === undefined
    ? null
    : `Not copied: the call's JSON body (${entry.bodyChars} characters) was longer than the audit log keeps`;

/** The event data a delivery carried: what its envelope (spec 2.4) holds under `data`. */
export const deliveredData = (delivery: Delivery): EventData =>
  (JSON.parse(delivery.payload) as { data: EventData }).data;

/** What the delivery's first attempt was answered: a status, or null when no answer came. */
export const firstAnswer = (delivery: Delivery): number | null => delivery.attempts[0]?.response?.status ?? null;
