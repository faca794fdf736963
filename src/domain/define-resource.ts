import type { Static, TSchema, TString } from '@sinclair/typebox';
import type { Doc } from '../store/store.js';
import type { ResourceEvents } from './event-family.js';
import {
  REFERS_TO,
  withoutDefault,
  type CreateOf,
  type Field,
  type FieldList,
  type PatchOf,
  type StoredOf,
} from './fields.js';
import { statusesOf, type Lifecycle } from './lifecycle.js';
import type {
  Fields,
  NewFields,
  ResourceContext,
  ResourceDefinition,
  ResourceRef,
  Samples,
  TimeRule,
} from './resource.js';
import { id, nullable, object, oneOf, timestamp, type JsonSchema } from './schema.js';

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Status<S extends string> = [S] extends [never] ? unknown : { status: S };

/** A stored record: the emulator's id, the field list's fields, the lifecycle's status, and timestamps. */
export type RecordOf<F extends FieldList, S extends string = never> = Simplify<
  { _id: string } & StoredOf<F> & Status<S> & { createdAt: string; updatedAt: string }
>;
/** The field names whose create-body schema has a `default` (`withDefault`): present once defaults are applied. */
type DefaultedKeys<F extends FieldList> = {
  [K in keyof F]: F[K]['input'] extends { default: unknown } ? K : never;
}[keyof F];
/** A create body as the rules receive it: defaults applied, the status set. */
export type PreparedOf<F extends FieldList, S extends string = never> = Simplify<
  CreateOf<F> & {
    [K in Extract<DefaultedKeys<F>, keyof CreateOf<F>>]-?: Exclude<CreateOf<F>[K], undefined>;
  } & Status<S>
>;
export type PatchBodyOf<F extends FieldList, S extends string = never> = Simplify<
  PatchOf<F> & ([S] extends [never] ? unknown : { status?: S })
>;

/** A resource's field list and rules, from which `defineResource` derives its schemas and types. */
export interface ResourceSpec<
  F extends FieldList,
  S extends string,
  R extends Doc,
  C extends Fields,
  P extends Fields,
> {
  name: string;
  label: string;
  idPrefix: string;
  description: string;
  /** Every field, in the order records show them; `required`, `optional`, `filled`, `computed` (fields.ts). */
  fields: F;
  /**
   * The fields a list of its records shows, in order, the first leading to the record (the host
   * page's lists); without it, the first few plain fields and the status (resource-outline.ts).
   */
  columns?: readonly (Extract<keyof F, string> | ([S] extends [never] ? never : 'status'))[];
  /**
   * The text fields the host page's search matches, the first naming a result (`GET
   * /_emulator/search`); without it, the plain text fields among the columns (resource-outline.ts).
   */
  search?: readonly Extract<keyof F, string>[];
  lifecycle?: Lifecycle<S>;
  // The types of records and bodies come from the fields and the lifecycle alone (NoInfer), never from
  // what the rules happen to accept.
  timeRules?: readonly TimeRule<NoInfer<R>, NoInfer<P>>[];
  create?(input: NoInfer<C>, ctx: ResourceContext): NewFields<NoInfer<R>>;
  update?(current: NoInfer<R>, patch: NoInfer<P>, ctx: ResourceContext): NewFields<NoInfer<R>>;
  events: ResourceEvents<NoInfer<R>>;
  samples: Samples<CreateOf<F>, NoInfer<S>>;
}

/**
 * A resource from one field list: the create body (input fields, those named `required` required),
 * the PATCH body (every input field optional, without defaults, null allowed where the record may hold
 * null, at least one field), the stored record (`_id` with the resource's prefix, every field, the
 * lifecycle's status, timestamps), the references (fields made with `reference`), and the TypeScript
 * types of all three, so the rules are checked against the schemas that validate the requests.
 */
export function defineResource<
  const F extends FieldList,
  const S extends string = never,
  R extends Doc = RecordOf<F, S>,
  C extends Fields = PreparedOf<F, S>,
  P extends Fields = PatchBodyOf<F, S>,
>(spec: ResourceSpec<F, S, R, C, P>): ResourceDefinition<R, C, P> {
  const { fields, lifecycle, idPrefix } = spec;
  const entries = Object.entries<Field>(fields);
  const inputs = entries.flatMap(([name, field]) => (isInput(field) ? ([[name, field]] as const) : []));
  // Every status, in the record and in a PATCH; nothing without a lifecycle.
  const status: Record<string, JsonSchema> = lifecycle ? { status: oneOf(statusesOf(lifecycle)) } : {};
  const startIn: Record<string, JsonSchema> = lifecycle?.startIn?.length
    ? { status: oneOf(lifecycle.startIn, { default: lifecycle.initial, description: 'initial status' }) }
    : {};

  const createSchema = object(
    { ...Object.fromEntries(inputs.map(([name, field]) => [name, field.input])), ...startIn },
    inputs.filter(([, field]) => field.required).map(([name]) => name),
  );
  const clearable = (field: InputField) => isNullable(field.stored);
  const updateSchema = {
    ...object({
      ...Object.fromEntries(
        inputs.map(([name, field]) => {
          const schema = withoutDefault(field.input);
          return [name, clearable(field) ? nullable(schema) : schema];
        }),
      ),
      ...status,
    }),
    minProperties: 1,
  };
  const stored = {
    _id: id(idPrefix),
    ...Object.fromEntries(entries.map(([name, field]) => [name, field.stored])),
    ...status,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  const recordSchema = object(stored, Object.keys(stored));
  const references = Object.fromEntries(
    entries.flatMap(([name, field]) => (field.refersTo ? [[name, field.refersTo]] : [])),
  );

  return { ...spec, createSchema, updateSchema, recordSchema, references, lifecycle };
}

type InputField = Field<TSchema, TSchema>;

const isInput = (field: Field): field is InputField => field.input !== null;

const isNullable = (schema: TSchema): boolean => [schema.type].flat().includes('null');

/**
 * The id of a record of another resource: its schema reads the prefix off that resource's definition,
 * and a field made of it (at the top of the field list) is checked on every write.
 */
export const reference = <T extends Doc>(
  resource: ResourceRef<T> & { idPrefix: string },
  description?: string,
): TString => Object.assign(id(resource.idPrefix), description ? { description } : {}, { [REFERS_TO]: resource.name });

export type { Static };
