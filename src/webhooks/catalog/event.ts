import type { ScopeResource } from '../../auth/scopes.js';
import { withArticle } from '../../errors.js';
import type { JsonSchema } from '../../domain/schema.js';
import type { Doc } from '../../store/store.js';

export type EventData = Record<string, unknown>;

/** One catalog entry: what an event means, who may receive it, and the shape of its `data`. */
export interface EventDefinition {
  name: string;
  description: string;
  /** A subscriber needs this resource's read scope (an add-on without it must not see its data). */
  resource: ScopeResource;
  /** The collection whose records the data is built from (`addon trigger` picks or makes one). */
  source: string;
  /** JSON schema of `data`. */
  schema: JsonSchema;
  data(record: Doc, context: EventContext): EventData;
}

export interface EventContext {
  /** Emulated time, ISO 8601. */
  now: string;
  newId(prefix: string): string;
  /** The record as it was before the change, for `*.updated` events. */
  before?: Doc | null;
}

export type { RecordChange as Change } from '../../domain/collection-service.js';
import type { RecordChange as Change } from '../../domain/collection-service.js';

/** The events of one resource family and the rule of which of them a change fires. */
export interface EventFamily {
  /** The collection whose changes fire these events. */
  collection: string;
  events: EventDefinition[];
  fired(change: Change): string[];
}

const str = { type: 'string' };
const num = { type: 'number' };
export const field = {
  string: str,
  number: num,
  integer: { type: 'integer' },
  nullableString: { type: ['string', 'null'] },
  timestamp: { type: 'string', format: 'date-time' },
  date: { type: 'string', format: 'date' },
  stringList: { type: 'array', items: str },
};

export const dataSchema = (properties: Record<string, JsonSchema>): JsonSchema => ({
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

interface FamilyOptions {
  /** Event name prefix: `invoice`, `store.order`. */
  prefix: string;
  /** Singular noun for descriptions. */
  noun: string;
  resource: ScopeResource;
  source: string;
  /** The data of every event of the family (the record's main fields). */
  base: { schema: Record<string, JsonSchema>; data(record: Doc): EventData };
  /** The data of `<prefix>.deleted`. */
  deleted: { schema: Record<string, JsonSchema>; data(record: Doc): EventData };
  /** Status -> event suffix and description, fired when a record moves into that status. */
  statuses?: Record<string, [suffix: string, description: string]>;
}

/**
 * The created / updated / deleted events of a resource and one event per status it can move into;
 * each family adds its own special events beside these.
 */
export function recordFamily(options: FamilyOptions): EventFamily {
  const { prefix, noun, resource, source, base, deleted, statuses = {} } = options;
  const aNoun = withArticle(noun).replace(/^a/, 'A');
  const make = (
    suffix: string,
    description: string,
    schema: Record<string, JsonSchema>,
    data: EventDefinition['data'],
  ) => ({
    name: `${prefix}.${suffix}`,
    description,
    resource,
    source,
    schema: dataSchema(schema),
    data,
  });
  const events: EventDefinition[] = [
    make('created', `${aNoun} was created.`, base.schema, (r) => base.data(r)),
    make(
      'updated',
      `${aNoun} was changed; \`changedFields\` names what changed.`,
      { ...base.schema, changedFields: field.stringList },
      (r, ctx) => ({ ...base.data(r), changedFields: changedFields(ctx.before, r) }),
    ),
    make('deleted', `${aNoun} was deleted.`, deleted.schema, (r) => deleted.data(r)),
    // A status event's data says that status, also when `addon trigger` builds it from another record.
    ...Object.entries(statuses).map(([status, [suffix, description]]) =>
      make(suffix, description, base.schema, (r) => ({ ...base.data(r), status })),
    ),
  ];
  return {
    collection: source,
    events,
    fired({ before, after }) {
      if (!before && after) return [`${prefix}.created`];
      if (before && !after) return [`${prefix}.deleted`];
      // A PATCH that changed nothing fires nothing.
      if (!before || !after || changedFields(before, after).length === 0) return [];
      const moved = before.status !== after.status ? statuses[after.status as string] : undefined;
      return [`${prefix}.updated`, ...(moved ? [`${prefix}.${moved[0]}`] : [])];
    },
  };
}
