// A resource's outline (GET /_emulator/resources) names the collection a field refers to only from
// the definition's own references: a field named like an Object.prototype member refers to nothing.
// It also says which fields the search matches, from the definitions.
import { expect, it } from 'vitest';
import { outlineOf } from '../../src/domain/resource-outline.js';
import type { ResourceDefinition } from '../../src/domain/resource.js';
import { RESOURCES } from '../../src/domain/resources/index.js';

it('gives a field named constructor or toString, in a record or in its list items, no refersTo', () => {
  const text = { type: 'string' };
  const definition = {
    name: 'gadgets',
    label: 'gadget',
    idPrefix: 'gad',
    description: 'Fields named as prototype members.',
    references: { owner: 'customers' },
    recordSchema: {
      properties: {
        _id: { type: 'string', pattern: '^gad_[A-Za-z0-9]+$' },
        owner: text,
        constructor: text,
        lines: { type: 'array', items: { type: 'object', properties: { constructor: text, toString: text } } },
      },
    },
  } as unknown as ResourceDefinition;
  const { fields } = outlineOf(definition);
  const byName = new Map(fields.map((field) => [field.name, field]));
  expect(byName.get('owner')).toMatchObject({ refersTo: 'customers' });
  expect(byName.get('constructor')).not.toHaveProperty('refersTo');
  expect(byName.get('lines')?.items).toEqual([
    { name: 'constructor', kind: 'string' },
    { name: 'toString', kind: 'string' },
  ]);
});

it("searches the definition's search fields, else the text columns that are no reference, date or status", () => {
  const search = Object.fromEntries(RESOURCES.map((definition) => [definition.name, outlineOf(definition).search]));
  expect(search).toEqual({
    customers: ['name', 'email', 'phone', 'company'],
    invoices: ['invoiceNumber', 'customerName'],
    products: ['name', 'sku', 'description'],
    expenses: ['description', 'vendor', 'category'],
    tickets: ['subject', 'assignee'],
    orders: ['orderNumber'],
  });
});
