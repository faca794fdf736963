import { invalid } from '../errors.js';
import type { Doc } from '../store/store.js';
import type { ResourceEvents } from './event-family.js';
import type { Lifecycle } from './lifecycle.js';
import type { JsonSchema } from './schema.js';
import type { TimeRule } from './time-rules.js';

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

/** Gives a record of another collection for a sample: one seeded earlier, or one made for the purpose. */
export type SampleRef = (collection: string, i: number) => Promise<Doc>;

/** Realistic records of a resource, for `addon seed` and for `addon trigger` in an empty organization. */
export interface Samples {
  /** How many records seeding an organization of `size` (its number of customers) makes. */
  count(size: number): number;
  /** The create body of the i-th sample record (deterministic in `i`). */
  input(i: number, ref: SampleRef): Fields | Promise<Fields>;
  /** The status the i-th seeded record is moved to along its lifecycle; by default it stays where it starts. */
  status?(i: number): string;
}

/**
 * One business resource, whole: its schemas (which validate requests and make the OpenAPI document),
 * its references, lifecycle, rules and time rules, its events and its samples. Adding a resource is
 * adding one of these to the registry (emulator/registry.ts): its routes, scopes, events, OpenAPI
 * schemas, seeding and time rules follow from it.
 */
export interface ResourceDefinition {
  /** The collection, its path under the API, and its scopes' resource: `customers`. */
  name: string;
  /** Singular, for messages: "customer cus_1 does not exist". */
  label: string;
  idPrefix: string;
  description: string;
  createSchema: JsonSchema;
  updateSchema: JsonSchema;
  recordSchema: JsonSchema;
  /** Top-level fields that name another record of the organization, and its collection; checked on every write. */
  references?: Record<string, string>;
  lifecycle?: Lifecycle;
  /** What the emulated clock does to its records by itself (domain/time-rules.ts runs them). */
  timeRules?: TimeRule[];
  /**
   * The stored fields of a new record from a valid body, its schema defaults and initial status
   * applied; without it, the body as it is. Fields it leaves out are stored as null.
   */
  create?(input: Fields, ctx: ResourceContext): Fields;
  /** The stored fields after a valid PATCH that the lifecycle allowed; without it, the patch merged over the record. */
  update?(current: Doc, patch: Fields, ctx: ResourceContext): Fields;
  events: ResourceEvents;
  samples: Samples;
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

/** The i-th entry of a list, round and round: samples cycle through their data. */
export const nth = <T>(list: readonly T[], i: number): T => list[i % list.length];
