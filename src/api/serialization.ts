import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { requireOnUse } from '../require-on-use.js';

type Compile = ReturnType<ReturnType<typeof import('@fastify/fast-json-stringify-compiler').SerializerSelector>>;

/**
 * fastify's own serializer factory; the routes' response schemas are inline, so none are shared.
 * Made on the first response that has a schema, and required then rather than imported: loading
 * fast-json-stringify was a share of every start, `addon exec -- true` included.
 */
let compile: Compile | undefined;
const serializerOf = (route: Parameters<Compile>[0]) => {
  if (!compile) {
    const { SerializerSelector } = requireOnUse(
      '@fastify/fast-json-stringify-compiler',
    ) as typeof import('@fastify/fast-json-stringify-compiler');
    compile = SerializerSelector()({}, {});
  }
  return compile(route);
};

/**
 * A route's response serializer is built on its first response, not at start-up: building every
 * route's took a twentieth of `addon dev`'s start (docs/performance.md), and a dev session answers
 * from few of the routes. The serializers are fastify's own, so responses are exactly the same.
 */
export const lazySerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  // fastify types httpStatus as optional; it always passes one to a serializer compiler.
  return (data) => (serialize ??= serializerOf(route as Parameters<Compile>[0]))(data);
};

/** The compiler above for every route of `app` (http-app.ts also hands it to fastify at construction). */
export function useLazySerialization(app: FastifyInstance): void {
  app.setSerializerCompiler(lazySerializerCompiler);
}
