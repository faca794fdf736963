import type { Clock } from '../common/clock.js';
import { notFound } from '../common/errors.js';
import type { Doc, Page, Store } from '../store/store.js';
import { newId } from './ids.js';
import type { RecordChange } from './event-family.js';
import { checkChange } from './lifecycle.js';
import {
  merge,
  requireReference,
  type Fields,
  type ResourceContext,
  type ResourceDefinition,
  type ResourceRef,
} from './resource.js';
import { withDefaults, type ObjectSchema } from './schema.js';
import { inSchemaOrder } from './schema-order.js';

// Declared in event-family.ts, below this file (events are made of changes); exported here too, where changes are made.
export type { RecordChange } from './event-family.js';

export interface DomainDeps {
  store: Store;
  clock: Clock;
  /** Told of every record change once it is saved (the webhooks listen here). */
  onChange?: (change: RecordChange) => void;
}

/** The store's collection of numbering counters (invoice numbers), one scope per organization. */
export const SEQUENCES = 'sequences';

export interface ListWindow {
  limit: number;
  offset: number;
}

/**
 * The generic CRUD of a business resource within an organization. Every write goes the same way:
 * schema defaults and the initial status, the lifecycle's locks and moves, the references, then the
 * definition's own rules; the record is stored with every field of its schema.
 */
export interface CollectionService<R extends Doc = Doc> {
  readonly definition: ResourceDefinition;
  list(orgId: string, window: ListWindow): Page<R>;
  get(orgId: string, id: string): R;
  /** The organization that holds the record `id`, if any does: to say whose a record is rather than "not found". */
  holderOf(id: string): string | undefined;
  /**
   * `input` is a create body its schema has let through (the route, or the scenario check, validated
   * it). Its id is a new random one, or `id` where the caller names one free in the organization (a
   * seeded world's, seed.ts).
   */
  create(orgId: string, input: Fields, options?: { id?: string }): Promise<R>;
  /** Whether the organization holds a record of this id. */
  has(orgId: string, id: string): boolean;
  /** `patch` is a PATCH body its schema has let through. */
  update(orgId: string, id: string, patch: Fields): Promise<R>;
  remove(orgId: string, id: string): Promise<void>;
}

export function createCollectionService<R extends Doc, C extends Fields, P extends Fields>(
  definition: ResourceDefinition<R, C, P>,
  { store, clock, onChange = () => {} }: DomainDeps,
): CollectionService<R> {
  const { name, label, lifecycle, references } = definition;
  const records = recordsOf(store, definition);

  const checkReferences = (ctx: ResourceContext, fields: Fields) => {
    for (const [field, collection] of Object.entries(references))
      requireReference(ctx, field, { name: collection, label: collection }, fields[field]);
  };

  /** A record as the store keeps it: every field of the record schema, in its order, and the emulator's own. */
  const record = (fields: Fields, meta: { _id: string; createdAt: string; updatedAt: string }): R => {
    const stored = storedFields(definition.recordSchema, fields);
    const doc: Doc = { _id: meta._id, ...stored, createdAt: meta.createdAt, updatedAt: meta.updatedAt };
    // Every field of the record schema, from rules typed by it: a record of the resource. Nested
    // objects in their schema's order too, whatever order the request sent them in.
    return inSchemaOrder(definition.recordSchema, doc) as R;
  };

  /**
   * A context for one change. The sequence numbers it hands out are saved only with the record
   * (`save`), so a create that the rules refuse uses up no invoice number.
   */
  const contextFor = (orgId: string) => {
    const taken = new Map<string, number>();
    const now = clock.nowIso();
    const ctx: ResourceContext = {
      orgId,
      now,
      today: now.slice(0, 10),
      lookup: (resource, id) => recordsOf(store, resource).get(orgId, id),
      sequence(sequence) {
        const value = (taken.get(sequence) ?? Number(store.get(SEQUENCES, orgId, sequence)?.value ?? 0)) + 1;
        taken.set(sequence, value);
        return value;
      },
    };
    // The record first: a store that refuses it (store.put throws at once) takes no number either.
    const save = (doc: R) =>
      Promise.all([
        store.put(name, orgId, doc),
        ...[...taken].map(([sequence, value]) => store.put(SEQUENCES, orgId, { _id: sequence, value })),
      ]);
    return { ctx, save };
  };

  const get = (orgId: string, id: string): R => {
    const doc = records.get(orgId, id);
    if (!doc) throw notFound(label, id);
    return doc;
  };

  return {
    definition,
    list: (orgId, window) => records.list(orgId, window),
    get,
    holderOf: (id) => store.scopes(name).find((orgId) => records.get(orgId, id)),
    has: (orgId, id) => records.get(orgId, id) !== undefined,

    async create(orgId, input, { id = newId(definition.idPrefix) } = {}) {
      const { ctx, save } = contextFor(orgId);
      // A body createSchema let through (the caller validated it), with that schema's defaults and the
      // first status: a C, which is read off the same field list.
      const body = {
        ...(lifecycle && { status: lifecycle.initial }),
        ...withDefaults(definition.createSchema, input),
      } as C;
      checkReferences(ctx, body);
      const fields = definition.create?.(body, ctx) ?? body;
      const doc = record(fields, { _id: id, createdAt: ctx.now, updatedAt: ctx.now });
      await save(doc);
      onChange({ orgId, collection: name, before: null, after: doc });
      return doc;
    },

    async update(orgId, id, input) {
      const current = get(orgId, id);
      const { ctx, save } = contextFor(orgId);
      // A body updateSchema let through (the caller validated it): a P, which is read off the same field list.
      const patch = input as P;
      if (lifecycle) checkChange(label, lifecycle, current, patch);
      checkReferences(ctx, patch);
      const fields = definition.update?.(current, patch, ctx) ?? merge(current, patch);
      const doc = record(fields, { _id: current._id, createdAt: String(current.createdAt), updatedAt: ctx.now });
      await save(doc);
      onChange({ orgId, collection: name, before: current, after: doc });
      return doc;
    },

    async remove(orgId, id) {
      const before = get(orgId, id);
      await store.delete(name, orgId, id);
      onChange({ orgId, collection: name, before, after: null });
    },
  };
}

/**
 * A page of an organization's records, newest first (the host page's lists): the API's list read
 * from its end. `offset` counts from the newest record.
 */
export function listNewestFirst<R extends Doc>(
  service: CollectionService<R>,
  orgId: string,
  window: ListWindow,
): Page<R> {
  const { total } = service.list(orgId, { limit: 0, offset: 0 });
  const end = Math.max(0, total - window.offset);
  const start = Math.max(0, end - window.limit);
  if (end === start) return { data: [], total };
  return { data: service.list(orgId, { limit: end - start, offset: start }).data.reverse(), total };
}

/**
 * The stored fields of a record, in the record schema's order: fields left out are stored as null, so
 * every record of a resource has the same keys. `_id` and the timestamps are the emulator's own.
 */
function storedFields(recordSchema: ObjectSchema, fields: Fields): Fields {
  const names = Object.keys(recordSchema.properties).filter((name) => !META.has(name));
  return Object.fromEntries(names.map((name) => [name, fields[name] === undefined ? null : fields[name]]));
}
const META = new Set(['_id', 'createdAt', 'updatedAt']);

/** The store's reads, typed as documents of a kind (a resource's records). */
interface StoreReads<T extends Doc = Doc> {
  get(collection: string, scope: string, id: string): T | undefined;
  list(collection: string, scope: string, window: ListWindow): Page<T>;
}

/** The records of one resource in the store, typed as that resource's records. */
function recordsOf<T extends Doc>(store: StoreReads, resource: ResourceRef<T>) {
  // Read only in the collection `resource` names, which holds only the records its collection service
  // wrote, by rules typed by them, or a state file's, checked against the record schema on import.
  const reads = store as StoreReads<T>;
  return {
    get: (orgId: string, id: string) => reads.get(resource.name, orgId, id),
    list: (orgId: string, window: ListWindow) => reads.list(resource.name, orgId, window),
  };
}
