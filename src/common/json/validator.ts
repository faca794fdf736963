import type { Ajv, ErrorObject, Options, ValidateFunction } from 'ajv';
import type { FieldProblem } from '../errors.js';
import { wordsOfPattern } from '../text/pattern-words.js';
import { requireOnUse } from '../require-on-use.js';

/**
 * ajv and ajv-formats (CommonJS) are required on the first compile, not imported: loading them was a
 * share of every start, `addon exec -- true` included, and most runs compile no schema.
 */
const loadAjv = () => ({
  Ajv: (requireOnUse('ajv') as typeof import('ajv')).Ajv,
  addFormats: requireOnUse('ajv-formats') as (ajv: Ajv) => Ajv,
});

const shared: Options = { allErrors: true, strict: false, removeAdditional: false };

/**
 * How a value is read. `json`: as it was sent (a body, a file), with no type coercion ("12" is not a
 * number) and no silent removal of unknown fields (they are refused, so a typo is never lost
 * quietly). `text`: query strings and path parameters, text by nature, where numbers are coerced
 * and defaults applied. Coercion and defaults are options of an ajv instance, not of a schema, so
 * the two readings are two instances.
 */
export type Reading = 'json' | 'text';

const READINGS: Record<Reading, Options> = {
  json: { ...shared, coerceTypes: false, useDefaults: false },
  text: { ...shared, coerceTypes: true, useDefaults: true },
};

/**
 * The process's JSON Schema validators, each made on first use: ajv caches what it compiled by
 * schema, and the schemas are module constants, so a second emulator in the same process (the test
 * harness starts many) compiles nothing again. Those of `trusted` schemas skip ajv's check of each
 * schema against JSON Schema's own meta-schema.
 */
const instances = new Map<string, Ajv>();

function ajv(reading: Reading, trusted: boolean): Ajv {
  const key = `${reading}${trusted ? ' trusted' : ''}`;
  let instance = instances.get(key);
  if (!instance) {
    const { Ajv, addFormats } = loadAjv();
    instance = addFormats(new Ajv({ ...READINGS[reading], ...(trusted && { validateSchema: false }) }));
    instances.set(key, instance);
  }
  return instance;
}

/**
 * The validator of `schema`; every problem it finds is reported, in schema order. A schema the kit
 * fixes in its own source (`trusted`: addon.config.json's, a fault rule's) is not checked against
 * JSON Schema's meta-schema first: compiling that check was most of the first compile in a process,
 * ~25 ms of every `addon exec` that reads an addon.config.json (docs/performance.md). A test checks
 * those schemas against the meta-schema instead (test/unit/validator.test.ts).
 */
export const compileSchema = <T = unknown>(
  schema: object,
  reading: Reading = 'json',
  { trusted = false }: { trusted?: boolean } = {},
): ValidateFunction<T> => ajv(reading, trusted).compile<T>(schema);

/** What the formatter reads of an ajv error (fastify hands on the same fields). */
export type SchemaError = Pick<ErrorObject, 'keyword' | 'instancePath' | 'params' | 'message'>;

/**
 * One validation error as a field and what is wrong with it, as a person would write them:
 * `/lineItems/0/quantity` is `lineItems[0].quantity` (under `root`, `data.lineItems[0].quantity`); a
 * missing or unknown field is named itself (`address.city is required`, `bogus is not a known
 * field`); the field is '' for the value as a whole.
 */
export function problemOf(error: SchemaError, root = ''): FieldProblem {
  const params = error.params as Record<string, unknown>;
  const named = params.missingProperty ?? params.additionalProperty;
  const segments = [...error.instancePath.split('/').slice(1), ...(typeof named === 'string' ? [named] : [])];
  const path = segments
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('');
  return { field: `${root}${path}`.replace(/^\./, ''), message: messageOf(error) };
}

/** One validation error in a line: `data.lineItems[0].quantity must be greater than 0`. */
export function describeError(error: SchemaError, root = '', whole = 'the document'): string {
  const { field, message } = problemOf(error, root);
  return `${field || whole} ${message}`;
}

const plural = (n: unknown, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

type Params = Record<string, unknown>;
const COMPARISONS: Params = { '<=': 'at most', '>=': 'at least', '<': 'less than', '>': 'greater than' };
const bound = (p: Params) => `must be ${COMPARISONS[p.comparison as string]} ${p.limit}`;
const atMost = (noun: string) => (p: Params) => `must have at most ${plural(p.limit, noun)}`;
/** At least one: nothing at all is what is wrong. */
const atLeast = (noun: string) => (p: Params) =>
  p.limit === 1 ? 'must not be empty' : `must have at least ${plural(p.limit, noun)}`;

const FORMAT_WORDS: Record<string, string> = {
  email: 'an email address',
  date: 'a date like 2026-11-24',
  'date-time': 'a date and time like 2026-11-24T09:30:00Z',
  uri: 'a URL',
};

/** Our words where ajv's read poorly (`must be <= 100`, `must NOT have more than 2 items`). */
const WORDS: Record<string, (params: Params) => string> = {
  required: () => 'is required',
  additionalProperties: () => 'is not a known field',
  enum: (p) => `must be one of ${(p.allowedValues as unknown[]).join(', ')}`,
  const: (p) => `must be ${JSON.stringify(p.allowedValue)}`,
  type: (p) => `must be ${String(p.type).split(',').join(' or ')}`,
  maximum: bound,
  minimum: bound,
  exclusiveMaximum: bound,
  exclusiveMinimum: bound,
  maxLength: atMost('character'),
  minLength: atLeast('character'),
  maxItems: atMost('item'),
  minItems: atLeast('item'),
  maxProperties: atMost('field'),
  minProperties: atLeast('field'),
  pattern: (p) => `must be ${wordsOfPattern(p.pattern as string)}`,
  format: (p) => `must be ${FORMAT_WORDS[p.format as string] ?? `in the ${String(p.format)} format`}`,
};

/** ajv's own message for the rest, the keywords no schema of ours uses. */
const messageOf = ({ keyword, params, message }: SchemaError): string =>
  WORDS[keyword]?.(params as Params) ?? message ?? 'is invalid';
