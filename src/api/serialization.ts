import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyInstance } from 'fastify';

/** fastify's own serializer factory; the routes' response schemas are inline, so none are shared. */
const compile = SerializerSelector()({}, {});

/**
 * A route's response serializer is built on its first response, not at start-up: building every
 * route's took a twentieth of `addon dev`'s start (docs/performance.md), and a dev session answers
 * from few of the routes. The serializers are fastify's own, so responses are exactly the same.
 */
export function useLazySerialization(app: FastifyInstance): void {
  app.setSerializerCompiler((route) => {
    let serialize: ((data: unknown) => string) | undefined;
    // fastify types httpStatus as optional; it always passes one to a serializer compiler.
    return (data) => (serialize ??= compile(route as Parameters<typeof compile>[0]))(data);
  });
}
