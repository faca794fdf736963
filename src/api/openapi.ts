import type { SwaggerOptions } from '@fastify/swagger';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { ScopeList } from '../auth/scopes.js';
import type { EmulatorSettings } from '../emulator/settings.js';
import { API_PREFIX } from './addon-api.js';

/** The OpenAPI document of the emulated API, made on its first request. */
export interface OpenApiDocument {
  /** Records every route `app` (and every plugin registered in it later) adds. */
  collect(app: FastifyInstance): void;
  /** The document; built once, then the same object. */
  get(): Promise<unknown>;
}

/**
 * The OpenAPI 3 document of the emulated API, made by @fastify/swagger from the same route schemas
 * that validate requests. Only the add-on API is described; each operation names its scope.
 *
 * The routes are recorded as they are registered, and the document is built from them on its first
 * request, on an instance of its own. Registered with the app instead, @fastify/swagger loads its
 * OpenAPI code and the `yaml` package at every start (about 12 ms of `addon exec -- true`, whose
 * emulator is rarely asked for the document; docs/performance.md).
 */
export function openApiDocument(settings: EmulatorSettings, scopes: ScopeList): OpenApiDocument {
  const routes: RouteOptions[] = [];
  let document: Promise<unknown> | null = null;
  return {
    collect(app) {
      app.addHook('onRoute', (route) => void routes.push(route));
    },
    get: () => (document ??= build(openApiOptions(settings, scopes), routes)),
  };
}

async function build(options: SwaggerOptions, routes: RouteOptions[]): Promise<unknown> {
  const { default: swagger } = await import('@fastify/swagger');
  // The recorded routes include the HEAD routes fastify added for each GET: add none of its own.
  const app = Fastify({ exposeHeadRoutes: false });
  // Only the schemas' text is read here, never compiled.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, options);
  await app.register(async (scope) => {
    for (const { method, url, schema, config } of routes) scope.route({ method, url, schema, config, handler: noop });
  });
  await app.ready();
  return app.swagger();
}

const noop = async () => null;

function openApiOptions(settings: EmulatorSettings, scopes: ScopeList): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Add-on REST API (emulated)',
        version: '1',
        description:
          `The add-on REST API of the accounting service, as served by the local emulator for ${settings.appId}. ` +
          `Every call but the event catalog and this document needs a session token (Authorization: Bearer) carrying the operation's scope; ` +
          `known scopes: ${scopes.all.join(', ')}, <resource>.* and *.`,
      },
      components: { securitySchemes: { session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ session: [] }],
    },
    transform: ({ schema, url, route }) => {
      const scope = route.config?.scope;
      if (!url.startsWith(API_PREFIX)) return { schema: { ...schema, hide: true }, url };
      const described = scope
        ? { ...schema, description: `Requires scope \`${scope}\`. ${schema?.description ?? ''}`.trim() }
        : schema;
      return { schema: described, url };
    },
  };
}
