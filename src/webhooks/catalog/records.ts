import type { Doc } from '../../store/store.js';
import { field, recordFamily } from './event.js';

/** Customers, expenses, tickets and store orders: records whose events follow the common pattern. */

export const customerEvents = recordFamily({
  prefix: 'customer',
  noun: 'customer',
  resource: 'customers',
  source: 'customers',
  base: {
    schema: {
      customerId: field.string,
      name: field.string,
      email: field.nullableString,
      company: field.nullableString,
      currency: field.string,
      createdAt: field.timestamp,
    },
    data: (r: Doc) => ({
      customerId: r._id,
      name: r.name,
      email: r.email,
      company: r.company,
      currency: r.currency,
      createdAt: r.createdAt,
    }),
  },
  deleted: {
    schema: { customerId: field.string, name: field.string },
    data: (r) => ({ customerId: r._id, name: r.name }),
  },
});

export const expenseEvents = recordFamily({
  prefix: 'expense',
  noun: 'expense',
  resource: 'expenses',
  source: 'expenses',
  base: {
    schema: {
      expenseId: field.string,
      description: field.string,
      amount: field.number,
      currency: field.string,
      category: field.string,
      vendor: field.nullableString,
      date: field.date,
      status: field.string,
    },
    data: (r: Doc) => ({
      expenseId: r._id,
      description: r.description,
      amount: r.amount,
      currency: r.currency,
      category: r.category,
      vendor: r.vendor,
      date: r.date,
      status: r.status,
    }),
  },
  deleted: {
    schema: { expenseId: field.string, description: field.string },
    data: (r) => ({ expenseId: r._id, description: r.description }),
  },
  statuses: {
    approved: ['approved', 'An expense was approved.'],
    rejected: ['rejected', 'An expense was rejected.'],
  },
});

export const ticketEvents = recordFamily({
  prefix: 'ticket',
  noun: 'support ticket',
  resource: 'tickets',
  source: 'tickets',
  base: {
    schema: {
      ticketId: field.string,
      subject: field.string,
      status: field.string,
      priority: field.string,
      customerId: field.nullableString,
      assignee: field.nullableString,
    },
    data: (r: Doc) => ({
      ticketId: r._id,
      subject: r.subject,
      status: r.status,
      priority: r.priority,
      customerId: r.customerId,
      assignee: r.assignee,
    }),
  },
  deleted: {
    schema: { ticketId: field.string, subject: field.string },
    data: (r) => ({ ticketId: r._id, subject: r.subject }),
  },
  statuses: {
    solved: ['solved', 'A support ticket was marked solved.'],
    closed: ['closed', 'A support ticket was closed for good.'],
  },
});

export const storeOrderEvents = recordFamily({
  prefix: 'store.order',
  noun: 'web-store order',
  resource: 'orders',
  source: 'orders',
  base: {
    schema: {
      orderId: field.string,
      orderNumber: field.string,
      customerId: field.nullableString,
      status: field.string,
      currency: field.string,
      total: field.number,
      itemCount: field.integer,
    },
    data: (r: Doc) => ({
      orderId: r._id,
      orderNumber: r.orderNumber,
      customerId: r.customerId,
      status: r.status,
      currency: r.currency,
      total: r.total,
      itemCount: (r.items as Array<{ quantity: number }>).reduce((n, item) => n + item.quantity, 0),
    }),
  },
  deleted: {
    schema: { orderId: field.string, orderNumber: field.string },
    data: (r) => ({ orderId: r._id, orderNumber: r.orderNumber }),
  },
  statuses: {
    paid: ['paid', 'A web-store order was paid.'],
    fulfilled: ['fulfilled', 'A web-store order was shipped or handed over.'],
    cancelled: ['cancelled', 'A web-store order was cancelled.'],
    refunded: ['refunded', 'A web-store order was refunded.'],
  },
});
