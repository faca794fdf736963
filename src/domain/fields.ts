import type { Static, TSchema, TUnsafe } from '@sinclair/typebox';
import { nullable } from './schema.js';

/**
 * One field of a resource, said once: what a create body may hold there (`input`, or nothing for a
 * field the emulator computes), whether a create must name it, and what every stored record holds
 * there (`stored`). The create and PATCH bodies, the record and their TypeScript types are all read
 * off the field list (define-resource.ts).
 */
export interface Field<
  In extends TSchema | null = TSchema | null,
  Stored extends TSchema = TSchema,
  Required extends boolean = boolean,
> {
  readonly input: In;
  readonly required: Required;
  readonly stored: Stored;
  /** The collection an id field refers to: each write checks the record is in the organization. */
  readonly refersTo?: string;
}

export type FieldList = Record<string, Field>;

/** A field every create body names; `stored` where the record holds it otherwise (priced lines). */
export function required<S extends TSchema>(schema: S): Field<S, S, true>;
export function required<S extends TSchema, St extends TSchema>(schema: S, stored: St): Field<S, St, true>;
export function required(schema: TSchema, stored = schema): Field<TSchema, TSchema, true> {
  return { input: schema, required: true, stored, refersTo: referenceOf(schema) };
}

/** A field a create body may leave out: stored as null then, and a PATCH may set it back to null. */
export const optional = <S extends TSchema>(schema: S): Field<S, TUnsafe<Static<S> | null>, false> => ({
  input: schema,
  required: false,
  stored: nullable(schema),
  refersTo: referenceOf(schema),
});

/** A field a create body may leave out, for the schema's `default` (or the rules) to fill: never null. */
export function filled<S extends TSchema>(schema: S): Field<S, S, false>;
export function filled<S extends TSchema, St extends TSchema>(schema: S, stored: St): Field<S, St, false>;
export function filled(schema: TSchema, stored = withoutDefault(schema)): Field<TSchema, TSchema, false> {
  return { input: schema, required: false, stored, refersTo: referenceOf(schema) };
}

/** A field only the emulator writes (numbers, totals, timestamps): in the record, never in a body. */
export const computed = <St extends TSchema>(stored: St): Field<null, St, false> => ({
  input: null,
  required: false,
  stored,
});

/** A schema with a `default` the create body takes when it leaves the field out. */
export const withDefault = <S extends TSchema>(schema: S, value: Static<S>): S & { default: Static<S> } => ({
  ...schema,
  default: value,
});

/** The schema without its default: a record or a PATCH has none (a PATCH changes only what it names). */
export function withoutDefault<S extends TSchema>(schema: S): S {
  const { default: _default, ...rest } = schema;
  // The same schema less a default: it accepts the same values, so it has the same type.
  return rest as S;
}

/** Marks an id schema as naming a record of `collection` (`reference()` in define-resource.ts makes these). */
export const REFERS_TO: unique symbol = Symbol('refersTo');
// TypeScript keeps no symbol keys on a schema's type: `reference` sets this one, to a collection's name.
const referenceOf = (schema: TSchema): string | undefined => {
  const collection = REFERS_TO in schema ? schema[REFERS_TO] : undefined;
  return typeof collection === 'string' ? collection : undefined;
};

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type InputKeys<F extends FieldList> = { [K in keyof F]: F[K]['input'] extends TSchema ? K : never }[keyof F];
type RequiredKeys<F extends FieldList> = {
  [K in keyof F]: F[K]['input'] extends TSchema ? (F[K]['required'] extends true ? K : never) : never;
}[keyof F];
type InputOf<F extends FieldList, K extends keyof F> = F[K]['input'] extends TSchema ? Static<F[K]['input']> : never;
type Nullable<F extends FieldList, K extends keyof F> = null extends Static<F[K]['stored']> ? null : never;

/** The body of a create, as the schema lets it through (defaults not yet applied). */
export type CreateOf<F extends FieldList> = Simplify<
  { [K in RequiredKeys<F>]: InputOf<F, K> } & { [K in Exclude<InputKeys<F>, RequiredKeys<F>>]?: InputOf<F, K> }
>;
/** The body of a PATCH: any input field, null where the record may hold null. */
export type PatchOf<F extends FieldList> = Simplify<{ [K in InputKeys<F>]?: InputOf<F, K> | Nullable<F, K> }>;
/** The stored fields of a record, without the emulator's `_id` and timestamps. */
export type StoredOf<F extends FieldList> = Simplify<{ -readonly [K in keyof F]: Static<F[K]['stored']> }>;
