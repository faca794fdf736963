import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

const shared: Options = { allErrors: true, strict: false, removeAdditional: false };

/**
 * One pair per process, made on first use: ajv caches what it compiled by schema, and the route
 * schemas are module constants, so a second emulator in the same process (the test harness starts
 * many) compiles nothing again.
 */
let compilers: { body: Ajv; text: Ajv } | null = null;
const ajv = () =>
  (compilers ??= {
    body: addFormats(new Ajv({ ...shared, coerceTypes: false, useDefaults: false })),
    text: addFormats(new Ajv({ ...shared, coerceTypes: true, useDefaults: true })),
  });

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
      compiled ??= (httpPart === 'body' ? ajv().body : ajv().text).compile(schema);
      const valid = compiled(data) as boolean;
      validate.errors = compiled.errors;
      return valid;
    };
    validate.errors = null as ValidateFunction['errors'];
    return validate;
  });
}
