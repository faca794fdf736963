import type { FastifyInstance } from 'fastify';
import { object } from '../domain/schema.js';
import type { EventData } from '../domain/catalog.js';
import { INBOX_KEEP, MAX_DELIVERIES } from '../common/limits.js';
import type { Delivery, DeliveryFilter } from '../webhooks/delivery-log.js';
import { DELIVERY_STATUSES } from '../webhooks/delivery-status.js';
import { INBOX_NAME, type InboxEntry } from '../webhooks/inbox.js';
import { MAX_URL_LENGTH, type Subscription } from '../installations/subscriptions.js';
import type { GivenBack, Lease, LeaseRequest } from '../webhooks/leases.js';
import type { TriggerOptions, TriggerResult } from '../webhooks/trigger.js';

export type { TriggerResult } from '../webhooks/trigger.js';

/** What the webhook control routes drive (the emulator implements it). */
export interface WebhookControlTarget {
  /**
   * Fires a catalog event, with `data` merged over realistic data (the record `recordId` as stored,
   * when given), in the emulated organization unless `orgId` names another.
   */
  trigger(event: string, options?: TriggerOptions): Promise<TriggerResult>;
  /** The delivery log, newest first; a 400 for an event not in the catalog (a misspelt one would list nothing). */
  deliveries(filter: DeliveryFilter): Delivery[];
  /** By id, or by a unique prefix of it. */
  delivery(idOrPrefix: string): Delivery;
  replay(idOrPrefix: string): Promise<Delivery>;
  inboxEntries(name: string, limit: number): InboxEntry[];
  /** How many of an inbox's entries it dropped to keep within its bounds (src/common/limits.ts). */
  inboxDropped(name: string): number;
  /** The emulated add-on's subscriptions in its organization, active and disabled. */
  subscriptions(): Subscription[];
  /**
   * Makes or replaces the emulated add-on's subscription to `event` in its organization, held to the
   * rules of POST /events/subscribe (catalog, the granted scope, URL, parity), without a token, rate
   * limit or audit entry; `isActive: false` puts back a disabled one. `created` when there was none.
   */
  subscribe(
    event: string,
    webhookUrl: string,
    options?: { isActive?: boolean },
  ): Promise<{ subscription: Subscription; created: boolean }>;
  /** Deletes it, as POST /events/unsubscribe does; 404 not_subscribed when there is none. */
  unsubscribe(event: string): Promise<void>;
  /**
   * Subscribes the emulated add-on to `events` at `webhookUrl` until the lease ends (`addon listen`,
   * for as long as its connection lives), held to the rules of `subscribe`, all or none.
   */
  lease(request: LeaseRequest): Promise<Lease>;
  /** Ends a live lease, answering what it gave back; 404 lease_not_found. */
  endLease(leaseId: string): Promise<GivenBack>;
  /**
   * Resolves once no time-rule sweep and no webhook attempt is in flight and none is due on the
   * emulated clock (timeRules.idle, then dispatcher.idle).
   */
  idle(): Promise<void>;
}

const hide = { hide: true };
const eventParam = {
  type: 'object',
  properties: { event: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['event'],
};
const idParam = { type: 'object', properties: { id: { type: 'string', maxLength: 64 } }, required: ['id'] };

/**
 * `addon trigger`, `addon deliveries`, `addon inbox` and `addon listen` (registered inside the guarded
 * control API).
 */
export function webhookControlRoutes(app: FastifyInstance, target: WebhookControlTarget): void {
  app.post<{ Body: { event: string; orgId?: string; recordId?: string; data?: EventData } }>('/events/trigger', {
    schema: {
      ...hide,
      body: object(
        {
          event: { type: 'string', maxLength: 100 },
          orgId: { type: 'string' },
          recordId: { type: 'string' },
          data: { type: 'object' },
        },
        ['event'],
      ),
    },
    handler: async (request, reply) => {
      const { event, orgId, recordId, data } = request.body;
      return reply.code(201).send(await target.trigger(event, { data, orgId, recordId }));
    },
  });

  // The add-on's subscriptions, without spending its rate limit or showing in its audit and scope
  // report: what `addon listen` makes for the time it runs, and gives back.
  app.get('/subscriptions', { schema: hide }, async () => ({ data: target.subscriptions() }));

  app.put<{ Params: { event: string }; Body: { webhookUrl: string; isActive?: boolean } }>('/subscriptions/:event', {
    schema: {
      ...hide,
      params: eventParam,
      body: object(
        { webhookUrl: { type: 'string', minLength: 1, maxLength: MAX_URL_LENGTH }, isActive: { type: 'boolean' } },
        ['webhookUrl'],
      ),
    },
    handler: async (request, reply) => {
      const { webhookUrl, isActive } = request.body;
      const { subscription, created } = await target.subscribe(request.params.event, webhookUrl, { isActive });
      return reply.code(created ? 201 : 200).send(subscription);
    },
  });

  app.delete<{ Params: { event: string } }>('/subscriptions/:event', {
    schema: { ...hide, params: eventParam },
    handler: async (request, reply) => {
      await target.unsubscribe(request.params.event);
      return reply.code(204).send();
    },
  });

  app.get<{ Querystring: DeliveryFilter }>('/deliveries', {
    schema: {
      ...hide,
      querystring: object({
        event: { type: 'string' },
        status: { type: 'string', enum: DELIVERY_STATUSES },
        limit: { type: 'integer', minimum: 1, maximum: MAX_DELIVERIES, default: 50 },
      }),
    },
    handler: async (request) => ({ data: target.deliveries(request.query) }),
  });

  app.get<{ Params: { id: string } }>('/deliveries/:id', {
    schema: { ...hide, params: idParam },
    handler: async (request) => target.delivery(request.params.id),
  });

  app.post<{ Params: { id: string } }>('/deliveries/:id/replay', {
    schema: { ...hide, params: idParam },
    handler: async (request, reply) => reply.code(201).send(await target.replay(request.params.id)),
  });

  // Answers once every delivery in flight or due has had its attempt: what a script waits for
  // before it checks that nothing else was sent.
  app.get('/idle', { schema: hide }, async () => {
    await target.idle();
    return { idle: true };
  });

  app.get<{ Params: { name: string }; Querystring: { limit: number } }>('/inbox/:name', {
    schema: {
      ...hide,
      params: { type: 'object', properties: { name: { type: 'string', pattern: INBOX_NAME } } },
      querystring: {
        type: 'object',
        properties: { limit: { type: 'integer', minimum: 1, maximum: INBOX_KEEP, default: 50 } },
      },
    },
    handler: async (request) => ({
      data: target.inboxEntries(request.params.name, request.query.limit),
      dropped: target.inboxDropped(request.params.name),
    }),
  });
}
