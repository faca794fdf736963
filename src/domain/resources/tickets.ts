import type { ResourceDefinition } from '../resource.js';
import { checkTransition, merge, orNull, requireReference } from '../resource.js';
import { id, nullable, object, oneOf, patchOf, recordOf, requiredText, text } from '../schema.js';

export const TICKET_STATUSES = ['open', 'pending', 'solved', 'closed'] as const;
/** Closed is final; a solved ticket may be reopened. */
const TRANSITIONS: Record<string, readonly string[]> = {
  open: ['pending', 'solved', 'closed'],
  pending: ['open', 'solved', 'closed'],
  solved: ['open', 'closed'],
  closed: [],
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
  status: oneOf(TICKET_STATUSES),
});

export const tickets: ResourceDefinition = {
  name: 'tickets',
  label: 'ticket',
  idPrefix: 'tkt',
  description: 'Support tickets, optionally linked to a customer.',
  createSchema: object(fields, ['subject']),
  updateSchema: patchOf({ ...fields, status: oneOf(TICKET_STATUSES) }, recordSchema),
  recordSchema,
  create(input, ctx) {
    requireReference(ctx, 'customerId', 'customers', input.customerId);
    return {
      subject: input.subject,
      description: orNull(input.description),
      customerId: orNull(input.customerId),
      priority: input.priority ?? 'normal',
      assignee: orNull(input.assignee),
      tags: input.tags ?? [],
      status: 'open',
    };
  },
  update(current, patch, ctx) {
    if (patch.status !== undefined)
      checkTransition('ticket', TRANSITIONS, current.status as string, patch.status as string);
    requireReference(ctx, 'customerId', 'customers', patch.customerId);
    return merge(current, patch);
  },
};
