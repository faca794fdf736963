import { describe, expect, it } from 'vitest';
import { createClock } from '../../src/common/clock.js';
import { createDomain } from '../../src/domain/domain.js';
import { RESOURCES } from '../../src/domain/resources/index.js';
import { seedOrganization } from '../../src/domain/seed.js';
import { ApiError } from '../../src/common/errors.js';
import { openDocumentStore } from '../../src/store/document-store.js';
import { memoryPersistence } from '../../src/store/memory-persistence.js';

async function domain() {
  const store = await openDocumentStore(memoryPersistence());
  const clock = createClock({ source: () => Date.UTC(2026, 10, 22, 9, 30) });
  return createDomain(RESOURCES, { store, clock });
}

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (e: ApiError) => `${e.statusCode} ${e.code}`,
  );

describe('invoices', () => {
  it('numbers invoices per organization and computes totals to the cent', async () => {
    const d = await domain();
    const invoices = d.collections.get('invoices')!;
    const customer = await d.collections.get('customers')!.create('org_a', { name: 'Acme Ltd', currency: 'EUR' });
    const invoice = await invoices.create('org_a', {
      customerId: customer._id,
      lineItems: [
        { description: 'Consulting', quantity: 3, unitPrice: 19.99 },
        { description: 'Travel', quantity: 0.5, unitPrice: 0.07 },
      ],
      taxRate: 19,
    });
    expect(invoice).toMatchObject({
      invoiceNumber: 'INV-000001',
      customerName: 'Acme Ltd',
      currency: 'EUR',
      status: 'draft',
      issueDate: '2026-11-22',
      dueDate: '2026-12-22',
      subtotal: 60.01,
      taxTotal: 11.4,
      total: 71.41,
      amountPaid: 0,
      amountDue: 71.41,
    });
    expect((invoice.lineItems as Array<{ amount: number }>).map((l) => l.amount)).toEqual([59.97, 0.04]);
    const refused = invoices.create('org_a', {
      customerId: customer._id,
      lineItems: [{ description: 'x', quantity: 1, unitPrice: 1, productId: 'prod_missing' }],
    });
    expect(await codeOf(refused)).toBe('400 validation_failed');
    const second = await invoices.create('org_a', {
      customerId: customer._id,
      lineItems: [{ description: 'x', quantity: 1, unitPrice: 1 }],
    });
    expect(second.invoiceNumber).toBe('INV-000002');
    const otherCustomer = await d.collections.get('customers')!.create('org_b', { name: 'Globex' });
    const other = await invoices.create('org_b', {
      customerId: otherCustomer._id,
      lineItems: [{ description: 'x', quantity: 1, unitPrice: 1 }],
    });
    expect(other.invoiceNumber).toBe('INV-000001');
  });

  it('follows its status machine: paid sets the amounts, paid and void are final, only open invoices are editable', async () => {
    const d = await domain();
    const invoices = d.collections.get('invoices')!;
    const customer = await d.collections.get('customers')!.create('org_a', { name: 'Acme' });
    const { _id } = await invoices.create('org_a', {
      customerId: customer._id,
      lineItems: [{ description: 'x', quantity: 2, unitPrice: 50 }],
    });
    expect(await codeOf(invoices.update('org_a', _id, { status: 'paid' }))).toBe('409 invalid_status_transition');
    await invoices.update('org_a', _id, { status: 'sent' });
    const edited = await invoices.update('org_a', _id, {
      lineItems: [{ description: 'y', quantity: 3, unitPrice: 50 }],
    });
    expect(edited.total).toBe(150);
    const paid = await invoices.update('org_a', _id, { status: 'paid' });
    expect(paid).toMatchObject({ status: 'paid', amountPaid: 150, amountDue: 0, paidAt: '2026-11-22T09:30:00.000Z' });
    expect(await codeOf(invoices.update('org_a', _id, { notes: 'late' }))).toBe('409 invoice_locked');
    expect(await codeOf(invoices.update('org_a', _id, { status: 'void' }))).toBe('409 invalid_status_transition');
  });

  it('owes nothing on a void invoice', async () => {
    const d = await domain();
    const customer = await d.collections.get('customers')!.create('org_a', { name: 'Acme' });
    const invoices = d.collections.get('invoices')!;
    const { _id } = await invoices.create('org_a', {
      customerId: customer._id,
      lineItems: [{ description: 'x', quantity: 1, unitPrice: 9 }],
    });
    expect(await invoices.update('org_a', _id, { status: 'void' })).toMatchObject({
      status: 'void',
      total: 9,
      amountDue: 0,
    });
  });

  it('refuses a customer or product of another organization as a field-level 400', async () => {
    const d = await domain();
    const foreign = await d.collections.get('customers')!.create('org_b', { name: 'Globex' });
    const error = await d.collections
      .get('invoices')!
      .create('org_a', { customerId: foreign._id, lineItems: [{ description: 'x', quantity: 1, unitPrice: 1 }] })
      .catch((e: ApiError) => e);
    expect(error).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect((error as ApiError).details.details).toEqual([
      { in: 'body', field: 'customerId', message: expect.stringContaining('does not exist') },
    ]);
  });
});

describe('other resources', () => {
  it('prices store orders with shipping and locks items once paid', async () => {
    const d = await domain();
    const orders = d.collections.get('orders')!;
    const order = await orders.create('org_a', {
      items: [{ description: 'Mug', quantity: 2, unitPrice: 12.5 }],
      shippingTotal: 4.95,
    });
    expect(order).toMatchObject({ orderNumber: 'SO-000001', status: 'pending', subtotal: 25, total: 29.95 });
    await orders.update('org_a', order._id, { status: 'paid' });
    expect(
      await codeOf(orders.update('org_a', order._id, { items: [{ description: 'Mug', quantity: 1, unitPrice: 1 }] })),
    ).toBe('409 order_locked');
    expect((await orders.update('org_a', order._id, { status: 'fulfilled' })).status).toBe('fulfilled');
  });

  it('approves expenses with a timestamp and keeps closed tickets closed', async () => {
    const d = await domain();
    const expense = await d.collections.get('expenses')!.create('org_a', { description: 'Taxi', amount: 23.5 });
    expect(expense).toMatchObject({ status: 'pending', category: 'general', date: '2026-11-22', approvedAt: null });
    expect((await d.collections.get('expenses')!.update('org_a', expense._id, { status: 'approved' })).approvedAt).toBe(
      '2026-11-22T09:30:00.000Z',
    );
    const tickets = d.collections.get('tickets')!;
    const ticket = await tickets.create('org_a', { subject: 'Help' });
    await tickets.update('org_a', ticket._id, { status: 'closed' });
    expect(await codeOf(tickets.update('org_a', ticket._id, { status: 'open' }))).toBe('409 invalid_status_transition');
  });

  it('seeds a consistent organization', async () => {
    const d = await domain();
    const summary = await seedOrganization(d, 'org_s', 6);
    expect(summary.created).toEqual(Object.fromEntries(RESOURCES.map((r) => [r.name, r.samples.count(6)])));
    const invoices = d.collections.get('invoices')!.list('org_s', { limit: 100, offset: 0 }).data;
    expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(['draft', 'sent', 'paid', 'overdue', 'void']));
    for (const invoice of invoices.filter((i) => i.status === 'paid')) expect(invoice.amountDue).toBe(0);
  });
});
