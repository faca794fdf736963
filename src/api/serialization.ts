import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';

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
