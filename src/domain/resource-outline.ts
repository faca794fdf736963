import { statusesOf } from './lifecycle.js';
import type { ResourceDefinition } from './resource.js';
import type { JsonSchema } from './schema.js';

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
}

export function outlineOf(definition: ResourceDefinition): ResourceOutline {
  const { properties } = definition.recordSchema;
  const fields = Object.entries(properties).map(([name, schema]): FieldOutline => {
    const refersTo = definition.references[name];
    const format = typeof schema.format === 'string' ? schema.format : undefined;
    return { name, kind: kindOf(schema), ...(format ? { format } : {}), ...(refersTo ? { refersTo } : {}) };
  });
  return {
    name: definition.name,
    label: definition.label,
    idPrefix: definition.idPrefix,
    idPattern: String(properties._id.pattern),
    description: definition.description,
    fields,
    statuses: definition.lifecycle ? statusesOf(definition.lifecycle) : [],
  };
}

const KINDS: readonly FieldKind[] = ['string', 'number', 'integer', 'boolean', 'array', 'object'];

function kindOf(schema: JsonSchema): FieldKind {
  const types = [schema.type].flat().filter((type) => type !== 'null');
  const kind = types.find((type): type is FieldKind => KINDS.includes(type as FieldKind));
  return kind ?? 'string';
}
