import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import type { Doc, Page, Store } from '../store/store.js';
import { newId } from './ids.js';
import { checkChange } from './lifecycle.js';
import { merge, requireReference, type Fields, type ResourceContext, type ResourceDefinition } from './resource.js';
import { storedFields, withDefaults } from './schema.js';

/** A record created (before null), changed, or deleted (after null): what events are made of. */
export interface RecordChange {
  orgId: string;
  collection: string;
  before: Doc | null;
  after: Doc | null;
}

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
export interface CollectionService {
  readonly definition: ResourceDefinition;
  list(orgId: string, window: ListWindow): Page<Doc>;
  get(orgId: string, id: string): Doc;
  create(orgId: string, input: Fields): Promise<Doc>;
  update(orgId: string, id: string, patch: Fields): Promise<Doc>;
  remove(orgId: string, id: string): Promise<void>;
}

export function createCollectionService(
  definition: ResourceDefinition,
  { store, clock, onChange = () => {} }: DomainDeps,
): CollectionService {
  const { name, label, lifecycle, references = {} } = definition;

  const checkReferences = (ctx: ResourceContext, fields: Fields) => {
    for (const [field, collection] of Object.entries(references))
      requireReference(ctx, field, collection, fields[field]);
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
      lookup: (collection, id) => store.get(collection, orgId, id),
      sequence(sequence) {
        const value = (taken.get(sequence) ?? (store.get(SEQUENCES, orgId, sequence)?.value as number) ?? 0) + 1;
        taken.set(sequence, value);
        return value;
      },
    };
    // The record first: a store that refuses it (store.put throws at once) takes no number either.
    const save = (doc: Doc) =>
      Promise.all([
        store.put(name, orgId, doc),
        ...[...taken].map(([sequence, value]) => store.put(SEQUENCES, orgId, { _id: sequence, value })),
      ]);
    return { ctx, save };
  };

  const get = (orgId: string, id: string): Doc => {
    const doc = store.get(name, orgId, id);
    if (!doc) throw notFound(label, id);
    return doc;
  };

  return {
    definition,
    list: (orgId, window) => store.list(name, orgId, window),
    get,

    async create(orgId, input) {
      const { ctx, save } = contextFor(orgId);
      const body = withDefaults(definition.createSchema, input);
      if (lifecycle) body.status ??= lifecycle.initial;
      checkReferences(ctx, body);
      const doc: Doc = {
        _id: newId(definition.idPrefix),
        ...storedFields(definition.recordSchema, definition.create?.(body, ctx) ?? body),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
      await save(doc);
      onChange({ orgId, collection: name, before: null, after: doc });
      return doc;
    },

    async update(orgId, id, patch) {
      const current = get(orgId, id);
      const { ctx, save } = contextFor(orgId);
      if (lifecycle) checkChange(label, lifecycle, current, patch);
      checkReferences(ctx, patch);
      const doc: Doc = {
        ...storedFields(definition.recordSchema, definition.update?.(current, patch, ctx) ?? merge(current, patch)),
        _id: current._id,
        createdAt: current.createdAt,
        updatedAt: ctx.now,
      };
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
