import { invalid } from '../common/errors.js';
import type { Doc } from '../store/store.js';
import type { ResourceEvents } from './event-family.js';
import type { Lifecycle } from './lifecycle.js';
import type { ObjectSchema } from './schema.js';

export type Fields = Record<string, unknown>;

/**
 * What the emulated clock does to a record by itself, declared on its resource: when the record falls
 * due, and the change made to it then (an unpaid invoice becomes overdue). The change is a PATCH
 * through the collection service, so the lifecycle, `updatedAt` and the events are those of a PATCH.
 */
export interface TimeRule<R extends Doc = Doc, P extends Fields = Fields> {
  /** Says what the rule does, in the message of a change that failed. */
  description: string;
  /**
   * The emulated instant (Unix ms) at which the record falls due, or null when it never does as it
   * stands. Null once `patch` is applied, so a record is moved once.
   */
  dueAt(record: R): number | null;
  /** The PATCH body applied when the record is due. */
  readonly patch: P;
}

/** The emulator's own fields of every record. */
export type RecordMeta = '_id' | 'createdAt' | 'updatedAt';
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type NullableKeys<R> = { [K in keyof R]: null extends R[K] ? K : never }[keyof R];
/**
 * What a resource's rules return for a record: every stored field, where those that may hold null may
 * be left out (they are stored as null, so every record of a resource has the same keys).
 */
export type NewFields<R> = Simplify<
  { [K in Exclude<keyof R, RecordMeta | NullableKeys<R>>]: R[K] } & {
    [K in Exclude<NullableKeys<R>, RecordMeta>]?: R[K];
  }
>;

/** What a resource's rules may read while they build a record. */
export interface ResourceContext {
  orgId: string;
  /** Emulated time, ISO 8601. */
  now: string;
  /** Emulated date, YYYY-MM-DD. */
  today: string;
  /** A record of this organization, of that resource, by id. */
  lookup<T extends Doc>(resource: ResourceRef<T>, id: string): T | undefined;
  /** The next number of an organization-wide sequence (invoice numbers, order numbers). */
  sequence(name: string): number;
}

/**
 * Names a resource, and (for TypeScript only) the type of its records: what a rule passes to
 * `lookup` or a sample to `ref` to get a typed record of another resource.
 */
export interface ResourceRef<R extends Doc = Doc> {
  readonly name: string;
  readonly label: string;
  /** Never set: carries the record type. */
  readonly recordType?: R;
}

/** Gives a record of another resource for a sample: one seeded earlier, or one made for the purpose. */
export type SampleRef = <T extends Doc>(resource: ResourceRef<T>, i: number) => Promise<T>;

/** A `SampleRef` that finds the record in the collection the resource names: one seeded, or its newest. */
export const sampleRefByName =
  (find: (collection: string, i: number) => Promise<Doc>): SampleRef =>
  <T extends Doc>(resource: ResourceRef<T>, i: number) =>
    // The collection holds only the records its collection service wrote, by rules typed by them, or a
    // state file's, checked against the record schema on import (as collection-service.ts reads them).
    find(resource.name, i) as Promise<T>;

/** Realistic records of a resource, for `addon seed` and for `addon trigger` in an empty organization. */
export interface Samples<C extends Fields = Fields, S extends string = string> {
  /** How many records seeding an organization of `size` (its number of customers) makes. */
  count(size: number): number;
  /** The create body of the i-th sample record (deterministic in `i`). */
  input(i: number, ref: SampleRef): C | Promise<C>;
  /** The status the i-th seeded record is moved to along its lifecycle; by default it stays where it starts. */
  status?(i: number): S;
}

/**
 * One business resource, whole, as `defineResource()` (define-resource.ts) makes it from one field
 * list: its schemas (which validate requests and make the OpenAPI document) and the TypeScript types
 * of its records and bodies, its references, lifecycle, rules and time rules, its events and its
 * samples. Adding a resource is adding one of these to the registry (emulator/registry.ts): its
 * routes, scopes, events, OpenAPI schemas, seeding and time rules follow from it.
 *
 * `R` is its record, `C` its create body (defaults applied), `P` its PATCH body. The rules are methods,
 * so a typed definition fits where any definition is wanted (the registry holds them all).
 */
export interface ResourceDefinition<
  R extends Doc = Doc,
  C extends Fields = Fields,
  P extends Fields = Fields,
> extends ResourceRef<R> {
  /** The collection, its path under the API, and its scopes' resource: `customers`. */
  readonly name: string;
  /** Singular, for messages: "customer cus_1 does not exist". */
  readonly label: string;
  readonly idPrefix: string;
  readonly description: string;
  readonly createSchema: ObjectSchema;
  readonly updateSchema: ObjectSchema;
  readonly recordSchema: ObjectSchema;
  /** Top-level fields that name another record of the organization, and its collection; checked on every write. */
  readonly references: Readonly<Record<string, string>>;
  /** The fields a list of its records shows (the host page's lists); see `outlineOf` without it. */
  readonly columns?: readonly string[];
  /** The text fields the host page's search matches, the first naming a result; see `outlineOf` without it. */
  readonly search?: readonly string[];
  readonly lifecycle?: Lifecycle;
  /** What the emulated clock does to its records by itself (domain/time-rules.ts runs them). */
  readonly timeRules?: readonly TimeRule<R, P>[];
  /**
   * The stored fields of a new record from a valid body, its schema defaults and initial status
   * applied; without it, the body as it is. Fields it leaves out are stored as null.
   */
  create?(input: C, ctx: ResourceContext): NewFields<R>;
  /** The stored fields after a valid PATCH that the lifecycle allowed; without it, the patch merged over the record. */
  update?(current: R, patch: P, ctx: ResourceContext): NewFields<R>;
  readonly events: ResourceEvents<R>;
  readonly samples: Samples;
}

/** Throws 400 when a referenced record is not in the organization. */
export function requireReference<T extends Doc>(
  ctx: ResourceContext,
  field: string,
  resource: ResourceRef<T>,
  id: unknown,
): T | undefined {
  if (id === undefined || id === null) return undefined;
  const found = ctx.lookup(resource, String(id));
  if (!found) throw invalid([{ field, message: `refers to ${id}, which does not exist in this organization` }]);
  return found;
}

/** A record with a PATCH over it: each field named in the patch is the record's value or the patch's. */
export type Merged<R, P> = Simplify<Omit<R, keyof P> & { [K in keyof P & keyof R]: R[K] | Exclude<P[K], undefined> }>;

/** Fields of `patch` that are set, over `current`; `undefined` never erases. */
export const merge = <R extends Fields, P extends Fields>(current: R, patch: P): Merged<R, P> => ({
  ...current,
  ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
});

/** The i-th entry of a list, round and round: samples cycle through their data. */
export const nth = <T>(list: readonly T[], i: number): T => list[i % list.length];
