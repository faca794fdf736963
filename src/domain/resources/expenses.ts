import type { ResourceDefinition } from '../resource.js';
import { checkTransition, merge, orNull } from '../resource.js';
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

export const EXPENSE_STATUSES = ['pending', 'approved', 'rejected'] as const;
const TRANSITIONS: Record<string, readonly string[]> = {
  pending: ['approved', 'rejected'],
  rejected: ['pending'],
  approved: [],
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
  status: oneOf(EXPENSE_STATUSES),
  approvedAt: nullable(timestamp),
});

export const expenses: ResourceDefinition = {
  name: 'expenses',
  label: 'expense',
  idPrefix: 'exp',
  description: 'Money the organization spent, submitted and then approved or rejected.',
  createSchema: object(fields, ['description', 'amount']),
  updateSchema: patchOf({ ...fields, status: oneOf(EXPENSE_STATUSES) }, recordSchema),
  recordSchema,
  create: (input, ctx) => ({
    description: input.description,
    amount: input.amount,
    currency: input.currency ?? 'USD',
    category: input.category ?? 'general',
    date: input.date ?? ctx.today,
    vendor: orNull(input.vendor),
    receiptUrl: orNull(input.receiptUrl),
    status: 'pending',
    approvedAt: null,
  }),
  update(current, patch, ctx) {
    const status = (patch.status as string | undefined) ?? (current.status as string);
    checkTransition('expense', TRANSITIONS, current.status as string, status);
    const approvedAt = status === 'approved' ? (current.approvedAt ?? ctx.now) : null;
    return { ...merge(current, patch), approvedAt };
  },
};
