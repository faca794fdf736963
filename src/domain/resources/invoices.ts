import { invalid, withArticle } from '../../errors.js';
import type { Lifecycle } from '../lifecycle.js';
import { statusesOf } from '../lifecycle.js';
import { priceLines, pricedLineSchema } from '../line-items.js';
import { fromCents, toCents } from '../money.js';
import type { Fields, ResourceContext, ResourceDefinition } from '../resource.js';
import { merge, nth } from '../resource.js';
import {
  currency,
  date,
  id,
  money,
  nullable,
  object,
  oneOf,
  patchOf,
  recordOf,
  requiredText,
  text,
  timestamp,
} from '../schema.js';
import type { TimeRule } from '../time-rules.js';
import { invoiceEvents } from './invoice-events.js';

/**
 * Paid and void invoices are final. A sent invoice becomes overdue by a PATCH, or by itself when the
 * emulated clock passes its due date (`overdue` below).
 */
const lifecycle: Lifecycle = {
  initial: 'draft',
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
    message: (status) => `${withArticle(status)} invoice can no longer be edited; only its status can change`,
  },
};

const lineItem = object(
  {
    description: requiredText(500),
    quantity: { type: 'number', exclusiveMinimum: 0, maximum: 1e9 },
    unitPrice: money,
    productId: id('prod'),
  },
  ['description', 'quantity', 'unitPrice'],
);

const fields = {
  customerId: id('cus'),
  lineItems: { type: 'array', minItems: 1, maxItems: 500, items: lineItem },
  status: oneOf(['draft', 'sent'], { default: 'draft', description: 'initial status' }),
  currency: {
    type: 'string',
    pattern: currency.pattern,
    description: "ISO 4217 code; defaults to the customer's currency",
  },
  issueDate: { ...date, description: 'YYYY-MM-DD; defaults to today on the emulated clock' },
  dueDate: { ...date, description: 'YYYY-MM-DD; defaults to issueDate + 30 days' },
  taxRate: { type: 'number', minimum: 0, maximum: 100, default: 0, description: 'percent, applied to the subtotal' },
  notes: text(2000),
};

const { status: _initial, ...editable } = fields;
const updateFields = { ...editable, status: oneOf(statusesOf(lifecycle)) };

const recordSchema = recordOf('inv', {
  invoiceNumber: { type: 'string', description: 'INV-000001, numbered per organization' },
  customerId: fields.customerId,
  customerName: { type: 'string' },
  status: oneOf(statusesOf(lifecycle)),
  currency: { type: 'string' },
  issueDate: date,
  dueDate: date,
  lineItems: {
    type: 'array',
    items: pricedLineSchema(lineItem),
  },
  subtotal: money,
  taxRate: fields.taxRate,
  taxTotal: money,
  total: money,
  amountPaid: money,
  amountDue: money,
  notes: nullable(fields.notes),
  paidAt: nullable(timestamp),
});

/**
 * A sent invoice that still owes something is on time all through its due date, and overdue from the
 * start (00:00 UTC) of the day after it. Only `sent` matches, and nothing leads back to it from
 * `overdue`, so an invoice is moved once, whatever PATCHes come between.
 */
const overdue: TimeRule = {
  description: 'a sent invoice unpaid after its due date becomes overdue',
  dueAt: (invoice) =>
    invoice.status === 'sent' && (invoice.amountDue as number) > 0
      ? Date.parse(`${addDays(invoice.dueDate as string, 1)}T00:00:00Z`)
      : null,
  patch: { status: 'overdue' },
};

/** Seeded invoices are spread over every status. */
const SEEDED_STATUSES = ['draft', 'sent', 'paid', 'sent', 'paid', 'overdue', 'void'];

export const invoices: ResourceDefinition = {
  name: 'invoices',
  label: 'invoice',
  idPrefix: 'inv',
  description: 'Invoices to customers; totals are computed by the emulator from the line items.',
  createSchema: object(fields, ['customerId', 'lineItems']),
  updateSchema: patchOf(updateFields, recordSchema),
  recordSchema,
  references: { customerId: 'customers' },
  lifecycle,
  timeRules: [overdue],

  create(input, ctx) {
    const customer = ctx.lookup('customers', input.customerId as string)!;
    const issueDate = (input.issueDate as string) ?? ctx.today;
    const record: Fields = {
      ...input,
      invoiceNumber: `INV-${String(ctx.sequence('invoices')).padStart(6, '0')}`,
      customerName: customer.name,
      currency: input.currency ?? customer.currency ?? 'USD',
      issueDate,
      dueDate: input.dueDate ?? addDays(issueDate, 30),
      amountPaid: 0,
    };
    return priced(record, input.lineItems as Fields[], ctx);
  },

  update(current, patch, ctx) {
    const record = merge(current, patch);
    if (patch.customerId !== undefined) record.customerName = ctx.lookup('customers', patch.customerId as string)!.name;
    const result = priced(record, record.lineItems as Fields[], ctx);
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
        const product = await ref('products', i + k);
        lineItems.push({
          description: product.name,
          quantity: 1 + ((i + k) % 4),
          unitPrice: product.unitPrice,
          productId: product._id,
        });
      }
      return { customerId: (await ref('customers', i))._id, lineItems, taxRate: 19 };
    },
    status: (i) => nth(SEEDED_STATUSES, i),
  },
};

/** Recomputes line amounts and totals, and checks the dates and product references. */
function priced(record: Fields, lineItems: Fields[], ctx: ResourceContext): Fields {
  if ((record.dueDate as string) < (record.issueDate as string)) {
    throw invalid([{ field: 'dueDate', message: 'must not be before issueDate' }]);
  }
  const { lines, subtotalCents: subtotal } = priceLines(lineItems, ctx, 'lineItems');
  const taxTotal = Math.round((subtotal * (record.taxRate as number)) / 100);
  const total = subtotal + taxTotal;
  const amountPaid = toCents((record.amountPaid as number) ?? 0);
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
