import { Type, type Static, type TObject, type TProperties, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { wordedPattern } from '../common/text/pattern-words.js';

/**
 * JSON-schema building blocks of the resource definitions (and so of the OpenAPI document). They are
 * TypeBox schemas: plain JSON Schema at run time, whose TypeScript type (`Static<typeof schema>`) is
 * the value it accepts, so a definition's schemas and its types are one fact (docs/architecture.md).
 */
export type JsonSchema = Record<string, unknown>;
/** An object's schema, whose properties a resource's rules read (defaults, stored fields). */
export interface ObjectSchema extends JsonSchema {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required?: string[];
}
export type { Static, TSchema };

export const text = (maxLength: number, extra: JsonSchema = {}) => Type.String({ maxLength, ...extra });
export const requiredText = (maxLength: number) => text(maxLength, { minLength: 1 });
/**
 * Marks a number schema as an amount of money in its record's `currency`, so the host page formats
 * it as money (resource-outline.ts). A symbol key: spreads keep it, but JSON (the OpenAPI document)
 * and ajv never see it, so it changes no contract.
 */
export const MONEY: unique symbol = Symbol('money');
export const isMoney = (schema: object): boolean => MONEY in schema && schema[MONEY] === true;
export const money = Type.Number({ minimum: 0, maximum: 1e12, [MONEY]: true });
export const currency = Type.String({
  pattern: wordedPattern('^[A-Z]{3}$', 'a three-letter ISO 4217 code like USD'),
  description: 'ISO 4217 code',
});
export const date = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
export const timestamp = Type.String({ format: 'date-time' });
export const ID_PATTERN = '[A-Za-z0-9]+';
/** The id of a record whose resource has this prefix: `cus_8f3a2b1c9d0e4f5a`. */
export const id = (prefix: string) =>
  Type.String({ pattern: wordedPattern(`^${prefix}_${ID_PATTERN}$`, `an id like ${prefix}_0a1b2c3d`), maxLength: 64 });

/** One of a list of strings, as `enum` (which words its errors better than TypeBox's union of literals). */
export const oneOf = <const V extends readonly string[]>(values: V, extra: JsonSchema = {}): TUnsafe<V[number]> =>
  Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...extra });

/**
 * The schema, or null: `type: [t, 'null']`, as the platform's documents write it, rather than TypeBox's
 * `anyOf`, whose errors name both branches.
 */
export const nullable = <S extends TSchema>(schema: S): TUnsafe<Static<S> | null> =>
  Type.Unsafe<Static<S> | null>({ ...schema, type: [schema.type, 'null'] });

/** An object with exactly these properties: unknown fields are refused, never dropped quietly. */
export const strict = <P extends TProperties>(properties: P): TObject<P> =>
  Type.Object(properties, { additionalProperties: false });

export const address = strict({
  line1: Type.Optional(text(200)),
  line2: Type.Optional(text(200)),
  city: Type.Optional(text(100)),
  region: Type.Optional(text(100)),
  postalCode: Type.Optional(text(20)),
  country: Type.Optional(
    Type.String({
      pattern: wordedPattern('^[A-Z]{2}$', 'a two-letter ISO 3166-1 code like DE'),
      description: 'ISO 3166-1 alpha-2 code',
    }),
  ),
});

/** A plain object schema, of the control API's bodies and queries and of the schemas `defineResource` derives. */
export const object = (properties: Record<string, JsonSchema>, required: string[] = []): ObjectSchema => ({
  type: 'object',
  additionalProperties: false,
  properties,
  ...(required.length ? { required } : {}),
});

/** `input` with the `default` of every top-level property it leaves out: the schema says each default once. */
export function withDefaults<T extends Record<string, unknown>>(schema: ObjectSchema, input: T): T {
  const defaults = Object.entries(schema.properties).flatMap(([name, property]) =>
    input[name] === undefined && property.default !== undefined ? [[name, structuredClone(property.default)]] : [],
  );
  return { ...input, ...Object.fromEntries(defaults) };
}
