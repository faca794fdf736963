import type { SwaggerOptions } from '@fastify/swagger';
import { ALL_SCOPES } from '../auth/scopes.js';
import type { EmulatorSettings } from '../emulator/settings.js';
import { API_PREFIX } from './addon-api.js';

/**
 * The OpenAPI 3 document of the emulated API, made by @fastify/swagger from the same route schemas
 * that validate requests. Only the add-on API is described; each operation names its scope.
 */
export function openApiOptions(settings: EmulatorSettings): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Add-on REST API (emulated)',
        version: '1',
        description:
          `The add-on REST API of the accounting service, as served by the local emulator for ${settings.appId}. ` +
          `Every call but the event catalog and this document needs a session token (Authorization: Bearer) carrying the operation's scope; ` +
          `known scopes: ${ALL_SCOPES.join(', ')}, <resource>.* and *.`,
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
