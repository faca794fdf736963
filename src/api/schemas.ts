import type { JsonSchema } from '../domain/schema.js';

/**
 * The names of the schemas the OpenAPI document lists as components (`Customer`, `Error`, ...): a
 * route keeps its schemas inline (they validate and serialize), and the document refers to a named
 * one wherever that same object appears.
 */
const NAMES = new WeakMap<object, string>();

/** Gives `schema` a name in the OpenAPI document; returns it unchanged. */
export function named<T extends JsonSchema>(name: string, schema: T): T {
  NAMES.set(schema, name);
  return schema;
}

export const nameOf = (schema: object): string | undefined => NAMES.get(schema);

/** Pagination (spec 4 leaves it open): `limit` 1-100, default 20; `offset` from 0. */
export const PAGE_LIMIT = { default: 20, maximum: 100 };

export const pageQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: PAGE_LIMIT.maximum,
      default: PAGE_LIMIT.default,
      description: 'page size',
    },
    offset: { type: 'integer', minimum: 0, default: 0, description: 'records to skip' },
  },
};

export const idParams: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['id'],
};

export const pageOf = (record: JsonSchema, description = 'A page of the list and its total'): JsonSchema => ({
  description,
  type: 'object',
  properties: { data: { type: 'array', items: record }, total: { type: 'integer' } },
  required: ['data', 'total'],
});

export const single = (record: JsonSchema, description = 'The record'): JsonSchema => ({
  description,
  type: 'object',
  properties: { data: record },
  required: ['data'],
});

export const errorResponse: JsonSchema = named('Error', {
  description: 'Error (the same shape for every status; see docs/api.md)',
  type: 'object',
  additionalProperties: true,
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    code: { type: 'string' },
    message: { type: 'string' },
  },
  required: ['statusCode', 'error', 'code', 'message'],
});

export const noContent: JsonSchema = { description: 'Deleted', type: 'null' };

/** `store order` → `StoreOrder`, `customers` → `Customers`: names in the OpenAPI document. */
export const pascalCase = (words: string): string =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
