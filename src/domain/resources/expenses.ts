import { dataShape, field } from '../event-family.js';
import { statusesOf, type Lifecycle } from '../lifecycle.js';
import type { ResourceDefinition } from '../resource.js';
import { merge, nth } from '../resource.js';
import {
  currency,
  date,
  nullable,
  object,
  oneOf,
  patchOf,
  recordOf,
  requiredText,
  text,
  timestamp,
} from '../schema.js';

const lifecycle: Lifecycle = {
  initial: 'pending',
  statuses: {
    pending: { next: ['approved', 'rejected'] },
    approved: { next: [], event: ['approved', 'An expense was approved.'] },
    rejected: { next: ['pending'], event: ['rejected', 'An expense was rejected.'] },
  },
};

const fields = {
  description: requiredText(500),
  amount: { type: 'number', exclusiveMinimum: 0, maximum: 1e12 },
  currency,
  category: text(100, { default: 'general', description: 'e.g. travel, meals, software, office' }),
  date: { ...date, description: 'YYYY-MM-DD; defaults to today on the emulated clock' },
  vendor: text(200),
  receiptUrl: text(2000, { format: 'uri' }),
};

const recordSchema = recordOf('exp', {
  ...fields,
  category: { type: 'string' },
  vendor: nullable(fields.vendor),
  receiptUrl: nullable(fields.receiptUrl),
  status: oneOf(statusesOf(lifecycle)),
  approvedAt: nullable(timestamp),
});

const SAMPLES: Array<[string, string, number, string]> = [
  ['Train to client site', 'travel', 86.4, 'Deutsche Bahn'],
  ['Team lunch', 'meals', 142.1, 'Trattoria Roma'],
  ['Design tool subscription', 'software', 54, 'Figma'],
  ['Office rent', 'office', 2100, 'Regus'],
  ['Conference ticket', 'training', 699, 'JSConf'],
  ['Taxi to airport', 'travel', 48.2, 'City Cabs'],
];

export const expenses: ResourceDefinition = {
  name: 'expenses',
  label: 'expense',
  idPrefix: 'exp',
  description: 'Money the organization spent, submitted and then approved or rejected.',
  createSchema: object(fields, ['description', 'amount']),
  updateSchema: patchOf({ ...fields, status: oneOf(statusesOf(lifecycle)) }, recordSchema),
  recordSchema,
  lifecycle,
  create: (input, ctx) => ({ ...input, date: input.date ?? ctx.today }),
  update(current, patch, ctx) {
    const record = merge(current, patch);
    return { ...record, approvedAt: record.status === 'approved' ? (current.approvedAt ?? ctx.now) : null };
  },
  events: {
    prefix: 'expense',
    noun: 'expense',
    fields: dataShape({
      expenseId: [field.string, '_id'],
      description: field.string,
      amount: field.number,
      currency: field.string,
      category: field.string,
      vendor: field.nullableString,
      date: field.date,
      status: field.string,
    }),
    deleted: dataShape({ expenseId: [field.string, '_id'], description: field.string }),
  },
  samples: {
    count: (size) => Math.ceil(size * 0.75),
    input(i) {
      const [description, category, amount, vendor] = nth(SAMPLES, i);
      return { description, category, amount, vendor };
    },
    status: (i) => nth(['pending', 'approved', 'rejected'], i),
  },
};
