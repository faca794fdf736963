import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Domain } from '../domain/domain.js';
import { configRoutes, storageRoutes } from './addon-data-routes.js';
import { collectionRoutes } from './collection-routes.js';
import { eventRoutes } from './event-routes.js';
import type { SubscriptionService } from '../webhooks/subscriptions.js';
import { useErrorBodies } from './error-body.js';
import { refuseUnknownQueries } from './validation.js';
import { usePipeline, type PipelineDeps } from './pipeline.js';
import { RATE_LIMIT_HEADERS } from './rate-limit-answer.js';
import type { OpenApiDocument } from './openapi.js';
import type { Catalog } from '../webhooks/catalog.js';
import type { Logger } from '../logger.js';

/**
 * The emulated add-on REST API (register with prefix API_PREFIX, sdk/browser/addresses.ts). Add-ons call it from their iframe,
 * another origin, with a bearer token and no cookies, so any origin may call it (CORS `*`).
 *
 * The CORS headers go to requests that carry an Origin, as every cross-origin request of a browser
 * does; a backend, curl or a test client reads none of them, and two headers written and parsed on
 * every call cost the list about a tenth of its throughput (docs/performance.md). The answer then
 * varies by Origin, and says so (`Vary: Origin`).
 */
export async function addonApi(
  app: FastifyInstance,
  deps: PipelineDeps & {
    domain: Domain;
    subscriptions: SubscriptionService;
    catalog: Catalog;
    logger: Logger;
    openApi: OpenApiDocument;
  },
): Promise<void> {
  await app.register(cors, {
    origin: (origin: string | undefined, answer: (error: null, allow: false | '*') => void) =>
      answer(null, origin === undefined ? false : '*'),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: RATE_LIMIT_HEADERS,
    maxAge: 600,
  });
  usePipeline(app, deps);
  useErrorBodies(app, deps.logger);
  refuseUnknownQueries(app);
  for (const service of deps.domain.collections.values()) collectionRoutes(app, service);
  configRoutes(app, deps.domain.config);
  storageRoutes(app, deps.domain.storage);
  eventRoutes(app, deps.subscriptions, deps.catalog);
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => deps.openApi.get());
}
