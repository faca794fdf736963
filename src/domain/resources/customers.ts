import { dataShape, field } from '../event-family.js';
import { nth, type ResourceDefinition } from '../resource.js';
import { address, currency, nullable, object, patchOf, recordOf, requiredText, text } from '../schema.js';

const fields = {
  name: requiredText(200),
  email: text(254, { format: 'email' }),
  phone: text(40),
  company: text(200),
  taxId: text(50),
  currency,
  address,
  notes: text(2000),
};

const recordSchema = recordOf('cus', {
  name: fields.name,
  email: nullable(fields.email),
  phone: nullable(fields.phone),
  company: nullable(fields.company),
  taxId: nullable(fields.taxId),
  currency: { type: 'string' },
  address: nullable(address),
  notes: nullable(fields.notes),
});

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
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Marie',
  'Niels',
  'Rosalind',
  'Edsger',
  'Barbara',
  'Donald',
  'Margaret',
];
const CITIES: Array<[string, string]> = [
  ['Berlin', 'DE'],
  ['London', 'GB'],
  ['Austin', 'US'],
  ['Toronto', 'CA'],
  ['Lyon', 'FR'],
  ['Melbourne', 'AU'],
];
const CURRENCIES: Record<string, string> = { US: 'USD', GB: 'GBP' };

export const customers: ResourceDefinition = {
  name: 'customers',
  label: 'customer',
  idPrefix: 'cus',
  description: 'People and companies the organization bills.',
  createSchema: object(fields, ['name']),
  updateSchema: patchOf(fields, recordSchema),
  recordSchema,
  events: {
    prefix: 'customer',
    noun: 'customer',
    fields: dataShape({
      customerId: [field.string, '_id'],
      name: field.string,
      email: field.nullableString,
      company: field.nullableString,
      currency: field.string,
      createdAt: field.timestamp,
    }),
    deleted: dataShape({ customerId: [field.string, '_id'], name: field.string }),
  },
  samples: {
    count: (size) => size,
    input(i) {
      const company = nth(COMPANIES, i);
      const [city, country] = nth(CITIES, i);
      const domain = company.split(' ')[0].toLowerCase();
      return {
        name: company,
        email: `${nth(PEOPLE, i).toLowerCase()}@${domain}.example`,
        phone: `+1-555-01${String(i).padStart(2, '0')}`,
        company,
        address: { line1: `${10 + i} Market Street`, city, postalCode: `${10115 + i * 7}`, country },
        currency: CURRENCIES[country] ?? 'EUR',
      };
    },
  },
};
