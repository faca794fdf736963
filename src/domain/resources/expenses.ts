import { Type } from '@sinclair/typebox';
import { defineResource, type RecordOf } from '../define-resource.js';
import { dataShape, field } from '../event-family.js';
import { computed, filled, optional, required, withDefault } from '../fields.js';
import type { Lifecycle } from '../lifecycle.js';
import { merge, nth } from '../resource.js';
import { currency, date, MONEY, nullable, requiredText, text, timestamp } from '../schema.js';

const lifecycle = {
  initial: 'pending',
  statuses: {
    pending: { next: ['approved', 'rejected'] },
    approved: { next: [], event: ['approved', 'An expense was approved.'] },
    rejected: { next: ['pending'], event: ['rejected', 'An expense was rejected.'] },
  },
} as const satisfies Lifecycle<'pending' | 'approved' | 'rejected'>;

const fields = {
  description: required(requiredText(500)),
  amount: required(Type.Number({ exclusiveMinimum: 0, maximum: 1e12, [MONEY]: true })),
  currency: filled(withDefault(currency, 'USD')),
  category: filled(withDefault(text(100, { description: 'e.g. travel, meals, software, office' }), 'general')),
  date: filled(Type.String({ ...date, description: 'YYYY-MM-DD; defaults to today on the emulated clock' })),
  vendor: optional(text(200)),
  receiptUrl: optional(text(2000, { format: 'uri' })),
  approvedAt: computed(nullable(timestamp)),
};
export type Expense = RecordOf<typeof fields, keyof typeof lifecycle.statuses>;

const SAMPLES: Array<[string, string, number, string]> = [
  ['Train to client site', 'travel', 86.4, 'Deutsche Bahn'],
  ['Team lunch', 'meals', 142.1, 'Trattoria Roma'],
  ['Design tool subscription', 'software', 54, 'Figma'],
  ['Office rent', 'office', 2100, 'Regus'],
  ['Conference ticket', 'training', 699, 'JSConf'],
  ['Taxi to airport', 'travel', 48.2, 'City Cabs'],
];

export const expenses = defineResource({
  name: 'expenses',
  label: 'expense',
  idPrefix: 'exp',
  description: 'Money the organization spent, submitted and then approved or rejected.',
  fields,
  // Its columns' text fields would be the currency, which every expense of a kind shares.
  search: ['description', 'vendor', 'category'],
  lifecycle,
  create: (input, ctx) => ({ ...input, date: input.date ?? ctx.today }),
  update(current, patch, ctx) {
    const record = merge(current, patch);
    return { ...record, approvedAt: record.status === 'approved' ? (current.approvedAt ?? ctx.now) : null };
  },
  events: {
    prefix: 'expense',
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
    status: (i) => nth(['pending', 'approved', 'rejected'] as const, i),
  },
});
