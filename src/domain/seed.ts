import type { Domain } from './domain.js';
import type { Doc } from '../store/store.js';

/**
 * Fills an organization with realistic sample data, made through the same rules as API writes (so
 * numbers, totals and statuses are consistent). Deterministic for a given `size`.
 */
export interface SeedSummary {
  orgId: string;
  created: Record<string, number>;
}

const COMPANIES = [
  'Acme Ltd',
  'Globex Corporation',
  'Initech',
  'Umbrella Foods',
  'Stark Supplies',
  'Wayne Logistics',
  'Hooli',
  'Vandelay Industries',
  'Soylent Farms',
  'Tyrell Design',
  'Cyberdyne Systems',
  'Wonka Confectionery',
];
const PEOPLE = [
  'Ada Lovelace',
  'Grace Hopper',
  'Alan Turing',
  'Katherine Johnson',
  'Linus Pauling',
  'Marie Curie',
  'Niels Bohr',
  'Rosalind Franklin',
  'Edsger Dijkstra',
  'Barbara Liskov',
  'Donald Knuth',
  'Margaret Hamilton',
];
const CITIES: Array<[string, string]> = [
  ['Berlin', 'DE'],
  ['London', 'GB'],
  ['Austin', 'US'],
  ['Toronto', 'CA'],
  ['Lyon', 'FR'],
  ['Melbourne', 'AU'],
];
const PRODUCTS: Array<[string, number]> = [
  ['Consulting hour', 150],
  ['Website maintenance (monthly)', 490],
  ['Logo design', 1200],
  ['Accounting software seat', 29.99],
  ['Ergonomic chair', 349],
  ['USB-C dock', 189.5],
  ['Printer paper (box)', 24.75],
  ['Onboarding workshop', 2400],
];
const EXPENSES: Array<[string, string, number, string]> = [
  ['Train to client site', 'travel', 86.4, 'Deutsche Bahn'],
  ['Team lunch', 'meals', 142.1, 'Trattoria Roma'],
  ['Design tool subscription', 'software', 54, 'Figma'],
  ['Office rent', 'office', 2100, 'Regus'],
  ['Conference ticket', 'training', 699, 'JSConf'],
  ['Taxi to airport', 'travel', 48.2, 'City Cabs'],
];
const TICKETS = [
  'Invoice PDF shows the wrong tax rate',
  'Cannot log in after password reset',
  'Please update our billing address',
  'Duplicate charge on last order',
  'Export to CSV is missing columns',
  'Question about payment terms',
];

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length];

export async function seedOrganization(domain: Domain, orgId: string, size = 12): Promise<SeedSummary> {
  const c = (name: string) => domain.collections.get(name)!;
  const created: Record<string, number> = {};
  const make = async (name: string, input: Record<string, unknown>): Promise<Doc> => {
    created[name] = (created[name] ?? 0) + 1;
    return c(name).create(orgId, input);
  };

  const products: Doc[] = [];
  for (let i = 0; i < Math.min(size, PRODUCTS.length); i++) {
    const [name, unitPrice] = PRODUCTS[i];
    products.push(
      await make('products', { name, unitPrice, sku: `SKU-${1000 + i}`, stockQuantity: (i * 7) % 40, taxRate: 19 }),
    );
  }

  const customers: Doc[] = [];
  for (let i = 0; i < size; i++) {
    const [city, country] = pick(CITIES, i);
    const person = pick(PEOPLE, i);
    customers.push(
      await make('customers', {
        name: pick(COMPANIES, i),
        email: `${person.split(' ')[0].toLowerCase()}@${pick(COMPANIES, i).split(' ')[0].toLowerCase()}.example`,
        phone: `+1-555-01${String(i).padStart(2, '0')}`,
        company: pick(COMPANIES, i),
        address: { line1: `${10 + i} Market Street`, city, postalCode: `${10115 + i * 7}`, country },
        currency: country === 'US' ? 'USD' : country === 'GB' ? 'GBP' : 'EUR',
      }),
    );
  }

  const statuses = ['draft', 'sent', 'paid', 'sent', 'paid', 'overdue', 'void'];
  for (let i = 0; i < size * 2; i++) {
    const customer = pick(customers, i);
    const lineItems = [0, 1].slice(0, 1 + (i % 2)).map((k) => {
      const product = pick(products, i + k);
      return {
        description: product.name,
        quantity: 1 + ((i + k) % 4),
        unitPrice: product.unitPrice,
        productId: product._id,
      };
    });
    const invoice = await make('invoices', { customerId: customer._id, lineItems, taxRate: 19, status: 'draft' });
    const status = pick(statuses, i);
    const path =
      status === 'draft' ? [] : status === 'void' ? ['void'] : status === 'sent' ? ['sent'] : ['sent', status];
    for (const next of path) await c('invoices').update(orgId, invoice._id, { status: next });
  }

  for (let i = 0; i < Math.ceil(size * 0.75); i++) {
    const [description, category, amount, vendor] = pick(EXPENSES, i);
    const expense = await make('expenses', { description, category, amount, vendor });
    if (i % 3 !== 0) await c('expenses').update(orgId, expense._id, { status: i % 3 === 1 ? 'approved' : 'rejected' });
  }

  for (let i = 0; i < Math.ceil(size / 2); i++) {
    await make('tickets', {
      subject: pick(TICKETS, i),
      description: 'Reported through the help widget.',
      customerId: pick(customers, i)._id,
      priority: pick(['normal', 'high', 'low', 'urgent'], i),
      tags: [pick(['billing', 'login', 'export'], i)],
    });
  }

  for (let i = 0; i < Math.ceil(size * 0.75); i++) {
    const product = pick(products, i);
    await make('orders', {
      customerId: pick(customers, i)._id,
      items: [
        { productId: product._id, description: product.name, quantity: 1 + (i % 3), unitPrice: product.unitPrice },
      ],
      shippingTotal: 4.95,
    });
  }

  return { orgId, created };
}
