import { Type } from '@sinclair/typebox';
import { defineResource, type RecordOf } from '../define-resource.js';
import { dataShape, field, type Change } from '../event-family.js';
import { filled, optional, required, withDefault } from '../fields.js';
import { nth } from '../resource.js';
import { currency, money, requiredText, text } from '../schema.js';

const count = Type.Integer({ minimum: 0, maximum: 1e9 });
const fields = {
  name: required(requiredText(200)),
  sku: optional(text(64)),
  description: optional(text(2000)),
  unitPrice: required(money),
  currency: filled(withDefault(currency, 'USD')),
  taxRate: filled(withDefault(Type.Number({ minimum: 0, maximum: 100, description: 'percent' }), 0)),
  stockQuantity: filled(withDefault(count, 0)),
  lowStockThreshold: filled(withDefault(count, 5)),
  isActive: filled(withDefault(Type.Boolean(), true)),
};
export type Product = RecordOf<typeof fields>;

const eventData = dataShape({
  productId: [field.string, '_id'],
  name: field.string,
  sku: field.nullableString,
  unitPrice: field.number,
  currency: field.string,
  stockQuantity: field.integer,
  lowStockThreshold: field.integer,
});

/** Stock falling to or below the threshold, or to zero. */
function stockEvents({ before, after }: Change<Product>): string[] {
  if (!before || !after || after.stockQuantity >= before.stockQuantity) return [];
  if (after.stockQuantity === 0) return ['product.out_of_stock'];
  const threshold = after.lowStockThreshold;
  return after.stockQuantity <= threshold && before.stockQuantity > threshold ? ['product.low_stock'] : [];
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

export const products = defineResource({
  name: 'products',
  label: 'product',
  idPrefix: 'prod',
  description: 'Goods and services the organization sells, with stock levels.',
  fields,
  events: {
    prefix: 'product',
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
});
