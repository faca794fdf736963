/** JSON-schema building blocks shared by the resource definitions (and so by the OpenAPI document). */
export type JsonSchema = Record<string, unknown>;

export const text = (maxLength: number, extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  maxLength,
  ...extra,
});
export const requiredText = (maxLength: number): JsonSchema => text(maxLength, { minLength: 1 });
export const nullable = (schema: JsonSchema): JsonSchema => ({ ...schema, type: [schema.type, 'null'] });
export const money: JsonSchema = { type: 'number', minimum: 0, maximum: 1e12 };
export const currency: JsonSchema = {
  type: 'string',
  pattern: '^[A-Z]{3}$',
  default: 'USD',
  description: 'ISO 4217 code',
};
export const date: JsonSchema = { type: 'string', format: 'date', description: 'YYYY-MM-DD' };
export const timestamp: JsonSchema = { type: 'string', format: 'date-time' };
export const id = (prefix: string): JsonSchema => ({
  type: 'string',
  pattern: `^${prefix}_[A-Za-z0-9]+$`,
  maxLength: 64,
});
export const oneOf = (values: readonly string[], extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  enum: [...values],
  ...extra,
});

export const address: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    line1: text(200),
    line2: text(200),
    city: text(100),
    region: text(100),
    postalCode: text(20),
    country: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 code' },
  },
};

export const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  properties,
  ...(required.length ? { required } : {}),
});

/**
 * The PATCH body of a resource: its create body with every field optional and no defaults (a PATCH
 * changes only what it names), and at least one field. Where the stored record may hold null (an
 * optional field left out), a PATCH may set null to clear it.
 */
export function patchOf(fields: Record<string, JsonSchema>, record: JsonSchema): JsonSchema {
  const stored = record.properties as Record<string, JsonSchema>;
  const properties = Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => {
      const { default: _default, ...rest } = schema;
      const clearable = ([] as unknown[]).concat(stored[name]?.type).includes('null');
      return [name, clearable ? nullable(rest) : rest];
    }),
  );
  return { type: 'object', additionalProperties: false, minProperties: 1, properties };
}

/** The stored record: the create fields (nullable where optional) plus the emulator's own. */
export function recordOf(prefix: string, properties: Record<string, JsonSchema>): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: { _id: id(prefix), ...properties, createdAt: timestamp, updatedAt: timestamp },
    required: ['_id', ...Object.keys(properties), 'createdAt', 'updatedAt'],
  };
}

/** `input` with the `default` of every top-level property it leaves out: the schema says each default once. */
export function withDefaults(schema: JsonSchema, input: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const defaults = Object.entries(properties).flatMap(([name, property]) =>
    input[name] === undefined && property.default !== undefined ? [[name, structuredClone(property.default)]] : [],
  );
  return { ...input, ...Object.fromEntries(defaults) };
}

/**
 * The stored fields of a record, in the record schema's order: optional fields left out are stored
 * as null, so every record of a resource has the same keys. `_id` and the timestamps are the store's.
 */
export function storedFields(record: JsonSchema, fields: Record<string, unknown>): Record<string, unknown> {
  const names = Object.keys(record.properties as object).filter(
    (name) => !['_id', 'createdAt', 'updatedAt'].includes(name),
  );
  return Object.fromEntries(names.map((name) => [name, fields[name] === undefined ? null : fields[name]]));
}
