import type { ResourceDefinition } from '../resource.js';
import { merge, orNull } from '../resource.js';
import { currency, money, nullable, object, patchOf, recordOf, requiredText, text } from '../schema.js';

const fields = {
  name: requiredText(200),
  sku: text(64),
  description: text(2000),
  unitPrice: money,
  currency,
  taxRate: { type: 'number', minimum: 0, maximum: 100, default: 0, description: 'percent' },
  stockQuantity: { type: 'integer', minimum: 0, maximum: 1e9, default: 0 },
  lowStockThreshold: { type: 'integer', minimum: 0, maximum: 1e9, default: 5 },
  isActive: { type: 'boolean', default: true },
};

const recordSchema = recordOf('prod', {
  ...fields,
  sku: nullable(fields.sku),
  description: nullable(fields.description),
});

export const products: ResourceDefinition = {
  name: 'products',
  label: 'product',
  idPrefix: 'prod',
  description: 'Goods and services the organization sells, with stock levels.',
  createSchema: object(fields, ['name', 'unitPrice']),
  updateSchema: patchOf(fields, recordSchema),
  recordSchema,
  create: (input) => ({
    name: input.name,
    sku: orNull(input.sku),
    description: orNull(input.description),
    unitPrice: input.unitPrice,
    currency: input.currency ?? 'USD',
    taxRate: input.taxRate ?? 0,
    stockQuantity: input.stockQuantity ?? 0,
    lowStockThreshold: input.lowStockThreshold ?? 5,
    isActive: input.isActive ?? true,
  }),
  update: (current, patch) => merge(current, patch),
};
