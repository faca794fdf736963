import type { Doc } from '../store/store.js';
import type { Domain } from './domain.js';

/** What `addon trigger` creates when an organization has no record to build an event from. */
const SAMPLE_INPUT: Record<string, (ref: (collection: string) => Promise<Doc>) => Promise<Record<string, unknown>>> = {
  customers: async () => ({ name: 'Acme Ltd', email: 'billing@acme.example', company: 'Acme Ltd', currency: 'EUR' }),
  products: async () => ({
    name: 'Ergonomic chair',
    sku: 'SKU-1001',
    unitPrice: 349,
    stockQuantity: 3,
    lowStockThreshold: 5,
  }),
  invoices: async (ref) => {
    const customer = await ref('customers');
    return {
      customerId: customer._id,
      lineItems: [{ description: 'Consulting (March)', quantity: 12, unitPrice: 150 }],
      taxRate: 19,
      status: 'sent',
    };
  },
  expenses: async () => ({
    description: 'Train to client site',
    amount: 86.4,
    category: 'travel',
    vendor: 'Deutsche Bahn',
  }),
  tickets: async (ref) => ({
    subject: 'Invoice PDF shows the wrong tax rate',
    customerId: (await ref('customers'))._id,
    priority: 'high',
  }),
  orders: async (ref) => ({
    customerId: (await ref('customers'))._id,
    items: [{ description: 'USB-C dock', quantity: 1, unitPrice: 189.5 }],
    shippingTotal: 4.95,
  }),
};

/**
 * The organization's newest record of a collection, or a realistic one made for the purpose (with
 * the records it refers to), through the same rules as an API write.
 */
export async function sampleRecord(domain: Domain, orgId: string, collection: string): Promise<Doc> {
  const service = domain.collections.get(collection)!;
  const { total } = service.list(orgId, { limit: 0, offset: 0 });
  if (total > 0) return service.list(orgId, { limit: 1, offset: total - 1 }).data[0];
  const input = await SAMPLE_INPUT[collection]((ref) => sampleRecord(domain, orgId, ref));
  return service.create(orgId, input);
}
