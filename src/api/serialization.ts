import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { docText } from '../store/doc-text.js';
import type { Doc } from '../store/store.js';

/**
 * Every answer is written by `JSON.stringify`, as a route without a response schema is. The response
 * schemas stay what the OpenAPI document says and what the tests hold each answer to; the data has
 * their shape where it is made: a record has its schema's fields, in its order, as it is stored
 * (domain/collection-service.ts) or imported (state/state-check.ts), and every other answer is built
 * as a view of its schema's fields. So fastify's schema-compiled serializer (fast-json-stringify) had
 * nothing to take off or put in order. It built a body from thousands of concatenated pieces, which
 * the socket's write then had to join: under load, a page of 50 records spent ~21 µs a request in
 * the two, against ~9 µs for `JSON.stringify` and its write (CPU profiles, docs/performance.md).
 * Compiling it was also a share of each route's first answer.
 */
export const plainSerializerCompiler: FastifySerializerCompiler<unknown> = () => JSON.stringify;

/** The compiler above for every route of `app` (http-app.ts also hands it to fastify at construction). */
export function usePlainSerialization(app: FastifyInstance): void {
  app.setSerializerCompiler(plainSerializerCompiler);
}

/**
 * For the routes that answer with the store's own records, a record or a page of them under `data`
 * first (`{ data, total }`, `{ data }`): the same text as `JSON.stringify`, with each record's part its
 * kept text (store/doc-text.ts), so a page costs a join. Only for those routes: a view made for one
 * answer, or an object kept elsewhere and changed in place, must never be answered from a kept text.
 */
export const storedAnswerCompiler: FastifySerializerCompiler<unknown> = () => storedAnswerText;

export function storedAnswerText(payload: unknown): string {
  const data = dataFirst(payload);
  if (data === undefined) return JSON.stringify(payload);
  const body = Array.isArray(data) ? `[${data.map(docText).join(',')}]` : docText(data);
  const { data: _, ...rest } = payload as { data: unknown };
  const tail = JSON.stringify(rest); // `{}` or `{"total":2}`
  return tail === '{}' ? `{"data":${body}}` : `{"data":${body},${tail.slice(1)}`;
}

/** `payload.data`, when it is the payload's first key and a record or an array of records; else undefined. */
function dataFirst(payload: unknown): Doc | Doc[] | undefined {
  if (!isRecord(payload) || Object.keys(payload)[0] !== 'data') return undefined;
  const { data } = payload;
  if (Array.isArray(data)) return data.every(isRecord) ? (data as Doc[]) : undefined;
  return isRecord(data) ? (data as Doc) : undefined;
}

/** A plain object: what a stored record is (an array, a Date or a value with `toJSON` is not). */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { toJSON?: unknown }).toJSON !== 'function';
