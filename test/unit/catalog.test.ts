import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { createClock } from '../../src/common/clock.js';
import { createDomain } from '../../src/domain/domain.js';
import { RESOURCES } from '../../src/domain/resources/index.js';
import { sampleRecord } from '../../src/domain/samples.js';
import { openDocumentStore } from '../../src/store/document-store.js';
import { memoryPersistence } from '../../src/store/memory-persistence.js';
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';
import type { Doc } from '../../src/store/store.js';
import { SPEC_NAMED_EVENTS } from '../spec-events.js';

const { events: CATALOG, eventsOf, find: findEvent } = DEFAULT_REGISTRY.catalog;

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

describe('the event catalog', () => {
  it('has distinct events, among them the 9 the spec names', () => {
    const names = CATALOG.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(SPEC_NAMED_EVENTS));
    for (const event of CATALOG) {
      expect(event.description.length).toBeGreaterThan(10);
      expect(event.schema).toMatchObject({ type: 'object' });
    }
  });

  it.each(RESOURCES)(
    '$name: created, updated, deleted, an event per status that names one, then its own, under its read scope',
    ({ name, events, lifecycle }) => {
      const statusEvents = Object.values(lifecycle?.statuses ?? {}).flatMap(({ event }) => (event ? [event[0]] : []));
      const own = (events.own?.events ?? []).map((e) => e.name);
      const expected = [
        ...['created', 'updated', 'deleted', ...statusEvents].map((s) => `${events.prefix}.${s}`),
        ...own,
      ];
      expect(CATALOG.filter((e) => e.resource === name).map((e) => e.name)).toEqual(expected);
      for (const event of DEFAULT_REGISTRY.catalog.published().filter((e) => expected.includes(e.name)))
        expect(event.scope).toBe(`${name}.read`);
    },
  );

  it('gives invoice.paid exactly the fields and types of spec 6, payment.received an amount, customer.created a name', () => {
    expect(findEvent('invoice.paid')!.schema.properties).toEqual({
      invoiceId: { type: 'string' },
      invoiceNumber: { type: 'string' },
      customerId: { type: 'string' },
      customerName: { type: 'string' },
      totalAmount: { type: 'number' },
      paidAmount: { type: 'number' },
      paymentMethod: { type: 'string' },
    });
    expect(findEvent('payment.received')!.schema.properties).toHaveProperty('amount', { type: 'number' });
    expect(findEvent('customer.created')!.schema.properties).toHaveProperty('name', { type: 'string' });
  });

  it("builds every event's data from real records, valid against its own schema", async () => {
    const store = await openDocumentStore(memoryPersistence());
    const clock = createClock();
    const domain = createDomain(RESOURCES, { store, clock });
    const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
    for (const event of CATALOG) {
      const record = await sampleRecord(domain, 'org_a', event.source);
      const data = event.data(record, {
        now: new Date(clock.now()).toISOString(),
        newId: (p) => `${p}_1`,
        before: record,
      });
      const valid = ajv.validate(event.schema, data);
      expect(valid, `${event.name}: ${ajv.errorsText()}`).toBe(true);
    }
  });
});

describe('which events a change fires', () => {
  const doc = (fields: Record<string, unknown>): Doc => ({ _id: 'x_1', ...fields });
  const names = (collection: string, before: Doc | null, after: Doc | null) =>
    eventsOf({ orgId: 'o', collection, before, after }).map((e) => e.name);

  it('fires created, updated and deleted for each resource', () => {
    expect(names('customers', null, doc({ name: 'A' }))).toEqual(['customer.created']);
    expect(names('customers', doc({ name: 'A' }), doc({ name: 'B' }))).toEqual(['customer.updated']);
    expect(names('orders', doc({ status: 'pending' }), null)).toEqual(['store.order.deleted']);
  });

  it('fires the status events of a transition, and invoice.paid with payment.received', () => {
    expect(names('invoices', doc({ status: 'sent' }), doc({ status: 'paid' }))).toEqual([
      'invoice.updated',
      'invoice.paid',
      'payment.received',
    ]);
    expect(names('invoices', doc({ status: 'draft' }), doc({ status: 'void' }))).toEqual([
      'invoice.updated',
      'invoice.voided',
    ]);
    expect(names('expenses', doc({ status: 'pending' }), doc({ status: 'approved' }))).toEqual([
      'expense.updated',
      'expense.approved',
    ]);
    expect(names('orders', doc({ status: 'paid' }), doc({ status: 'fulfilled' }))).toEqual([
      'store.order.updated',
      'store.order.fulfilled',
    ]);
  });

  it('fires product.low_stock when stock falls to the threshold, out_of_stock at zero', () => {
    const product = (stockQuantity: number) => doc({ stockQuantity, lowStockThreshold: 5 });
    expect(names('products', product(8), product(5))).toEqual(['product.updated', 'product.low_stock']);
    expect(names('products', product(5), product(4))).toEqual(['product.updated']);
    expect(names('products', product(3), product(0))).toEqual(['product.updated', 'product.out_of_stock']);
    expect(names('products', product(3), product(9))).toEqual(['product.updated']);
  });
});
