import type { JsonSchema } from './schema.js';

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
  if (Array.isArray(value)) {
    const items = schema.items as JsonSchema | undefined;
    return (items ? value.map((item: unknown) => inSchemaOrder(items, item)) : value) as T;
  }
  if (typeof value !== 'object' || value === null) return value;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const others = typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as JsonSchema) : null;
  if (!schema.properties && !others) return value;
  const source = value as Record<string, unknown>;
  const ordered = (Object.getPrototypeOf(value) === null ? Object.create(null) : {}) as Record<string, unknown>;
  for (const key of Object.keys(properties))
    if (Object.hasOwn(source, key)) put(ordered, key, inSchemaOrder(properties[key]!, source[key]));
  for (const key of Object.keys(source))
    if (!Object.hasOwn(properties, key)) put(ordered, key, others ? inSchemaOrder(others, source[key]) : source[key]);
  return ordered as T;
}

/** Assigned (an object V8 keeps fast), but defined for `__proto__`, which assigning would make the prototype. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
