import type { ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { compileSchema } from '../domain/validator.js';

/**
 * Bodies are validated as sent, query strings and path parameters as text (domain/validator.ts).
 *
 * A route's validator is compiled on its first request, not at start-up: compiling them all was a
 * tenth of `addon dev`'s start (docs/performance.md), and a dev session calls few of the routes.
 */
export function useStrictValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    let compiled: ValidateFunction | undefined;
    const validate = (data: unknown): boolean => {
      compiled ??= compileSchema(schema, httpPart === 'body' ? 'json' : 'text');
      const valid = compiled(data) as boolean;
      validate.errors = compiled.errors;
      return valid;
    };
    validate.errors = null as ValidateFunction['errors'];
    return validate;
  });
}
