import type { ResourceDefinition } from '../resource.js';
import { merge, orNull } from '../resource.js';
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

export const customers: ResourceDefinition = {
  name: 'customers',
  label: 'customer',
  idPrefix: 'cus',
  description: 'People and companies the organization bills.',
  createSchema: object(fields, ['name']),
  updateSchema: patchOf(fields, recordSchema),
  recordSchema,
  create: (input) => ({
    name: input.name,
    email: orNull(input.email),
    phone: orNull(input.phone),
    company: orNull(input.company),
    taxId: orNull(input.taxId),
    currency: input.currency ?? 'USD',
    address: orNull(input.address),
    notes: orNull(input.notes),
  }),
  update: (current, patch) => merge(current, patch),
};
