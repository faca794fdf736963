import { Type } from '@sinclair/typebox';
import { withArticle } from '../../common/errors.js';
import { defineResource, reference, type RecordOf } from '../define-resource.js';
import { dataShape, field } from '../event-family.js';
import { computed, filled, optional, required, withDefault } from '../fields.js';
import { priceLines, pricedLineSchema, type LineInput } from './line-items.js';
import type { Lifecycle } from '../lifecycle.js';
import { fromCents, toCents } from '../money.js';
import { merge, type NewFields, type ResourceContext } from '../resource.js';
import { address, currency, money, requiredText, strict } from '../schema.js';
import { customers } from './customers.js';
import { products } from './products.js';

const lifecycle = {
  initial: 'pending',
  statuses: {
    pending: { next: ['paid', 'cancelled'] },
    paid: { next: ['fulfilled', 'refunded', 'cancelled'], event: ['paid', 'A store order was paid.'] },
    fulfilled: { next: ['refunded'], event: ['fulfilled', 'A store order was shipped or handed over.'] },
    cancelled: { next: [], event: ['cancelled', 'A store order was cancelled.'] },
    refunded: { next: [], event: ['refunded', 'A store order was refunded.'] },
  },
  lock: {
    fields: ['items', 'shippingTotal'],
    editableIn: ['pending'],
    code: 'order_locked',
    message: (status: string) => `the items and shipping of ${withArticle(status)} order can no longer change`,
  },
} as const satisfies Lifecycle<'pending' | 'paid' | 'fulfilled' | 'cancelled' | 'refunded'>;

const item = strict({
  productId: Type.Optional(reference(products)),
  description: requiredText(500),
  quantity: Type.Integer({ minimum: 1, maximum: 1e6 }),
  unitPrice: money,
});

const fields = {
  orderNumber: computed(Type.String({ description: 'SO-000001, numbered per organization' })),
  customerId: optional(reference(customers)),
  currency: filled(withDefault(currency, 'USD')),
  items: required(Type.Array(item, { minItems: 1, maxItems: 500 }), Type.Array(pricedLineSchema(item))),
  shippingAddress: optional(address),
  subtotal: computed(money),
  shippingTotal: filled(withDefault(money, 0)),
  total: computed(money),
};
type Status = keyof typeof lifecycle.statuses;
export type Order = RecordOf<typeof fields, Status>;

export const orders = defineResource({
  name: 'orders',
  label: 'store order',
  idPrefix: 'ord',
  description: "Orders placed in the organization's web store.",
  fields,
  columns: ['orderNumber', 'status', 'total'],
  lifecycle,
  create: (input, ctx) =>
    priced({ ...input, orderNumber: `SO-${String(ctx.sequence('orders')).padStart(6, '0')}` }, ctx),
  update: (current, patch, ctx) => priced(merge(current, patch), ctx),
  events: {
    prefix: 'store.order',
    fields: dataShape({
      orderId: [field.string, '_id'],
      orderNumber: field.string,
      customerId: field.nullableString,
      status: field.string,
      currency: field.string,
      total: field.number,
      itemCount: [field.integer, (r: Order) => r.items.reduce((n, i) => n + i.quantity, 0)],
    }),
    deleted: dataShape({ orderId: [field.string, '_id'], orderNumber: field.string }),
  },
  samples: {
    count: (size) => Math.ceil(size * 0.75),
    async input(i, ref) {
      const product = await ref(products, i);
      const line = { productId: product._id, description: product.name, quantity: 1 + (i % 3) };
      return {
        customerId: (await ref(customers, i))._id,
        items: [{ ...line, unitPrice: product.unitPrice }],
        shippingTotal: 4.95,
      };
    },
  },
});

/** What pricing reads of an order: a new one, or a record with a PATCH over it. */
type Unpriced = Omit<NewFields<Order>, 'items' | 'subtotal' | 'total'> & { items: readonly LineInput[] };

/** The order with its items priced and its totals. */
function priced(record: Unpriced, ctx: ResourceContext): NewFields<Order> {
  const { lines, subtotalCents: subtotal } = priceLines(record.items, ctx, 'items');
  const total = subtotal + toCents(record.shippingTotal);
  return { ...record, items: lines, subtotal: fromCents(subtotal), total: fromCents(total) };
}
