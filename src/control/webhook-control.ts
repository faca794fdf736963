import type { FastifyInstance } from 'fastify';
import type { EventData } from '../webhooks/catalog/index.js';
import type { Delivery, DeliveryFilter } from '../webhooks/delivery-log.js';
import { knownEvent } from '../webhooks/subscriptions.js';
import type { InboxEntry } from '../webhooks/inbox.js';

export interface TriggerResult {
  event: string;
  orgId: string;
  data: EventData;
  deliveries: Delivery[];
}

/** What the webhook control routes drive (the emulator implements it). */
export interface WebhookControlTarget {
  trigger(event: string, orgId?: string, data?: EventData): Promise<TriggerResult>;
  deliveries(filter: DeliveryFilter): Delivery[];
  /** By id, or by a unique prefix of it. */
  delivery(idOrPrefix: string): Delivery;
  replay(idOrPrefix: string): Promise<Delivery>;
  inboxEntries(name: string, limit: number): InboxEntry[];
  /** Resolves once no webhook attempt is in flight and none is due (dispatcher.idle). */
  idle(): Promise<void>;
}

const hide = { hide: true };
const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'];
const idParam = { type: 'object', properties: { id: { type: 'string', maxLength: 64 } }, required: ['id'] };

/** `addon trigger`, `addon deliveries` and `addon inbox` (registered inside the guarded control API). */
export function webhookControlRoutes(app: FastifyInstance, target: WebhookControlTarget): void {
  app.post<{ Body: { event: string; orgId?: string; data?: EventData } }>('/events/trigger', {
    schema: {
      ...hide,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { event: { type: 'string', maxLength: 100 }, orgId: { type: 'string' }, data: { type: 'object' } },
        required: ['event'],
      },
    },
    handler: async (request, reply) => {
      const { event, orgId, data } = request.body;
      return reply.code(201).send(await target.trigger(event, orgId, data));
    },
  });

  app.get<{ Querystring: DeliveryFilter }>('/deliveries', {
    schema: {
      ...hide,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          event: { type: 'string' },
          status: { type: 'string', enum: DELIVERY_STATUSES },
          limit: { type: 'integer', minimum: 1, maximum: 5000, default: 50 },
        },
      },
    },
    handler: async (request) => {
      // A misspelt event would list nothing, silently: say so instead.
      if (request.query.event !== undefined) knownEvent(request.query.event);
      return { data: target.deliveries(request.query) };
    },
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
        properties: { limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
      },
    },
    handler: async (request) => ({ data: target.inboxEntries(request.params.name, request.query.limit) }),
  });
}

export const INBOX_NAME = '^[A-Za-z0-9._-]{1,64}$';
