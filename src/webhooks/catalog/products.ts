import type { Doc } from '../../store/store.js';
import { dataSchema, field, recordFamily, type EventFamily } from './event.js';

const product = (r: Doc) => ({
  productId: r._id,
  name: r.name,
  sku: r.sku,
  unitPrice: r.unitPrice,
  currency: r.currency,
  stockQuantity: r.stockQuantity,
  lowStockThreshold: r.lowStockThreshold,
});
const productSchema = {
  productId: field.string,
  name: field.string,
  sku: field.nullableString,
  unitPrice: field.number,
  currency: field.string,
  stockQuantity: field.integer,
  lowStockThreshold: field.integer,
};

const family = recordFamily({
  prefix: 'product',
  noun: 'product',
  resource: 'products',
  source: 'products',
  base: { schema: productSchema, data: product },
  deleted: {
    schema: { productId: field.string, name: field.string },
    data: (r) => ({ productId: r._id, name: r.name }),
  },
});

const stock = (r: Doc | null) => (r?.stockQuantity as number | undefined) ?? 0;
const threshold = (r: Doc) => r.lowStockThreshold as number;

/** Products, and their stock falling to or below the threshold, or to zero. */
export const productEvents: EventFamily = {
  collection: 'products',
  events: [
    ...family.events,
    {
      name: 'product.low_stock',
      description: "A product's stock fell to or below its low-stock threshold.",
      resource: 'products',
      source: 'products',
      schema: dataSchema(productSchema),
      data: product,
    },
    {
      name: 'product.out_of_stock',
      description: "A product's stock reached zero.",
      resource: 'products',
      source: 'products',
      schema: dataSchema(productSchema),
      data: product,
    },
  ],
  fired(change) {
    const fired = family.fired(change);
    const { before, after } = change;
    if (before && after && stock(after) < stock(before)) {
      if (stock(after) === 0) fired.push('product.out_of_stock');
      else if (stock(after) <= threshold(after) && stock(before) > threshold(after)) fired.push('product.low_stock');
    }
    return fired;
  },
};
