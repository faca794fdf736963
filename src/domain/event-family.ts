import { withArticle } from '../common/errors.js';
import type { Doc } from '../store/store.js';
import type { Lifecycle } from './lifecycle.js';
import type { JsonSchema } from './schema.js';

/** The events a resource's changes fire, and the data they carry: a part of its definition. */
export type EventData = Record<string, unknown>;

/** One catalog entry: what an event means, who may receive it, and the shape of its `data`. */
export interface EventDefinition<R extends Doc = Doc> {
  name: string;
  description: string;
  /** A subscriber needs this resource's read scope (an add-on without it must not see its data). */
  resource: string;
  /** The collection whose records the data is built from (`addon trigger` picks or makes one). */
  source: string;
  /** JSON schema of `data`. */
  schema: JsonSchema;
  data(record: R, context: EventContext): EventData;
}

export interface EventContext {
  /** Emulated time, ISO 8601. */
  now: string;
  newId(prefix: string): string;
  /** The record as it was before the change, for `*.updated` events. */
  before?: Doc | null;
}

/** A record created (before null), changed, or deleted (after null): what events are made of. */
export interface RecordChange {
  orgId: string;
  collection: string;
  before: Doc | null;
  after: Doc | null;
}

/** A change of a record of one resource, typed as its records. */
export interface Change<R extends Doc = Doc> extends RecordChange {
  before: R | null;
  after: R | null;
}

/** The events of one resource and the rule of which of them a change fires. */
export interface EventFamily {
  /** The collection whose changes fire these events. */
  collection: string;
  events: EventDefinition[];
  fired(change: Change): string[];
}

const str = { type: 'string' };
export const field = {
  string: str,
  number: { type: 'number' },
  integer: { type: 'integer' },
  nullableString: { type: ['string', 'null'] },
  timestamp: { type: 'string', format: 'date-time' },
  date: { type: 'string', format: 'date' },
  stringList: { type: 'array', items: str },
};

/**
 * An event's data fields, each named once: a schema (the record's field of the same name), or a
 * schema and where the value comes from (another field's name, or a function of the record).
 */
export type FieldMap<R extends Doc = Doc> = Record<string, JsonSchema | readonly [JsonSchema, string | ReadField<R>]>;
/**
 * Reads a value of the data from a record. Written as a method's type, whose parameters TypeScript
 * checks both ways, so the events of a resource typed by its records fit where any resource's do.
 */
type ReadField<R extends Doc> = { read(record: R, context: EventContext): unknown }['read'];

/** The schema of a data object and the function that builds it from a record, from one field map. */
export interface DataShape<R extends Doc = Doc> {
  schema: JsonSchema;
  data(record: R, context: EventContext): EventData;
  /** The map it was made from, to make a wider shape: `dataShape({ ...shape.fields, more })`. */
  fields: FieldMap<R>;
}

export function dataShape<R extends Doc = Doc>(fields: FieldMap<R>): DataShape<R> {
  const entries = Object.entries(fields).map(([name, spec]) => {
    const [schema, from = name] = isSourced(spec) ? spec : [spec];
    const read = typeof from === 'function' ? from : (record: R) => record[from];
    return { name, schema, read };
  });
  return {
    fields,
    schema: dataSchema(Object.fromEntries(entries.map(({ name, schema }) => [name, schema]))),
    data: (record, context) => Object.fromEntries(entries.map(({ name, read }) => [name, read(record, context)])),
  };
}

const isSourced = <R extends Doc>(
  spec: FieldMap<R>[string],
): spec is Extract<FieldMap<R>[string], readonly unknown[]> => Array.isArray(spec);

const dataSchema = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  properties,
  required: Object.keys(properties),
});

/** Fields of `after` that differ from `before`, for `*.updated` events. */
export function changedFields(before: Doc | null | undefined, after: Doc): string[] {
  if (!before) return [];
  return Object.keys(after).filter(
    (key) => key !== 'updatedAt' && JSON.stringify(after[key]) !== JSON.stringify(before[key]),
  );
}

/** An event of a resource's own, beside the created / updated / deleted and status events. */
export interface OwnEvent<R extends Doc = Doc> {
  name: string;
  description: string;
  schema: JsonSchema;
  data(record: R, context: EventContext): EventData;
}

/** What a resource definition says about its events. */
export interface ResourceEvents<R extends Doc = Doc> {
  /** Event name prefix: `invoice`, `store.order`. */
  prefix: string;
  /** The data of every event of the resource (its main fields). */
  fields: DataShape<R>;
  /** The data of `<prefix>.deleted`. */
  deleted: DataShape<R>;
  /** Events of its own, and which of them a change fires (beside the common ones). */
  own?: { events: OwnEvent<R>[]; fired(change: Change<R>): string[] };
}

/** What a resource's event family is made of: its name and label (the noun of the descriptions), events and lifecycle. */
export interface FamilySource {
  name: string;
  label: string;
  events: ResourceEvents;
  lifecycle?: Lifecycle;
}

/**
 * The created / updated / deleted events of a resource, one event per status of its lifecycle that
 * names one, and the resource's own events.
 */
export function recordFamily({ name: collection, label, events, lifecycle }: FamilySource): EventFamily {
  const { prefix, fields, deleted, own } = events;
  const aNoun = withArticle(label).replace(/^a/, 'A');
  const statusEvents = Object.entries(lifecycle?.statuses ?? {}).flatMap(([status, { event }]) =>
    event ? [{ status, suffix: event[0], description: event[1] }] : [],
  );
  const make = ({ name, description, schema, data }: OwnEvent): EventDefinition => ({
    name,
    description,
    resource: collection,
    source: collection,
    schema,
    data,
  });
  const list: EventDefinition[] = [
    make({ name: `${prefix}.created`, description: `${aNoun} was created.`, ...fields }),
    make({
      name: `${prefix}.updated`,
      description: `${aNoun} was changed; \`changedFields\` names what changed.`,
      ...dataShape({ ...fields.fields, changedFields: [field.stringList, (r, ctx) => changedFields(ctx.before, r)] }),
    }),
    make({ name: `${prefix}.deleted`, description: `${aNoun} was deleted.`, ...deleted }),
    // A status event's data says that status, also when `addon trigger` builds it from another record.
    ...statusEvents.map(({ status, suffix, description }) =>
      make({
        name: `${prefix}.${suffix}`,
        description,
        ...dataShape({ ...fields.fields, status: [field.string, () => status] }),
      }),
    ),
    ...(own?.events ?? []).map(make),
  ];
  return {
    collection,
    events: list,
    fired(change) {
      const { before, after } = change;
      if (!before && after) return [`${prefix}.created`];
      if (before && !after) return [`${prefix}.deleted`];
      // A PATCH that changed nothing fires nothing.
      if (!before || !after || changedFields(before, after).length === 0) return [];
      const moved = statusEvents.find(({ status }) => before.status !== after.status && after.status === status);
      return [`${prefix}.updated`, ...(moved ? [`${prefix}.${moved.suffix}`] : []), ...(own?.fired(change) ?? [])];
    },
  };
}
