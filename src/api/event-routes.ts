import type { FastifyInstance } from 'fastify';
import { scopeToReceive, type Catalog } from '../domain/catalog.js';
import { MAX_URL_LENGTH, type Subscription, type SubscriptionService } from '../installations/subscriptions.js';
import { requireScope, sessionOf } from './pipeline.js';
import { errorResponse, named, pageOf, single } from './schemas.js';

const subscriptionView = named('Subscription', {
  type: 'object',
  properties: { event: { type: 'string' }, webhookUrl: { type: 'string' }, isActive: { type: 'boolean' } },
  required: ['event', 'webhookUrl', 'isActive'],
});
const catalogEvent = named('CatalogEvent', {
  type: 'object',
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    scope: { type: 'string', description: 'the scope a subscriber needs' },
    schema: { type: 'object', additionalProperties: true, description: "JSON Schema of the delivery's data" },
  },
  required: ['name', 'description', 'scope', 'schema'],
});
const view = ({ event, webhookUrl, isActive }: Subscription) => ({ event, webhookUrl, isActive });
const eventName = { type: 'string', minLength: 1, maxLength: 100 };
const tags = ['events'];

/** The event catalog (public) and the add-on's subscriptions. */
export function eventRoutes(app: FastifyInstance, subscriptions: SubscriptionService, catalog: Catalog): void {
  const published = { data: catalog.published(), total: catalog.events.length };
  // The OpenAPI document's examples (openapi.ts, RouteExample): the catalog's first event.
  const event = catalog.events[0]?.name;
  const subscription = { body: () => ({ event, webhookUrl: 'https://addon.example/webhooks' }) };
  app.get('/events/catalog', {
    config: { public: true },
    schema: {
      operationId: 'getEventCatalog',
      tags,
      summary: 'The event catalog: every event, the scope a subscriber needs and the schema of its data',
      security: [],
      response: { 200: pageOf(catalogEvent, 'Every event of the catalog') },
    },
    handler: async () => published,
  });

  app.post<{ Body: { event: string; webhookUrl: string } }>('/events/subscribe', {
    config: { example: subscription },
    schema: {
      operationId: 'subscribe',
      tags,
      summary: "Subscribe to an event (needs the read scope of the event's resource); again re-activates",
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { event: eventName, webhookUrl: { type: 'string', minLength: 1, maxLength: MAX_URL_LENGTH } },
        required: ['event', 'webhookUrl'],
      },
      response: {
        200: single(subscriptionView, 'The subscription, replaced or re-activated'),
        201: single(subscriptionView, 'The subscription, created'),
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
      operationId: 'listSubscriptions',
      tags,
      summary: "The add-on's subscriptions in this organization",
      response: { 200: pageOf(subscriptionView, 'Every subscription, active or disabled'), default: errorResponse },
    },
    handler: async (request) => {
      const { orgId, appId } = sessionOf(request);
      const list = subscriptions.list(orgId, appId).map(view);
      return { data: list, total: list.length };
    },
  });

  app.post<{ Body: { event: string } }>('/events/unsubscribe', {
    config: { example: { body: () => ({ event }) } },
    schema: {
      operationId: 'unsubscribe',
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
