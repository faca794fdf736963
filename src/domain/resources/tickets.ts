import { dataShape, field } from '../event-family.js';
import { statusesOf, type Lifecycle } from '../lifecycle.js';
import { nth, type ResourceDefinition } from '../resource.js';
import { id, nullable, object, oneOf, patchOf, recordOf, requiredText, text } from '../schema.js';

/** Closed is final; a solved ticket may be reopened. */
const lifecycle: Lifecycle = {
  initial: 'open',
  statuses: {
    open: { next: ['pending', 'solved', 'closed'] },
    pending: { next: ['open', 'solved', 'closed'] },
    solved: { next: ['open', 'closed'], event: ['solved', 'A support ticket was marked solved.'] },
    closed: { next: [], event: ['closed', 'A support ticket was closed for good.'] },
  },
};

const fields = {
  subject: requiredText(300),
  description: text(10_000),
  customerId: id('cus'),
  priority: oneOf(['low', 'normal', 'high', 'urgent'], { default: 'normal' }),
  assignee: text(200),
  tags: { type: 'array', maxItems: 20, items: requiredText(50), uniqueItems: true },
};

const recordSchema = recordOf('tkt', {
  ...fields,
  description: nullable(fields.description),
  customerId: nullable(fields.customerId),
  assignee: nullable(fields.assignee),
  status: oneOf(statusesOf(lifecycle)),
});

const SUBJECTS = [
  'Invoice PDF shows the wrong tax rate',
  'Cannot log in after password reset',
  'Please update our billing address',
  'Duplicate charge on last order',
  'Export to CSV is missing columns',
  'Question about payment terms',
];

export const tickets: ResourceDefinition = {
  name: 'tickets',
  label: 'ticket',
  idPrefix: 'tkt',
  description: 'Support tickets, optionally linked to a customer.',
  createSchema: object(fields, ['subject']),
  updateSchema: patchOf({ ...fields, status: oneOf(statusesOf(lifecycle)) }, recordSchema),
  recordSchema,
  references: { customerId: 'customers' },
  lifecycle,
  create: (input) => ({ ...input, tags: input.tags ?? [] }),
  events: {
    prefix: 'ticket',
    noun: 'support ticket',
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
      customerId: (await ref('customers', i))._id,
      priority: nth(['normal', 'high', 'low', 'urgent'], i),
      tags: [nth(['billing', 'login', 'export'], i)],
    }),
  },
};
