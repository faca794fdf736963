import type { JsonSchema } from '../domain/schema.js';

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

export const pageOf = (record: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { data: { type: 'array', items: record }, total: { type: 'integer' } },
  required: ['data', 'total'],
});

export const single = (record: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { data: record },
  required: ['data'],
});

export const errorResponse: JsonSchema = {
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
};

export const noContent: JsonSchema = { description: 'Deleted', type: 'null' };
