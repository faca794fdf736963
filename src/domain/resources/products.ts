import { dataShape, field, type Change } from '../event-family.js';
import { nth, type ResourceDefinition } from '../resource.js';
import { currency, money, nullable, object, patchOf, recordOf, requiredText, text } from '../schema.js';
import type { Doc } from '../../store/store.js';

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

const eventData = dataShape({
  productId: [field.string, '_id'],
  name: field.string,
  sku: field.nullableString,
  unitPrice: field.number,
  currency: field.string,
  stockQuantity: field.integer,
  lowStockThreshold: field.integer,
});

const stock = (r: Doc | null) => (r?.stockQuantity as number | undefined) ?? 0;

/** Stock falling to or below the threshold, or to zero. */
function stockEvents({ before, after }: Change): string[] {
  if (!before || !after || stock(after) >= stock(before)) return [];
  if (stock(after) === 0) return ['product.out_of_stock'];
  const threshold = after.lowStockThreshold as number;
  return stock(after) <= threshold && stock(before) > threshold ? ['product.low_stock'] : [];
}

const CATALOGUE: Array<[string, number]> = [
  ['Consulting hour', 150],
  ['Website maintenance (monthly)', 490],
  ['Logo design', 1200],
  ['Accounting software seat', 29.99],
  ['Ergonomic chair', 349],
  ['USB-C dock', 189.5],
  ['Printer paper (box)', 24.75],
  ['Onboarding workshop', 2400],
];

export const products: ResourceDefinition = {
  name: 'products',
  label: 'product',
  idPrefix: 'prod',
  description: 'Goods and services the organization sells, with stock levels.',
  createSchema: object(fields, ['name', 'unitPrice']),
  updateSchema: patchOf(fields, recordSchema),
  recordSchema,
  events: {
    prefix: 'product',
    noun: 'product',
    fields: eventData,
    deleted: dataShape({ productId: [field.string, '_id'], name: field.string }),
    own: {
      events: [
        {
          name: 'product.low_stock',
          description: "A product's stock fell to or below its low-stock threshold.",
          ...eventData,
        },
        { name: 'product.out_of_stock', description: "A product's stock reached zero.", ...eventData },
      ],
      fired: stockEvents,
    },
  },
  samples: {
    count: (size) => Math.min(size, CATALOGUE.length),
    input(i) {
      const [name, unitPrice] = nth(CATALOGUE, i);
      return { name, unitPrice, sku: `SKU-${1000 + i}`, stockQuantity: (i * 7) % 40, taxRate: 19 };
    },
  },
};
