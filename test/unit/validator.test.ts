import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA } from '../../src/cli/config-schema.js';
import { FAULT_RULE_SCHEMA } from '../../src/faults/fault-rule.js';
import { wordedPattern } from '../../src/common/text/pattern-words.js';
import { compileSchema, describeError, problemOf } from '../../src/common/json/validator.js';

const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: ['string', 'null'], minLength: 1, maxLength: 3 },
    quantity: { type: 'integer', maximum: 5, exclusiveMinimum: 0 },
    rate: { type: 'number', minimum: 1, exclusiveMaximum: 2 },
    flag: { const: true },
    status: { enum: ['draft', 'sent'] },
    email: { type: 'string', format: 'email' },
    tags: { type: 'array', minItems: 2, maxItems: 3 },
    lines: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['qty'], properties: { qty: {} } },
    },
    values: { type: 'object', minProperties: 1, maxProperties: 1 },
  },
};

/** Every problem of `value`, each in one line. */
function problems(value: unknown, reading: 'json' | 'text' = 'json', root = ''): string[] {
  const validate = compileSchema(schema, reading);
  return validate(value) ? [] : validate.errors!.map((error) => describeError(error, root));
}

describe('a validation error in words', () => {
  it('names the field at fault, a missing or unknown one itself, in the notation of code', () => {
    expect(problems({ lines: [{ qty: 1 }, { bogus: 1 }], 'a/b': 1 })).toEqual([
      'name is required',
      'a/b is not a known field',
      'lines[1].qty is required',
      'lines[1].bogus is not a known field',
    ]);
    expect(problems({ name: 'x', lines: [{}] }, 'json', 'data')).toEqual(['data.lines[0].qty is required']);
    expect(problems('text')).toEqual(['the document must be object']);
    const validate = compileSchema(schema);
    validate([]);
    expect(problemOf(validate.errors![0])).toEqual({ field: '', message: 'must be object' });
    expect(describeError(validate.errors![0], '', 'the rule')).toBe('the rule must be object');
  });

  it('says bounds, lengths, counts, constants and choices as a person would', () => {
    expect(
      problems({
        name: 'long',
        quantity: 6,
        rate: 2,
        flag: false,
        status: 'paid',
        email: 'no',
        tags: [1],
        values: { a: 1, b: 2 },
      }),
    ).toEqual([
      'name must have at most 3 characters',
      'quantity must be at most 5',
      'rate must be less than 2',
      'flag must be true',
      'status must be one of draft, sent',
      'email must be an email address',
      'tags must have at least 2 items',
      'values must have at most 1 field',
    ]);
    expect(problems({ name: '', quantity: 0, rate: 0, tags: [1, 2, 3, 4], values: {} })).toEqual([
      'name must not be empty',
      'quantity must be greater than 0',
      'rate must be at least 1',
      'tags must have at most 3 items',
      'values must not be empty',
    ]);
    expect(problems({ name: 1, quantity: 1.5 })).toEqual(['name must be string or null', 'quantity must be integer']);
  });

  it('says what a pattern means, never the pattern itself', () => {
    const worded = wordedPattern('^[A-Z]{3}$', 'a three-letter code like USD');
    const validate = compileSchema({
      type: 'object',
      properties: { code: { type: 'string', pattern: worded }, other: { type: 'string', pattern: '^x+$' } },
    });
    expect(validate({ code: 'usd', other: 'y' })).toBe(false);
    const said = validate.errors!.map((error) => describeError(error));
    expect(said).toEqual([
      'code must be a three-letter code like USD',
      'other must be in the form the field takes (see the docs)',
    ]);
    expect(said.join('\n')).not.toMatch(/\^|\$|\[A-Z\]/);
  });

  it('reads text as text: numbers are coerced there, never in JSON as sent', () => {
    expect(problems({ name: 'x', quantity: '2' }, 'text')).toEqual([]);
    expect(problems({ name: 'x', quantity: '2' })).toEqual(['quantity must be integer']);
  });
});

describe("the kit's own schemas, which compileSchema takes as trusted", () => {
  it('are valid JSON Schema: ajv checks them against its meta-schema here, not at each start', () => {
    const ajv = new Ajv({ strict: false });
    for (const [name, own] of Object.entries({ CONFIG_SCHEMA, FAULT_RULE_SCHEMA })) {
      expect(ajv.validateSchema(own), `${name}: ${JSON.stringify(ajv.errors)}`).toBe(true);
    }
  });

  it('validate as any other: a bad addon.config.json is refused in words', () => {
    const validate = compileSchema(CONFIG_SCHEMA, 'json', { trusted: true });
    expect(validate({ port: 70000, bogus: 1 })).toBe(false);
    expect(validate.errors!.map((error) => describeError(error))).toEqual([
      'bogus is not a known field',
      'port must be at most 65535',
    ]);
  });
});
