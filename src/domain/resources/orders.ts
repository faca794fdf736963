import { ApiError, withArticle } from '../../errors.js';
import { priceLines, pricedLineSchema } from '../line-items.js';
import { fromCents, toCents } from '../money.js';
import type { Fields, ResourceContext, ResourceDefinition } from '../resource.js';
import { checkTransition, merge, orNull, requireReference } from '../resource.js';
import { address, currency, id, money, nullable, object, oneOf, patchOf, recordOf, requiredText } from '../schema.js';

export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'cancelled', 'refunded'] as const;
const TRANSITIONS: Record<string, readonly string[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['fulfilled', 'refunded', 'cancelled'],
  fulfilled: ['refunded'],
  cancelled: [],
  refunded: [],
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
  status: oneOf(ORDER_STATUSES),
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
  updateSchema: patchOf({ ...fields, status: oneOf(ORDER_STATUSES) }, recordSchema),
  recordSchema,
  create(input, ctx) {
    requireReference(ctx, 'customerId', 'customers', input.customerId);
    return priced(
      {
        orderNumber: `SO-${String(ctx.sequence('orders')).padStart(6, '0')}`,
        customerId: orNull(input.customerId),
        status: 'pending',
        currency: input.currency ?? 'USD',
        shippingAddress: orNull(input.shippingAddress),
        shippingTotal: input.shippingTotal ?? 0,
      },
      input.items as Fields[],
      ctx,
    );
  },
  update(current, patch, ctx) {
    const { status, ...changes } = patch;
    if ((changes.items || changes.shippingTotal !== undefined) && current.status !== 'pending') {
      throw new ApiError(
        409,
        'order_locked',
        `the items and shipping of ${withArticle(current.status as string)} order can no longer change`,
      );
    }
    if (status !== undefined) checkTransition('store order', TRANSITIONS, current.status as string, status as string);
    requireReference(ctx, 'customerId', 'customers', changes.customerId);
    const record: Fields = { ...merge(current, changes), status: status ?? current.status };
    return priced(record, record.items as Fields[], ctx);
  },
};

function priced(record: Fields, items: Fields[], ctx: ResourceContext): Fields {
  const { lines, subtotalCents: subtotal } = priceLines(items, ctx, 'items');
  const total = subtotal + toCents(record.shippingTotal as number);
  return { ...record, items: lines, subtotal: fromCents(subtotal), total: fromCents(total) };
}
