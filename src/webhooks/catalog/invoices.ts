import type { Doc } from '../../store/store.js';
import { dataSchema, field, recordFamily, type EventDefinition, type EventFamily } from './event.js';

const invoice = (r: Doc) => ({
  invoiceId: r._id,
  invoiceNumber: r.invoiceNumber,
  customerId: r.customerId,
  customerName: r.customerName,
  status: r.status,
  currency: r.currency,
  total: r.total,
  amountDue: r.amountDue,
  issueDate: r.issueDate,
  dueDate: r.dueDate,
});
const invoiceSchema = {
  invoiceId: field.string,
  invoiceNumber: field.string,
  customerId: field.string,
  customerName: field.string,
  status: field.string,
  currency: field.string,
  total: field.number,
  amountDue: field.number,
  issueDate: field.date,
  dueDate: field.date,
};

const family = recordFamily({
  prefix: 'invoice',
  noun: 'invoice',
  resource: 'invoices',
  source: 'invoices',
  base: { schema: invoiceSchema, data: invoice },
  deleted: {
    schema: { invoiceId: field.string, invoiceNumber: field.string },
    data: (r) => ({ invoiceId: r._id, invoiceNumber: r.invoiceNumber }),
  },
  statuses: {
    sent: ['sent', 'An invoice was sent to its customer.'],
    void: ['voided', 'An invoice was voided; it is no longer owed.'],
  },
});

const DAY = 86_400_000;
const method = 'bank_transfer';

const special: EventDefinition[] = [
  {
    name: 'invoice.paid',
    description: 'An invoice was paid in full.',
    resource: 'invoices',
    source: 'invoices',
    // Exactly the fields and types of spec section 6.
    schema: dataSchema({
      invoiceId: field.string,
      invoiceNumber: field.string,
      customerId: field.string,
      customerName: field.string,
      totalAmount: field.number,
      paidAmount: field.number,
      paymentMethod: field.string,
    }),
    data: (r) => ({
      invoiceId: r._id,
      invoiceNumber: r.invoiceNumber,
      customerId: r.customerId,
      customerName: r.customerName,
      totalAmount: r.total,
      paidAmount: r.total,
      paymentMethod: method,
    }),
  },
  {
    name: 'invoice.overdue',
    description: 'An invoice was marked overdue: past its due date and unpaid.',
    resource: 'invoices',
    source: 'invoices',
    schema: dataSchema({ ...invoiceSchema, daysOverdue: field.integer }),
    data: (r, ctx) => ({
      ...invoice(r),
      status: 'overdue',
      daysOverdue: Math.max(0, Math.floor((Date.parse(ctx.now) - Date.parse(`${r.dueDate}T00:00:00Z`)) / DAY)),
    }),
  },
  {
    name: 'payment.received',
    description: 'A payment against an invoice was received.',
    resource: 'invoices',
    source: 'invoices',
    schema: dataSchema({
      paymentId: field.string,
      invoiceId: field.string,
      invoiceNumber: field.string,
      customerId: field.string,
      amount: field.number,
      currency: field.string,
      paymentMethod: field.string,
      receivedAt: field.timestamp,
    }),
    data: (r, ctx) => ({
      paymentId: ctx.newId('pay'),
      invoiceId: r._id,
      invoiceNumber: r.invoiceNumber,
      customerId: r.customerId,
      amount: r.total,
      currency: r.currency,
      paymentMethod: method,
      receivedAt: ctx.now,
    }),
  },
  {
    name: 'payment.refunded',
    description: 'A payment was refunded to the customer.',
    resource: 'invoices',
    source: 'invoices',
    schema: dataSchema({
      paymentId: field.string,
      invoiceId: field.string,
      amount: field.number,
      currency: field.string,
      reason: field.string,
      refundedAt: field.timestamp,
    }),
    data: (r, ctx) => ({
      paymentId: ctx.newId('pay'),
      invoiceId: r._id,
      amount: r.total,
      currency: r.currency,
      reason: 'requested_by_customer',
      refundedAt: ctx.now,
    }),
  },
  {
    name: 'payment.failed',
    description: 'A payment attempt against an invoice failed.',
    resource: 'invoices',
    source: 'invoices',
    schema: dataSchema({
      paymentId: field.string,
      invoiceId: field.string,
      amount: field.number,
      currency: field.string,
      paymentMethod: field.string,
      failureReason: field.string,
      failedAt: field.timestamp,
    }),
    data: (r, ctx) => ({
      paymentId: ctx.newId('pay'),
      invoiceId: r._id,
      amount: r.amountDue,
      currency: r.currency,
      paymentMethod: 'card',
      failureReason: 'card_declined',
      failedAt: ctx.now,
    }),
  },
];

/** Invoices and the payments against them (subscribers need `invoices.read`). */
export const invoiceEvents: EventFamily = {
  collection: 'invoices',
  events: [...family.events, ...special],
  fired(change) {
    const fired = family.fired(change);
    const { before, after } = change;
    if (before && after && before.status !== after.status) {
      if (after.status === 'paid') fired.push('invoice.paid', 'payment.received');
      if (after.status === 'overdue') fired.push('invoice.overdue');
    }
    return fired;
  },
};
