import { describe, expect, it } from 'vitest';
import { inSchemaOrder } from '../../src/domain/schema-order.js';

const address = { type: ['object', 'null'], properties: { line1: {}, city: {}, country: {} } };
const record = {
  type: 'object',
  properties: { _id: {}, name: {}, address, lines: { type: 'array', items: { properties: { a: {}, b: {} } } } },
};

describe('inSchemaOrder', () => {
  it("puts each object's keys in its schema's order, at every depth, keeping what the schema does not name", () => {
    const sent = {
      lines: [{ b: 2, a: 1 }],
      extra: { z: 1, y: 2 },
      address: { country: 'US', city: 'Springfield', line1: '1 Main St' },
      name: 'Ada',
      _id: 'cus_1',
    };
    const ordered = inSchemaOrder(record, sent);
    expect(JSON.stringify(ordered)).toBe(
      '{"_id":"cus_1","name":"Ada","address":{"line1":"1 Main St","city":"Springfield","country":"US"},' +
        '"lines":[{"a":1,"b":2}],"extra":{"z":1,"y":2}}',
    );
    expect(ordered).toEqual(sent);
    expect(Object.keys(sent)[0]).toBe('lines'); // the value given is not changed
  });

  it('keeps null, absent fields and values of other types as they are', () => {
    expect(inSchemaOrder(record, { address: null, name: 'x' })).toEqual({ name: 'x', address: null });
    expect(inSchemaOrder(record, 'text')).toBe('text');
    expect(inSchemaOrder(record, { lines: 'not a list' })).toEqual({ lines: 'not a list' });
  });

  it('keeps a prototype-less map prototype-less, and a `__proto__` key as data', () => {
    const map = Object.assign(Object.create(null), { b: { y: 1, x: 2 }, a: { y: 3, x: 4 } });
    const ordered = inSchemaOrder({ additionalProperties: { properties: { x: {}, y: {} } } }, map);
    expect(Object.getPrototypeOf(ordered)).toBeNull();
    expect(JSON.stringify(ordered)).toBe('{"b":{"x":2,"y":1},"a":{"x":4,"y":3}}');

    const hostile = JSON.parse('{"__proto__":{"polluted":true},"name":"x"}');
    const kept = inSchemaOrder(record, hostile);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.keys(kept)).toEqual(['name', '__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
