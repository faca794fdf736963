import type { FastifyInstance } from 'fastify';
import { scopeToReceive, type Catalog } from '../webhooks/catalog.js';
import { MAX_URL_LENGTH, type Subscription, type SubscriptionService } from '../webhooks/subscriptions.js';
import { requireScope, sessionOf } from './pipeline.js';
import { errorResponse } from './schemas.js';

const subscriptionView = {
  type: 'object',
  properties: { event: { type: 'string' }, webhookUrl: { type: 'string' }, isActive: { type: 'boolean' } },
};
const view = ({ event, webhookUrl, isActive }: Subscription) => ({ event, webhookUrl, isActive });
const eventName = { type: 'string', minLength: 1, maxLength: 100 };
const tags = ['events'];

/** The event catalog (public) and the add-on's subscriptions. */
export function eventRoutes(app: FastifyInstance, subscriptions: SubscriptionService, catalog: Catalog): void {
  const published = { data: catalog.published(), total: catalog.events.length };
  app.get('/events/catalog', {
    config: { public: true },
    schema: {
      tags,
      summary: 'The event catalog: every event, the scope a subscriber needs and the schema of its data',
      security: [],
    },
    handler: async () => published,
  });

  app.post<{ Body: { event: string; webhookUrl: string } }>('/events/subscribe', {
    schema: {
      tags,
      summary: "Subscribe to an event (needs the read scope of the event's resource); again re-activates",
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { event: eventName, webhookUrl: { type: 'string', minLength: 1, maxLength: MAX_URL_LENGTH } },
        required: ['event', 'webhookUrl'],
      },
      response: {
        200: { type: 'object', properties: { data: subscriptionView } },
        201: { type: 'object', properties: { data: subscriptionView } },
        default: errorResponse,
      },
    },
    handler: async (request, reply) => {
      const { event, webhookUrl } = request.body;
      requireScope(request, scopeToReceive(catalog.known(event)));
      const { orgId, appId } = sessionOf(request);
      const { subscription, created } = await subscriptions.subscribe(orgId, appId, event, webhookUrl);
      return reply.code(created ? 201 : 200).send({ data: view(subscription) });
    },
  });

  app.get('/events/subscriptions', {
    schema: {
      tags,
      summary: "The add-on's subscriptions in this organization",
      response: {
        200: {
          type: 'object',
          properties: { data: { type: 'array', items: subscriptionView }, total: { type: 'integer' } },
        },
        default: errorResponse,
      },
    },
    handler: async (request) => {
      const { orgId, appId } = sessionOf(request);
      const list = subscriptions.list(orgId, appId).map(view);
      return { data: list, total: list.length };
    },
  });

  app.post<{ Body: { event: string } }>('/events/unsubscribe', {
    schema: {
      tags,
      summary: 'Unsubscribe from an event (the subscription is deleted)',
      body: { type: 'object', additionalProperties: false, properties: { event: eventName }, required: ['event'] },
      response: { 204: { type: 'null', description: 'Unsubscribed' }, default: errorResponse },
    },
    handler: async (request, reply) => {
      const { event } = request.body;
      requireScope(request, scopeToReceive(catalog.known(event)));
      const { orgId, appId } = sessionOf(request);
      await subscriptions.unsubscribe(orgId, appId, event);
      return reply.code(204).send();
    },
  });
}
