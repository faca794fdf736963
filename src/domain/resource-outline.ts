import { statusesOf } from './lifecycle.js';
import type { ResourceDefinition } from './resource.js';
import { isMoney, type JsonSchema } from './schema.js';
import { propertiesOf, subschema } from './schema-parts.js';

// The host page imports the types (type-only), so the two cannot drift apart.

/** The kind of value a record's field holds, from its schema (`null` aside). */
export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';

export interface FieldOutline {
  name: string;
  kind: FieldKind;
  /** `date`, `date-time`, `email`, `uri`, when the schema names one. */
  format?: string;
  /** The collection whose record this field names (a `reference`), checked on every write. */
  refersTo?: string;
  /** An amount of money, in the record's `currency` (schema.ts's `money`). */
  money?: true;
  /** A list of objects (an invoice's lines): the fields of each. */
  items?: FieldOutline[];
}

/**
 * What the host page needs to show a resource's records as the service's web app does: its names,
 * the pattern of its ids (a value of that form anywhere in a record names one of its records), and
 * its record's fields in the order records show them. `GET /_emulator/resources` answers one a
 * resource, in the registry's order.
 */
export interface ResourceOutline {
  /** The collection: `invoices`. */
  name: string;
  /** Singular: `invoice`. */
  label: string;
  idPrefix: string;
  /** A record id's pattern: `^inv_[A-Za-z0-9]+$`. */
  idPattern: string;
  description: string;
  /** Every field of a stored record, `_id` first, then the field list, `status`, the timestamps. */
  fields: FieldOutline[];
  /** The lifecycle's statuses; empty without one. */
  statuses: string[];
  /** The fields a list of its records shows, in order: the definition's, else its first plain fields and status. */
  columns: string[];
  /**
   * The text fields `GET /_emulator/search` matches, the first naming a result: the definition's
   * `search`, else the plain text fields among the columns (no reference, date or status).
   */
  search: string[];
}

/** A list without columns of its definition's shows this many plain fields, and its status. */
const LIST_COLUMNS = 4;
/** The fields every record has, which such a list leaves out (the status has a column of its own). */
const META = new Set(['_id', 'status', 'createdAt', 'updatedAt']);
const SCALAR = new Set<FieldKind>(['string', 'number', 'integer', 'boolean']);

function defaultColumns(fields: readonly FieldOutline[]): string[] {
  const plain = fields.filter((field) => !META.has(field.name) && SCALAR.has(field.kind)).slice(0, LIST_COLUMNS);
  return [...plain, ...fields.filter((field) => field.name === 'status')].map((field) => field.name);
}

/** What a search may match without a definition's `search`: text a person types, not an id, a date or a status. */
function defaultSearch(fields: readonly FieldOutline[], columns: readonly string[]): string[] {
  const text = (field: FieldOutline) =>
    field.kind === 'string' && !field.refersTo && !META.has(field.name) && (!field.format || field.format === 'email');
  return columns.filter((name) => fields.some((field) => field.name === name && text(field)));
}

export function outlineOf(definition: ResourceDefinition): ResourceOutline {
  const { properties } = definition.recordSchema;
  const fields = fieldsOf(properties, definition.references);
  const columns = definition.columns ? [...definition.columns] : defaultColumns(fields);
  return {
    name: definition.name,
    label: definition.label,
    idPrefix: definition.idPrefix,
    idPattern: String(properties._id.pattern),
    description: definition.description,
    fields,
    statuses: definition.lifecycle ? statusesOf(definition.lifecycle) : [],
    columns,
    search: definition.search ? [...definition.search] : defaultSearch(fields, columns),
  };
}

/** `references`: the definition's, by field name; none for a list's items. */
function fieldsOf(properties: Record<string, unknown>, references?: Readonly<Record<string, string>>): FieldOutline[] {
  return Object.entries(properties).map(([name, part]): FieldOutline => {
    const schema = subschema(part);
    // Own keys only: a field named `constructor` must not find Object.prototype's.
    const refersTo = references && Object.hasOwn(references, name) ? references[name] : undefined;
    const format = typeof schema.format === 'string' ? schema.format : undefined;
    const items = itemProperties(schema);
    return {
      name,
      kind: kindOf(schema),
      ...(format ? { format } : {}),
      ...(refersTo ? { refersTo } : {}),
      ...(isMoney(schema) ? { money: true as const } : {}),
      ...(items ? { items: fieldsOf(items) } : {}),
    };
  });
}

/** The properties of each item of a list of objects, or undefined for any other schema. */
const itemProperties = (schema: JsonSchema): Record<string, unknown> | undefined =>
  propertiesOf(subschema(schema.items));

const KINDS: readonly FieldKind[] = ['string', 'number', 'integer', 'boolean', 'array', 'object'];
const isKind = (type: unknown): type is FieldKind => KINDS.some((kind) => kind === type);

function kindOf(schema: JsonSchema): FieldKind {
  const types = [schema.type].flat().filter((type) => type !== 'null');
  return types.find(isKind) ?? 'string';
}
