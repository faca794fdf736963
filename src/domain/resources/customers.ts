import { defineResource, type RecordOf } from '../define-resource.js';
import { dataShape, field } from '../event-family.js';
import { filled, optional, required } from '../fields.js';
import { nth } from '../resource.js';
import { address, currency, requiredText, text } from '../schema.js';
import { withDefault } from '../fields.js';

const fields = {
  name: required(requiredText(200)),
  email: optional(text(254, { format: 'email' })),
  phone: optional(text(40)),
  company: optional(text(200)),
  taxId: optional(text(50)),
  currency: filled(withDefault(currency, 'USD')),
  address: optional(address),
  notes: optional(text(2000)),
};
export type Customer = RecordOf<typeof fields>;

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

export const customers = defineResource({
  name: 'customers',
  label: 'customer',
  idPrefix: 'cus',
  description: 'People and companies the organization bills.',
  fields,
  events: {
    prefix: 'customer',
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
});
