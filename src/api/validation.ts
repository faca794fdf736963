import type { ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { validators } from '../domain/validator.js';

/**
 * Bodies are validated as sent: no type coercion ("12" is not a number) and no silent removal of
 * unknown fields (they are a 400, so a typo is never lost quietly). Query strings and path
 * parameters are text by nature, so there numbers are coerced and defaults applied.
 *
 * A route's validator is compiled on its first request, not at start-up: compiling them all was a
 * tenth of `addon dev`'s start (docs/performance.md), and a dev session calls few of the routes.
 */
export function useStrictValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    let compiled: ValidateFunction | undefined;
    const validate = (data: unknown): boolean => {
      compiled ??= (httpPart === 'body' ? validators().json : validators().text).compile(schema);
      const valid = compiled(data) as boolean;
      validate.errors = compiled.errors;
      return valid;
    };
    validate.errors = null as ValidateFunction['errors'];
    return validate;
  });
}
