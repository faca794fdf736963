import { withArticle } from '../../errors.js';
import { dataShape, field } from '../event-family.js';
import { statusesOf, type Lifecycle } from '../lifecycle.js';
import { priceLines, pricedLineSchema } from '../line-items.js';
import { fromCents, toCents } from '../money.js';
import type { Fields, ResourceContext, ResourceDefinition } from '../resource.js';
import { merge } from '../resource.js';
import { address, currency, id, money, nullable, object, oneOf, patchOf, recordOf, requiredText } from '../schema.js';

const lifecycle: Lifecycle = {
  initial: 'pending',
  statuses: {
    pending: { next: ['paid', 'cancelled'] },
    paid: { next: ['fulfilled', 'refunded', 'cancelled'], event: ['paid', 'A web-store order was paid.'] },
    fulfilled: { next: ['refunded'], event: ['fulfilled', 'A web-store order was shipped or handed over.'] },
    cancelled: { next: [], event: ['cancelled', 'A web-store order was cancelled.'] },
    refunded: { next: [], event: ['refunded', 'A web-store order was refunded.'] },
  },
  lock: {
    fields: ['items', 'shippingTotal'],
    editableIn: ['pending'],
    code: 'order_locked',
    message: (status) => `the items and shipping of ${withArticle(status)} order can no longer change`,
  },
};

const item = object(
  {
    productId: id('prod'),
    description: requiredText(500),
    quantity: { type: 'integer', minimum: 1, maximum: 1e6 },
    unitPrice: money,
  },
  ['description', 'quantity', 'unitPrice'],
);

const fields = {
  customerId: id('cus'),
  items: { type: 'array', minItems: 1, maxItems: 500, items: item },
  currency,
  shippingAddress: address,
  shippingTotal: { ...money, default: 0 },
};

const recordSchema = recordOf('ord', {
  orderNumber: { type: 'string', description: 'SO-000001, numbered per organization' },
  customerId: nullable(fields.customerId),
  status: oneOf(statusesOf(lifecycle)),
  currency: { type: 'string' },
  items: {
    type: 'array',
    items: pricedLineSchema(item),
  },
  shippingAddress: nullable(address),
  subtotal: money,
  shippingTotal: money,
  total: money,
});

export const orders: ResourceDefinition = {
  name: 'orders',
  label: 'store order',
  idPrefix: 'ord',
  description: "Orders placed in the organization's web store.",
  createSchema: object(fields, ['items']),
  updateSchema: patchOf({ ...fields, status: oneOf(statusesOf(lifecycle)) }, recordSchema),
  recordSchema,
  references: { customerId: 'customers' },
  lifecycle,
  create: (input, ctx) =>
    priced({ ...input, orderNumber: `SO-${String(ctx.sequence('orders')).padStart(6, '0')}` }, ctx),
  update: (current, patch, ctx) => priced(merge(current, patch), ctx),
  events: {
    prefix: 'store.order',
    noun: 'web-store order',
    fields: dataShape({
      orderId: [field.string, '_id'],
      orderNumber: field.string,
      customerId: field.nullableString,
      status: field.string,
      currency: field.string,
      total: field.number,
      itemCount: [field.integer, (r) => (r.items as Array<{ quantity: number }>).reduce((n, i) => n + i.quantity, 0)],
    }),
    deleted: dataShape({ orderId: [field.string, '_id'], orderNumber: field.string }),
  },
  samples: {
    count: (size) => Math.ceil(size * 0.75),
    async input(i, ref) {
      const product = await ref('products', i);
      const line = { productId: product._id, description: product.name, quantity: 1 + (i % 3) };
      return {
        customerId: (await ref('customers', i))._id,
        items: [{ ...line, unitPrice: product.unitPrice }],
        shippingTotal: 4.95,
      };
    },
  },
};

function priced(record: Fields, ctx: ResourceContext): Fields {
  const { lines, subtotalCents: subtotal } = priceLines(record.items as Fields[], ctx, 'items');
  const total = subtotal + toCents(record.shippingTotal as number);
  return { ...record, items: lines, subtotal: fromCents(subtotal), total: fromCents(total) };
}
