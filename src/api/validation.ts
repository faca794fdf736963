import type { ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { compileSchema } from '../common/json/validator.js';

/**
 * Bodies are validated as sent, query strings and path parameters as text (src/common/json/validator.ts).
 *
 * A route's validator is compiled on its first request, not at start-up: compiling them all was a
 * tenth of `addon dev`'s start (docs/performance.md), and a dev session calls few of the routes.
 */
export const strictValidatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  let compiled: ValidateFunction | undefined;
  const validate = (data: unknown): boolean => {
    compiled ??= compileSchema(schema, httpPart === 'body' ? 'json' : 'text');
    const valid = compiled(data) as boolean;
    validate.errors = compiled.errors;
    return valid;
  };
  validate.errors = null as ValidateFunction['errors'];
  return validate;
};

/** The compiler above for every route of `app` (http-app.ts also hands it to fastify at construction). */
export function useStrictValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(strictValidatorCompiler);
}

/** A route's query string: its own parameters, if it has any, and no others. */
const NO_QUERY = { type: 'object', properties: {}, additionalProperties: false };

/**
 * Every route of `app` refuses a query parameter it does not take, as a 400 naming it (`bogus is not
 * a known field`), whether its schema lists parameters or it takes none: a misspelt `?limt=5` is
 * never quietly ignored. Added before the routes, it holds for every route the context registers.
 */
export function refuseUnknownQueries(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    // A CORS preflight carries the query of the call it asks about.
    if ([route.method].flat().includes('OPTIONS')) return;
    const query = route.schema?.querystring as { additionalProperties?: unknown } | undefined;
    if (query?.additionalProperties === false) return;
    route.schema = { ...route.schema, querystring: query ? { ...query, additionalProperties: false } : NO_QUERY };
  });
}
