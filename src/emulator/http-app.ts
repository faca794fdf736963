import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { addonApi } from '../api/addon-api.js';
import { API_PREFIX } from '../sdk/browser/addresses.js';
import { toErrorBody } from '../api/error-body.js';
import { useAppRequestPath } from '../api/request-path.js';
import { inboxRoutes } from '../api/inbox-routes.js';
import { plainSerializerCompiler } from '../api/serialization.js';
import { strictValidatorCompiler } from '../api/validation.js';
import type { Webhooks } from '../webhooks/webhooks.js';
import { openApiDocument } from '../api/openapi.js';
import type { PipelineDeps } from '../api/pipeline.js';
import type { SigningKeys } from '../auth/keys.js';
import { CONTROL_PREFIX, controlApi, type ControlTarget } from '../control/control-api.js';
import type { Domain } from '../domain/domain.js';
import { newId } from '../domain/ids.js';
import { STORAGE_KEY } from '../domain/addon-data.js';
import { MAX_BODY_BYTES } from '../common/limits.js';
import { hostPageRoutes } from './host-page-routes.js';
import type { EmulatorSettings } from '../installations/settings.js';
import type { Registry } from '../domain/resources/registry.js';
import type { Logger } from '../common/logger.js';
import type { CoverageRecorder } from '../coverage/recorder.js';
import { URL } from '../common/node-web.js';

// Not `new URL('…', import.meta.url)`: Vite rewrites that pattern as an asset of the page in a DOM
// test environment (vitest's happy-dom, jsdom), where mockHost() runs the emulator.
/** The built host page (host-ui/ built by Vite into dist/host-ui), from src/ and dist/ alike. */
const HOST_UI = join(dirname(fileURLToPath(import.meta.url)), '../../dist/host-ui/');

export interface HttpAppParts extends PipelineDeps {
  registry: Registry;
  logger: Logger;
  settings: EmulatorSettings;
  /** What coverage met; null when it is off. */
  coverage: CoverageRecorder | null;
  webhooks: Webhooks;
  keys: SigningKeys;
  domain: Domain;
  control: ControlTarget;
  /** The emulator's own origins (the host page's): the inbox and the control API let them in. */
  ownOrigins: () => ReadonlySet<string>;
  /** The store's `settled()`: what every answer waits for (api/durable-answers.ts). */
  settled(): Promise<void> | null;
  /** The API's address once listening, for the placeholder page. */
  apiUrl: () => string;
  /** The add-on the host page frames: the configured URL, or the demo add-on's while it runs. */
  addonUrl: () => string | null;
  /** A server already made (./early-server.ts), instead of the one fastify makes when it listens. */
  serverFactory?: FastifyServerOptions['serverFactory'];
}

/** The emulator's HTTP face: the add-on API, the control API, the JWKS and the page at `/`. */
export async function createHttpApp(parts: HttpAppParts): Promise<FastifyInstance> {
  const { settings, keys, control, apiUrl, ownOrigins } = parts;
  const app = Fastify({
    bodyLimit: MAX_BODY_BYTES,
    forceCloseConnections: true,
    logger: false,
    // Errors fastify meets before routing (a malformed URL) get the same body as every other error.
    frameworkErrors: (error, _request, reply) => {
      const payload = toErrorBody(error);
      void (reply as FastifyReply).code(payload.statusCode).send(payload);
    },
    genReqId: () => newId('req'),
    // The longest name a path holds is a storage key (1-200 characters). The router's own default
    // (100) refused keys of 101-200 with 414 before the key's rule was ever asked.
    routerOptions: { maxParamLength: STORAGE_KEY.maxLength },
    schemaController: APP_COMPILERS,
    // No timer on each plugin, and on each route's step of the plugin queue, to catch one that never
    // finishes loading: the plugins are the emulator's own, set up in memory, and the ~350 timers
    // set and cleared were ~3 ms of every start (docs/performance.md).
    pluginTimeout: 0,
    serverFactory: parts.serverFactory,
  });
  useAppRequestPath(app, parts);
  const openApi = openApiDocument({
    settings,
    scopes: parts.registry.scopes,
    origin: () => (apiUrl() ? new URL(apiUrl()).origin : '/'),
  });
  openApi.collect(app);
  // Coverage measures the operations the document describes, from the same routes.
  parts.coverage?.measureOperations(() => openApi.operations());
  await app.register(addonApi, {
    prefix: API_PREFIX,
    ...parts,
    subscriptions: parts.webhooks.subscriptions,
    catalog: parts.registry.catalog,
    openApi,
  });
  await app.register(inboxRoutes, { inbox: parts.webhooks.inbox, ownOrigins });
  await app.register(controlApi, {
    prefix: CONTROL_PREFIX,
    target: control,
    logger: parts.logger,
    gate: parts.gate,
    ownOrigins,
  });
  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache').send(keys.jwks),
  );
  await app.register(hostPageRoutes, {
    root: HOST_UI,
    status: () => control.status(),
    apiUrl,
    addonUrl: parts.addonUrl,
  });
  await app.ready();
  return app;
}

/**
 * The app's own schema compilers from the start (api/request-path.ts sets them again): fastify then
 * never makes its defaults, which would load ajv and fast-json-stringify at every start. (fastify
 * types these factories as @fastify/ajv-compiler's; it calls them for a compiler, which ours are.)
 */
const APP_COMPILERS = {
  compilersFactory: { buildValidator: () => strictValidatorCompiler, buildSerializer: () => plainSerializerCompiler },
} as unknown as FastifyServerOptions['schemaController'];
