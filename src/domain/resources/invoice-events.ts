import { dataShape, field, type EventContext, type ResourceEvents } from '../event-family.js';

/** The events of invoices and of the payments against them (subscribers need `invoices.read`). */

const invoice = dataShape({
  invoiceId: [field.string, '_id'],
  invoiceNumber: field.string,
  customerId: field.string,
  customerName: field.string,
  status: field.string,
  currency: field.string,
  total: field.number,
  amountDue: field.number,
  issueDate: field.date,
  dueDate: field.date,
});

const DAY = 86_400_000;
const constant = (value: string) => () => value;
const newPayment = (_record: unknown, ctx: EventContext) => ctx.newId('pay');
const now = (_record: unknown, ctx: EventContext) => ctx.now;

export const invoiceEvents: ResourceEvents = {
  prefix: 'invoice',
  fields: invoice,
  deleted: dataShape({ invoiceId: [field.string, '_id'], invoiceNumber: field.string }),
  own: {
    fired({ before, after }) {
      if (!before || !after || before.status === after.status) return [];
      if (after.status === 'paid') return ['invoice.paid', 'payment.received'];
      return after.status === 'overdue' ? ['invoice.overdue'] : [];
    },
    events: [
      {
        name: 'invoice.paid',
        description: 'An invoice was paid in full.',
        // Exactly the fields and types of spec section 6.
        ...dataShape({
          invoiceId: [field.string, '_id'],
          invoiceNumber: field.string,
          customerId: field.string,
          customerName: field.string,
          totalAmount: [field.number, 'total'],
          paidAmount: [field.number, 'total'],
          paymentMethod: [field.string, constant('bank_transfer')],
        }),
      },
      {
        name: 'invoice.overdue',
        description: 'An invoice was marked overdue: past its due date and unpaid.',
        ...dataShape({
          ...invoice.fields,
          status: [field.string, constant('overdue')],
          daysOverdue: [
            field.integer,
            (r, ctx) => Math.max(0, Math.floor((Date.parse(ctx.now) - Date.parse(`${r.dueDate}T00:00:00Z`)) / DAY)),
          ],
        }),
      },
      {
        name: 'payment.received',
        description: 'A payment against an invoice was received.',
        ...dataShape({
          paymentId: [field.string, newPayment],
          invoiceId: [field.string, '_id'],
          invoiceNumber: field.string,
          customerId: field.string,
          amount: [field.number, 'total'],
          currency: field.string,
          paymentMethod: [field.string, constant('bank_transfer')],
          receivedAt: [field.timestamp, now],
        }),
      },
      {
        name: 'payment.refunded',
        description: 'A payment was refunded to the customer.',
        ...dataShape({
          paymentId: [field.string, newPayment],
          invoiceId: [field.string, '_id'],
          amount: [field.number, 'total'],
          currency: field.string,
          reason: [field.string, constant('requested_by_customer')],
          refundedAt: [field.timestamp, now],
        }),
      },
      {
        name: 'payment.failed',
        description: 'A payment attempt against an invoice failed.',
        ...dataShape({
          paymentId: [field.string, newPayment],
          invoiceId: [field.string, '_id'],
          amount: [field.number, 'amountDue'],
          currency: field.string,
          paymentMethod: [field.string, constant('card')],
          failureReason: [field.string, constant('card_declined')],
          failedAt: [field.timestamp, now],
        }),
      },
    ],
  },
};
