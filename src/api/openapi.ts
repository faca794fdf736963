import type { SwaggerOptions } from '@fastify/swagger';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { ScopeList } from '../auth/scopes.js';
import type { EmulatorSettings } from '../installations/settings.js';
import { API_PREFIX } from '../sdk/browser/addresses.js';
import { RATE_LIMIT_HEADERS } from './rate-limit-answer.js';
import { errorResponse, named, nameOf } from './schemas.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's examples in the OpenAPI document (`withExamples`). */
    example?: RouteExample;
  }
}

/**
 * What the OpenAPI document gives as a route's examples, so that mock servers, documentation tools
 * and contract testers (Dredd) have a value for each path parameter and request body with their
 * default options. The body is made when the document is (samples may be asynchronous).
 */
export interface RouteExample {
  params?: Record<string, string>;
  body?: () => unknown;
}

/** The OpenAPI document of the emulated API, made on its first request. */
export interface OpenApiDocument {
  /** Records every route `app` (and every plugin registered in it later) adds. */
  collect(app: FastifyInstance): void;
  /** The document; built once, then the same object. */
  get(): Promise<unknown>;
  /** The operations it describes, as registered (fastify's HEAD routes among them): what coverage measures too. */
  operations(): DescribedOperation[];
}

/** A route the document describes, and what it says of its answers (src/coverage/surface.ts reads them). */
export interface DescribedOperation {
  method: string;
  /** As registered: the API prefix, and `:id` for a path parameter. */
  url: string;
  errorStatuses: number[];
  takesBody: boolean;
}

/** A route of the add-on API, but the document's own. */
const isDescribed = ({ url }: RouteOptions) => url.startsWith(API_PREFIX) && !url.endsWith('/openapi.json');

export interface OpenApiContext {
  settings: EmulatorSettings;
  scopes: ScopeList;
  /** The emulator's origin once listening (the document's `servers`). */
  origin(): string;
}

/**
 * The OpenAPI 3.1 document of the emulated API, made by @fastify/swagger from the same route schemas
 * that validate requests. Only the add-on API is described; each operation names its scope and the
 * errors it may answer, and the schemas given a name (`named()`: each resource's record, create and
 * patch bodies, `Error`, ...) are components that the operations refer to.
 *
 * The routes are recorded as they are registered, and the document is built from them on its first
 * request, on an instance of its own. Registered with the app instead, @fastify/swagger loads its
 * OpenAPI code and the `yaml` package at every start (about 12 ms of `addon exec -- true`, whose
 * emulator is rarely asked for the document; docs/performance.md).
 */
export function openApiDocument(context: OpenApiContext): OpenApiDocument {
  const routes: RouteOptions[] = [];
  let document: Promise<unknown> | null = null;
  return {
    collect(app) {
      app.addHook('onRoute', (route) => void routes.push(route));
    },
    get: () => (document ??= build(context, routes)),
    // A hidden route (CORS's preflight) is no operation: the document leaves it out.
    operations: () =>
      routes
        .filter((route) => isDescribed(route) && !(route.schema as { hide?: boolean } | undefined)?.hide)
        .flatMap((route) =>
          [route.method].flat().map((method) => ({
            method,
            url: route.url,
            errorStatuses: errorStatuses({ ...route, method }),
            takesBody: route.schema?.body !== undefined,
          })),
        ),
  };
}

async function build(context: OpenApiContext, routes: RouteOptions[]): Promise<unknown> {
  const { default: swagger } = await import('@fastify/swagger');
  // The recorded routes include the HEAD routes fastify added for each GET: add none of its own.
  const app = Fastify({ exposeHeadRoutes: false });
  // Only the schemas' text is read here, never compiled.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const components = new Map<string, unknown>();
  // Every documented error refers to it, whichever routes there are.
  withRefs(errorResponse, components);
  const described = routes.filter(isDescribed).map((route) => ({
    ...route,
    schema: withRefs(withErrors(withDescribedDefaults(route)), components) as RouteOptions['schema'],
  }));
  for (const [name, schema] of components) app.addSchema({ ...(schema as object), $id: name });
  await app.register(swagger, openApiOptions(context));
  await app.register(async (scope) => {
    for (const { method, url, schema, config } of described)
      scope.route({ method, url, schema, config, handler: noop });
  });
  await app.ready();
  return withExamples(withRateHeaders(app.swagger()), await examplesByOperation(described));
}

type Examples = Map<string, { params: Record<string, string>; body: unknown }>;

/** Each route's examples, its body made, by operationId (every described route has one). */
async function examplesByOperation(routes: RouteOptions[]): Promise<Examples> {
  const examples: Examples = new Map();
  for (const { schema, config } of routes) {
    const { operationId } = (schema ?? {}) as { operationId?: string };
    const { params = {}, body } = config?.example ?? {};
    if (operationId) examples.set(operationId, { params, body: await body?.() });
  }
  return examples;
}

/**
 * `document` with its examples where the tools read them: `example` on each path parameter and on
 * each media type of a request body. Said there rather than in the routes' schemas, which validate:
 * from those, @fastify/swagger keeps `examples` as a keyword of the schema (a named body's in its
 * component), where Dredd, which wants a parameter's `example`, does not look.
 */
function withExamples<D extends object>(document: D, examples: Examples): D {
  const { paths = {} } = document as { paths?: Record<string, Record<string, ExampleTarget>> };
  for (const item of Object.values(paths))
    for (const [method, operation] of Object.entries(item)) {
      const example = METHODS.has(method) && examples.get(operation.operationId ?? '');
      if (!example) continue;
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'path' && example.params[parameter.name] !== undefined)
          parameter.example = example.params[parameter.name];
      if (example.body !== undefined)
        for (const media of Object.values(operation.requestBody?.content ?? {})) media.example = example.body;
    }
  return document;
}

/** The parts of an operation `withExamples` fills. */
interface ExampleTarget {
  operationId?: string;
  parameters?: Array<{ in: string; name: string; example?: unknown }>;
  requestBody?: { content?: Record<string, { example?: unknown }> };
}

const noop = async () => null;

/** What each error status means, for every operation that may answer it. */
const ERRORS: Record<number, string> = {
  400: 'The request does not validate: the body, a parameter or the query string (details name the fields)',
  401: 'No valid session token: missing, malformed, expired, or signed by a key this emulator does not know',
  403: 'The session lacks the scope this call needs (the body names requiredScope and grantedScopes)',
  404: 'No such record in this organization',
  409: "A change the record's status does not allow",
  429: 'The rate limit of the add-on in this organization is reached: wait Retry-After seconds',
};

/**
 * The error statuses a route may answer, each documented in the OpenAPI document (and, beside them,
 * `default` for any other), and the responses coverage measures (src/coverage/surface.ts): one answer
 * for both. A public route (the event catalog) has no token, scope or rate window to fail, but
 * refuses a query parameter it does not take (every route has a query schema:
 * `refuseUnknownQueries`, validation.ts).
 */
function errorStatuses({ method, url, schema = {}, config }: RouteOptions): number[] {
  const has = (part: string) => (schema as Record<string, unknown>)[part] !== undefined;
  const sessionErrors = [
    401,
    403,
    ...(url.includes(':') ? [404] : []),
    ...(method === 'PATCH' && url.includes(':id') ? [409] : []),
    429,
  ];
  return [
    ...(has('body') || has('querystring') || has('params') ? [400] : []),
    ...(config?.public ? [] : sessionErrors),
  ];
}

/** The route's schema with each of its error statuses documented. */
function withErrors(route: RouteOptions): Record<string, unknown> {
  const { schema = {} } = route;
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const errors = Object.fromEntries(
    errorStatuses(route).map((status) => [status, { description: ERRORS[status], ...errorRef }]),
  );
  return { ...schema, response: { ...response, ...errors } };
}

const errorRef = { $ref: 'Error#' };

/**
 * The route with each `default` of its request body's schema moved into that field's description
 * (`Default: "USD".`), on a copy: the routes' own schemas, which validate, are untouched, and the
 * defaults apply as before (a create takes them from the definition's schema, `withDefaults` in
 * collection-service.ts). The document leaves the keyword out because a client generator reads a
 * field with a `default` as always present: openapi-typescript, with its default options, makes
 * `currency`, `status` or `taxRate` required in a create body that may leave them out.
 */
function withDescribedDefaults(route: RouteOptions): RouteOptions {
  const body = route.schema?.body;
  return body === undefined ? route : { ...route, schema: { ...route.schema, body: describedDefaults(body) } };
}

/** Keywords whose values are data, not schemas: nothing in them is a `default` keyword. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'examples']);
/** Keywords whose values map names to schemas (a property may be called `default`). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** `schema` without `default` keywords, at any depth, each said in its schema's description instead; names kept. */
function describedDefaults(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(describedDefaults);
  if (typeof schema !== 'object' || schema === null) return schema;
  // Made by Object.fromEntries, which defines every key as its own (a key like __proto__ included),
  // where assigning `copy[key]` would reach the prototype.
  const copied: Array<[string, unknown]> = Object.entries(schema)
    .filter(([key]) => key !== 'default')
    .map(([key, value]) => [
      key,
      DATA_KEYWORDS.has(key)
        ? value
        : SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).map(([name, item]) => [name, describedDefaults(item)]))
          : describedDefaults(value),
    ]);
  if (Object.hasOwn(schema, 'default')) {
    const { description, default: value } = schema as { description?: unknown; default?: unknown };
    const said = `Default: ${JSON.stringify(value)}.`;
    const text = typeof description === 'string' && description ? `${description}. ${said}` : said;
    const at = copied.findIndex(([key]) => key === 'description');
    if (at >= 0) copied[at] = ['description', text];
    else copied.push(['description', text]);
  }
  const copy = Object.fromEntries(copied);
  const name = nameOf(schema);
  return name ? named(name, copy) : copy;
}

const [LIMIT, REMAINING, RESET, RETRY_AFTER] = RATE_LIMIT_HEADERS;
const integer = (description: string) => ({
  description,
  required: true,
  schema: { type: 'integer' },
});
/** The rate-limit headers (rate-limit-answer.ts; docs/api.md, "Rate limit"), as the document's header components. */
const RATE_HEADERS = {
  [LIMIT]: integer('The rate budget: requests per window of this add-on in this organization'),
  [REMAINING]: integer('Requests left in the window after this one; 0 on the last allowed request and on 429'),
  [RESET]: integer('Unix time, seconds (rounded up), at which the window ends'),
  [RETRY_AFTER]: integer('Seconds until the window ends (at least 1)'),
};
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/**
 * `document` with the rate-limit headers declared, once as components and referred to from the
 * answers that carry them: every answer of an operation that needs a token, but a 401 (the caller is
 * unknown, so no window applies), and `Retry-After` on the 429. The public catalog has no window.
 */
function withRateHeaders<D extends object>(document: D): D {
  const { paths = {}, components = {} } = document as {
    paths?: Record<
      string,
      Record<
        string,
        {
          security?: unknown[];
          responses?: Record<string, Record<string, unknown>>;
        }
      >
    >;
    components?: Record<string, unknown>;
  };
  const operations = Object.values(paths).flatMap((item) =>
    Object.entries(item).flatMap(([method, operation]) => (METHODS.has(method) ? [operation] : [])),
  );
  for (const operation of operations) {
    if (operation.security?.length === 0) continue;
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (status === '401') continue;
      const names = [LIMIT, REMAINING, RESET, ...(status === '429' ? [RETRY_AFTER] : [])];
      response.headers = Object.fromEntries(names.map((name) => [name, headerRef(name)]));
    }
  }
  return { ...document, components: { ...components, headers: RATE_HEADERS } };
}

/**
 * `schema` with every named schema in it replaced by a reference to its component (collected in
 * `components`, with the named schemas inside it replaced in turn).
 */
function withRefs(schema: unknown, components: Map<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withRefs(item, components));
  if (typeof schema !== 'object' || schema === null) return schema;
  const name = nameOf(schema);
  if (name) {
    if (!components.has(name)) {
      components.set(name, null);
      components.set(name, replaceInside(schema, components));
    }
    return { $ref: `${name}#` };
  }
  return replaceInside(schema, components);
}

const replaceInside = (schema: object, components: Map<string, unknown>) =>
  Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withRefs(value, components)]));

function openApiOptions({ settings, scopes, origin }: OpenApiContext): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Add-on REST API (emulated)',
        version: '1',
        description:
          `The add-on REST API of the accounting service, as served by the local emulator for ${settings.appId}. ` +
          `Every call but the event catalog and this document needs a session token (Authorization: Bearer) carrying the operation's scope; ` +
          `known scopes: ${scopes.all.join(', ')}, <resource>.* and *.`,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: origin(), description: 'this emulator' }],
      components: {
        securitySchemes: {
          session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      security: [{ session: [] }],
    },
    // Named components keep their names (`Customer`, not `def-0`).
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (json.$id as string) ?? `def-${i}`,
    },
    transform: ({ schema, url, route }) => {
      const scope = route.config?.scope;
      const described = scope
        ? {
            ...schema,
            description: `Requires scope \`${scope}\`. ${schema?.description ?? ''}`.trim(),
          }
        : schema;
      return { schema: described, url };
    },
  };
}
