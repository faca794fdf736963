import { ApiError, invalid, withArticle } from '../errors.js';
import type { ScopeResource } from '../auth/scopes.js';
import type { Doc } from '../store/store.js';
import type { JsonSchema } from './schema.js';

export type Fields = Record<string, unknown>;

/** What a resource's rules may read while they build a record. */
export interface ResourceContext {
  orgId: string;
  /** Emulated time, ISO 8601. */
  now: string;
  /** Emulated date, YYYY-MM-DD. */
  today: string;
  /** A record of this organization, by collection and id. */
  lookup(collection: string, id: string): Doc | undefined;
  /** The next number of an organization-wide sequence (invoice numbers, order numbers). */
  sequence(name: string): number;
}

/**
 * One business resource: its schemas (which validate requests and make the OpenAPI document) and
 * its rules. Adding a resource is adding one of these (domain/resources/).
 */
export interface ResourceDefinition {
  name: ScopeResource;
  /** Singular, for messages: "customer cus_1 does not exist". */
  label: string;
  idPrefix: string;
  description: string;
  createSchema: JsonSchema;
  updateSchema: JsonSchema;
  recordSchema: JsonSchema;
  /** The stored fields (all but `_id` and the timestamps) of a new record from a valid body. */
  create(input: Fields, ctx: ResourceContext): Fields;
  /** The new stored fields after a valid PATCH; throws ApiError for a change the rules forbid. */
  update(current: Doc, patch: Fields, ctx: ResourceContext): Fields;
}

/** Throws 409 unless `to` is a status reachable from `from`. */
export function checkTransition(
  label: string,
  machine: Record<string, readonly string[]>,
  from: string,
  to: string,
): void {
  if (from === to || machine[from]?.includes(to)) return;
  const allowed = machine[from]?.length ? machine[from].join(', ') : 'none (final status)';
  throw new ApiError(
    409,
    'invalid_status_transition',
    `${withArticle(label)} cannot go from ${from} to ${to}; allowed: ${allowed}`,
    {
      from,
      to,
    },
  );
}

/** Throws 400 when a referenced record is not in the organization. */
export function requireReference(
  ctx: ResourceContext,
  field: string,
  collection: string,
  id: unknown,
): Doc | undefined {
  if (id === undefined || id === null) return undefined;
  const found = ctx.lookup(collection, String(id));
  if (!found) throw invalid([{ field, message: `refers to ${id}, which does not exist in this organization` }]);
  return found;
}

/** Fields of `patch` that are set, over `current`; `undefined` never erases. */
export const merge = (current: Fields, patch: Fields): Fields => ({
  ...current,
  ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
});

/** Optional fields are stored as null rather than left out, so every record has the same keys. */
export const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);
