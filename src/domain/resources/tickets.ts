import { Type } from '@sinclair/typebox';
import { defineResource, reference, type RecordOf } from '../define-resource.js';
import { dataShape, field } from '../event-family.js';
import { filled, optional, required, withDefault } from '../fields.js';
import type { Lifecycle } from '../lifecycle.js';
import { nth } from '../resource.js';
import { oneOf, requiredText, text } from '../schema.js';
import { customers } from './customers.js';

/** Closed is final; a solved ticket may be reopened. */
const lifecycle = {
  initial: 'open',
  statuses: {
    open: { next: ['pending', 'solved', 'closed'] },
    pending: { next: ['open', 'solved', 'closed'] },
    solved: { next: ['open', 'closed'], event: ['solved', 'A ticket was marked solved.'] },
    closed: { next: [], event: ['closed', 'A ticket was closed for good.'] },
  },
} as const satisfies Lifecycle<'open' | 'pending' | 'solved' | 'closed'>;

const tag = requiredText(50);
const fields = {
  subject: required(requiredText(300)),
  description: optional(text(10_000)),
  customerId: optional(reference(customers)),
  priority: filled(withDefault(oneOf(['low', 'normal', 'high', 'urgent']), 'normal')),
  assignee: optional(text(200)),
  tags: filled(Type.Array(tag, { maxItems: 20, uniqueItems: true })),
};
export type Ticket = RecordOf<typeof fields, keyof typeof lifecycle.statuses>;

const SUBJECTS = [
  'Invoice PDF shows the wrong tax rate',
  'Cannot log in after password reset',
  'Please update our billing address',
  'Duplicate charge on last order',
  'Export to CSV is missing columns',
  'Question about payment terms',
];

export const tickets = defineResource({
  name: 'tickets',
  label: 'ticket',
  idPrefix: 'tkt',
  description: 'Support tickets, optionally linked to a customer.',
  fields,
  // Not the priority, one of four words every list of tickets repeats.
  search: ['subject', 'assignee'],
  lifecycle,
  create: (input) => ({ ...input, tags: input.tags ?? [] }),
  events: {
    prefix: 'ticket',
    fields: dataShape({
      ticketId: [field.string, '_id'],
      subject: field.string,
      status: field.string,
      priority: field.string,
      customerId: field.nullableString,
      assignee: field.nullableString,
    }),
    deleted: dataShape({ ticketId: [field.string, '_id'], subject: field.string }),
  },
  samples: {
    count: (size) => Math.ceil(size / 2),
    input: async (i, ref) => ({
      subject: nth(SUBJECTS, i),
      description: 'Reported through the help widget.',
      customerId: (await ref(customers, i))._id,
      priority: nth(['normal', 'high', 'low', 'urgent'] as const, i),
      tags: [nth(['billing', 'login', 'export'], i)],
    }),
  },
});
