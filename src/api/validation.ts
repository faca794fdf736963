import { Ajv, type Options } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

const shared: Options = { allErrors: true, strict: false, removeAdditional: false };

/**
 * Bodies are validated as sent: no type coercion ("12" is not a number) and no silent removal of
 * unknown fields (they are a 400, so a typo is never lost quietly). Query strings and path
 * parameters are text by nature, so there numbers are coerced and defaults applied.
 */
export function useStrictValidation(app: FastifyInstance): void {
  const body = addFormats(new Ajv({ ...shared, coerceTypes: false, useDefaults: false }));
  const text = addFormats(new Ajv({ ...shared, coerceTypes: true, useDefaults: true }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? body : text).compile(schema));
}
