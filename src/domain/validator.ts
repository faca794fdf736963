import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsPlugin from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

const shared: Options = { allErrors: true, strict: false, removeAdditional: false };

/**
 * The JSON Schema validators, one pair per process, made on first use: ajv caches what it compiled
 * by schema, and the schemas are module constants, so a second emulator in the same process (the
 * test harness starts many) compiles nothing again.
 *
 * `json` checks a document as it was sent: no type coercion ("12" is not a number) and no silent
 * removal of unknown fields (they are refused, so a typo is never lost quietly). `text` is for query
 * strings and path parameters, text by nature: there numbers are coerced and defaults applied.
 */
let compilers: { json: Ajv; text: Ajv } | null = null;
export const validators = (): { json: Ajv; text: Ajv } =>
  (compilers ??= {
    json: addFormats(new Ajv({ ...shared, coerceTypes: false, useDefaults: false })),
    text: addFormats(new Ajv({ ...shared, coerceTypes: true, useDefaults: true })),
  });

/**
 * One validation error in words, its place written as a person would: `/lineItems/0/quantity` under
 * `data` is `data.lineItems[0].quantity must be > 0`; an unknown field and allowed values are named.
 */
export function describeError(error: ErrorObject, root = ''): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('');
  const where = `${root}${path}`.replace(/^\./, '') || 'the document';
  const params = error.params as { additionalProperty?: string; allowedValues?: unknown[] };
  const detail = params.additionalProperty
    ? ` (${JSON.stringify(params.additionalProperty)})`
    : params.allowedValues
      ? `: ${params.allowedValues.join(', ')}`
      : '';
  return `${where} ${error.message}${detail}`;
}
