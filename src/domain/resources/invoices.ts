import { Type } from '@sinclair/typebox';
import { invalid, withArticle } from '../../common/errors.js';
import { defineResource, reference, type RecordOf } from '../define-resource.js';
import { computed, filled, optional, required, withDefault } from '../fields.js';
import { priceLines, pricedLineSchema, type LineInput } from './line-items.js';
import type { Lifecycle } from '../lifecycle.js';
import { fromCents, toCents } from '../money.js';
import { merge, nth, type NewFields, type ResourceContext, type TimeRule } from '../resource.js';
import { currency, date, money, nullable, requiredText, strict, text, timestamp } from '../schema.js';
import { customers } from './customers.js';
import { invoiceEvents } from './invoice-events.js';
import { products } from './products.js';

/**
 * Paid and void invoices are final. A sent invoice becomes overdue by a PATCH, or by itself when the
 * emulated clock passes its due date (`overdue` below). A new invoice may start as a draft or sent.
 */
const lifecycle = {
  initial: 'draft',
  startIn: ['draft', 'sent'],
  statuses: {
    draft: { next: ['sent', 'void'] },
    sent: { next: ['paid', 'overdue', 'void'], event: ['sent', 'An invoice was sent to its customer.'] },
    paid: { next: [] },
    overdue: { next: ['paid', 'void'] },
    void: { next: [], event: ['voided', 'An invoice was voided; it is no longer owed.'] },
  },
  lock: {
    editableIn: ['draft', 'sent'],
    code: 'invoice_locked',
    message: (status: string) => `${withArticle(status)} invoice can no longer be edited; only its status can change`,
  },
} as const satisfies Lifecycle<'draft' | 'sent' | 'paid' | 'overdue' | 'void'>;

const lineItem = strict({
  description: requiredText(500),
  quantity: Type.Number({ exclusiveMinimum: 0, maximum: 1e9 }),
  unitPrice: money,
  productId: Type.Optional(reference(products)),
});

const fields = {
  invoiceNumber: computed(Type.String({ description: 'INV-000001, numbered per organization' })),
  customerId: required(reference(customers)),
  customerName: computed(Type.String()),
  currency: filled(
    Type.String({ pattern: currency.pattern, description: "ISO 4217 code; defaults to the customer's currency" }),
  ),
  issueDate: filled(Type.String({ ...date, description: 'YYYY-MM-DD; defaults to today on the emulated clock' })),
  dueDate: filled(Type.String({ ...date, description: 'YYYY-MM-DD; defaults to issueDate + 30 days' })),
  lineItems: required(Type.Array(lineItem, { minItems: 1, maxItems: 500 }), Type.Array(pricedLineSchema(lineItem))),
  subtotal: computed(money),
  taxRate: filled(
    withDefault(Type.Number({ minimum: 0, maximum: 100, description: 'percent, applied to the subtotal' }), 0),
  ),
  taxTotal: computed(money),
  total: computed(money),
  amountPaid: computed(money),
  amountDue: computed(money),
  notes: optional(text(2000)),
  paidAt: computed(nullable(timestamp)),
};
export type Invoice = RecordOf<typeof fields, keyof typeof lifecycle.statuses>;

/**
 * A sent invoice that still owes something is on time all through its due date, and overdue from the
 * start (00:00 UTC) of the day after it. Only `sent` matches, and nothing leads back to it from
 * `overdue`, so an invoice is moved once, whatever PATCHes come between.
 */
const overdue: TimeRule<Invoice, { status: 'overdue' }> = {
  description: 'a sent invoice unpaid after its due date becomes overdue',
  dueAt: (invoice) =>
    invoice.status === 'sent' && invoice.amountDue > 0 ? Date.parse(`${addDays(invoice.dueDate, 1)}T00:00:00Z`) : null,
  patch: { status: 'overdue' },
};

/** Seeded invoices are spread over every status. */
const SEEDED_STATUSES = ['draft', 'sent', 'paid', 'sent', 'paid', 'overdue', 'void'] as const;

export const invoices = defineResource({
  name: 'invoices',
  label: 'invoice',
  idPrefix: 'inv',
  description: 'Invoices to customers; totals are computed by the emulator from the line items.',
  fields,
  columns: ['invoiceNumber', 'customerName', 'status', 'dueDate', 'total'],
  lifecycle,
  timeRules: [overdue],

  create(input, ctx) {
    // The collection service checked the reference before the rules run.
    const customer = ctx.lookup(customers, input.customerId)!;
    const issueDate = input.issueDate ?? ctx.today;
    const record = {
      ...input,
      invoiceNumber: `INV-${String(ctx.sequence('invoices')).padStart(6, '0')}`,
      customerName: customer.name,
      currency: input.currency ?? customer.currency ?? 'USD',
      issueDate,
      dueDate: input.dueDate ?? addDays(issueDate, 30),
      amountPaid: 0,
    };
    return priced(record, input.lineItems, ctx);
  },

  update(current, patch, ctx) {
    const record = merge(current, patch);
    if (patch.customerId !== undefined) record.customerName = ctx.lookup(customers, patch.customerId)!.name;
    const result = priced(record, record.lineItems, ctx);
    if (record.status === 'paid' && current.status !== 'paid') {
      Object.assign(result, { amountPaid: result.total, amountDue: 0, paidAt: ctx.now });
    }
    if (record.status === 'void') result.amountDue = 0;
    return result;
  },

  events: invoiceEvents,
  samples: {
    count: (size) => size * 2,
    async input(i, ref) {
      const lineItems = [];
      for (let k = 0; k < 1 + (i % 2); k++) {
        const product = await ref(products, i + k);
        lineItems.push({
          description: product.name,
          quantity: 1 + ((i + k) % 4),
          unitPrice: product.unitPrice,
          productId: product._id,
        });
      }
      return { customerId: (await ref(customers, i))._id, lineItems, taxRate: 19 };
    },
    status: (i) => nth(SEEDED_STATUSES, i),
  },
});

/** What pricing reads of an invoice: a new one, or a record with a PATCH over it. */
type Unpriced = Omit<NewFields<Invoice>, 'lineItems' | 'subtotal' | 'taxTotal' | 'total' | 'amountDue'>;

/** Recomputes line amounts and totals, and checks the dates and product references. */
function priced(record: Unpriced, lineItems: readonly LineInput[], ctx: ResourceContext): NewFields<Invoice> {
  if (record.dueDate < record.issueDate) {
    throw invalid([{ field: 'dueDate', message: 'must not be before issueDate' }]);
  }
  const { lines, subtotalCents: subtotal } = priceLines(lineItems, ctx, 'lineItems');
  const taxTotal = Math.round((subtotal * record.taxRate) / 100);
  const total = subtotal + taxTotal;
  const amountPaid = toCents(record.amountPaid);
  return {
    ...record,
    lineItems: lines,
    subtotal: fromCents(subtotal),
    taxTotal: fromCents(taxTotal),
    total: fromCents(total),
    amountDue: fromCents(Math.max(0, total - amountPaid)),
  };
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
