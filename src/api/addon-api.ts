import type { FastifyInstance } from 'fastify';
import type { Domain } from '../domain/domain.js';
import { configRoutes, storageRoutes } from './addon-data-routes.js';
import { collectionRoutes } from './collection-routes.js';
import { sampleBodies } from '../domain/sample-examples.js';
import { eventRoutes } from './event-routes.js';
import type { SubscriptionService } from '../installations/subscriptions.js';
import type { PipelineDeps } from './pipeline.js';
import { useApiRequestPath } from './request-path.js';
import type { OpenApiDocument } from './openapi.js';
import type { Catalog } from '../domain/catalog.js';
import type { Logger } from '../common/logger.js';

/**
 * The emulated add-on REST API (register with prefix API_PREFIX, sdk/browser/addresses.ts): its
 * request path (api/request-path.ts), then its routes.
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
  await useApiRequestPath(app, deps);
  const services = [...deps.domain.collections.values()];
  const samples = sampleBodies(new Map(services.map(({ definition }) => [definition.name, definition])));
  for (const service of services) collectionRoutes(app, service, samples);
  configRoutes(app, deps.domain.config);
  storageRoutes(app, deps.domain.storage);
  eventRoutes(app, deps.subscriptions, deps.catalog);
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => deps.openApi.get());
}
