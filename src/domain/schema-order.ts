import { isJsonObject } from '../common/json/json-bounds.js';
import type { JsonSchema } from './schema.js';
import { propertiesOf, subschema } from './schema-parts.js';

/**
 * `value` with each object whose schema lists `properties` in that order (then any others, as they
 * were), at every depth its schema describes. Answers are written by `JSON.stringify`
 * (api/serialization.ts), which keeps an object's order: a record is put in its schema's order where
 * it is made (a create or update, a state file's import), so an answer's fields come in the order
 * the OpenAPI document gives them, whatever order a request or a file sent them in.
 *
 * A value the schema does not describe is kept as it is; a prototype-less object (the state file's
 * maps) stays prototype-less, and a `__proto__` key sent as data stays data.
 */
export function inSchemaOrder<T>(schema: JsonSchema, value: T): T {
  // The value itself, or a copy whose objects hold the same keys and values in another order: a T still.
  return ordered(schema, value) as T;
}

function ordered(schema: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value)) {
    if (!schema.items) return value;
    const items = subschema(schema.items);
    return value.map((item: unknown) => ordered(items, item));
  }
  if (!isJsonObject(value)) return value;
  const properties = propertiesOf(schema) ?? {};
  const others = isJsonObject(schema.additionalProperties) ? schema.additionalProperties : null;
  if (!schema.properties && !others) return value;
  const result: Record<string, unknown> = Object.getPrototypeOf(value) === null ? Object.create(null) : {};
  for (const key of Object.keys(properties))
    if (Object.hasOwn(value, key)) put(result, key, ordered(subschema(properties[key]), value[key]));
  for (const key of Object.keys(value))
    if (!Object.hasOwn(properties, key)) put(result, key, others ? ordered(others, value[key]) : value[key]);
  return result;
}

/** Assigned (an object V8 keeps fast), but defined for `__proto__`, which assigning would make the prototype. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
