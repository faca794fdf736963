import type { FastifyInstance } from 'fastify';
import { object } from '../domain/schema.js';
import type { AuditEntry } from '../audit/audit-log.js';
import { TOKEN_VARIANTS } from '../auth/bad-tokens.js';
import { MAX_TOKEN_LIFETIME_SECONDS, type MintRequest } from '../auth/tokens.js';
import type { SeedSummary } from '../domain/seed.js';
import { parseDuration } from '../common/duration.js';
import type { ClockState } from '../common/clock.js';
import { useErrorBodies } from '../api/error-body.js';
import { refuseUnknownQueries } from '../api/validation.js';
import { PLAIN_ID } from '../installations/installation-ids.js';
import { MAX_AUDIT_PAGE, MAX_SEED_SIZE } from '../common/limits.js';
import type { EmulatorStatus } from './status.js';
import type { MintSession } from '../installations/session-policy.js';
import type { EmulatorSettings } from '../installations/settings.js';
import type { Doc, Page } from '../store/store.js';
import type { Registry } from '../domain/resources/registry.js';
import { outlineOf } from '../domain/resource-outline.js';
import { guardControlApi } from './guard.js';
import { useWorldGate } from '../api/world-gate-hook.js';
import type { WorldGate } from '../state/world-gate.js';
import { faultControlRoutes } from './fault-control.js';
import type { FaultSet } from '../faults/fault-set.js';
import type { Logger } from '../common/logger.js';
import { streamEvents, type LiveEvent } from './sse.js';
import { stateControlRoutes, type StateControlTarget } from './state-control.js';
import { parityControlRoutes } from './parity-control.js';
import type { ParityLog } from '../parity/parity-log.js';
import type { ScopeReport } from '../audit/scope-report.js';
import { webhookControlRoutes, type WebhookControlTarget } from './webhook-control.js';
import { leaseControlRoutes } from './lease-control.js';
import { installationControlRoutes, type InstallationControlTarget } from './installation-control.js';
import { coverageControlRoutes } from './coverage-control.js';
import { searchControlRoutes } from './search-control.js';
import type { EmulatorCoverage } from '../coverage/emulator-coverage.js';

import { CONTROL_PREFIX } from '../sdk/browser/addresses.js';

export { CONTROL_PREFIX };
/**
 * On every control API response, refusals included: how the CLI tells an emulator from another local
 * service on the same port. Its value is the control API's version.
 */
export const EMULATOR_HEADER = 'x-addon-emulator';

export type { ClockState } from '../common/clock.js';
export type { EmulatorStatus } from './status.js';

/** What the control API drives: the emulator itself (emulator/create-emulator.ts). */
export interface ControlTarget extends WebhookControlTarget, StateControlTarget, InstallationControlTarget {
  /** What is emulated; fixed once the emulator is made. */
  readonly settings: EmulatorSettings;
  status(): EmulatorStatus;
  /**
   * A session token with its claims, as `POST /_emulator/tokens` answers (the harness's `token()`
   * resolves to the token alone, what a test sends).
   */
  token: MintSession;
  clockState(): ClockState;
  /** Moves the clock; resolves once the time rules and webhook retries that fell due are done and logged. */
  advanceClock(ms: number): Promise<ClockState>;
  audit(limit: number): AuditEntry[];
  /**
   * Every live happening: API calls (audit) and those refused before it (401, 429), delivery attempts,
   * subscriptions disabled by failed deliveries, clock moves, parity warnings, installation changes.
   */
  onEvent(listener: (event: LiveEvent) => void): () => void;
  /** The business resources served; the host page's sidebar and pages are made from them. */
  readonly registry: Registry;
  /**
   * A page of an organization's records (the configured one by default), for the host page: oldest
   * first, as the API lists them, or newest first.
   */
  records(collection: string, page: { orgId?: string; limit: number; offset: number; order?: RecordOrder }): Page<Doc>;
  /** One record of an organization (the configured one by default), as the API's GET answers it; 404 if none. */
  record(collection: string, id: string, options?: { orgId?: string }): Doc;
  /** Fills an organization (the configured one by default) with samples; `size` customers, 12 by default. */
  seed(options?: { orgId?: string; size?: number }): Promise<SeedSummary>;
  readonly faults: FaultSet;
  readonly parity: ParityLog;
  /** Least privilege: what the add-on's calls since the start needed (`addon scopes`). */
  scopeReport(): ScopeReport;
  /** What it met of the platform's surface; null when it records none. */
  readonly coverage: EmulatorCoverage | null;
}

const hide = { hide: true };

/** How `GET /_emulator/records/:collection` orders a page: as the API lists them, or newest first. */
export type RecordOrder = 'oldest' | 'newest';
const RECORD_ORDERS: readonly RecordOrder[] = ['oldest', 'newest'];

/** Control routes that neither change nor read the world (records, counters, subscriptions, add-on data, clock). */
const OUTSIDE_THE_WORLD = new Set(
  [
    'GET /audit',
    'GET /audit/stream',
    'GET /stream',
    'GET /idle',
    'GET /deliveries',
    'GET /deliveries/:id',
    'POST /deliveries/:id/replay',
    'GET /inbox/:name',
    'GET /faults',
    'POST /faults',
    'DELETE /faults',
    'DELETE /faults/:id',
    'GET /parity',
    'POST /parity',
    'GET /scopes',
    'GET /coverage',
    'POST /coverage/bridge',
    'GET /resources',
    'GET /states',
    'DELETE /states/:name',
  ].map((route) => route.replace(' /', ` ${CONTROL_PREFIX}/`)),
);

/**
 * The emulator's own API (not the platform's): what `addon token`, `addon clock`, `addon logs`,
 * `addon seed` and the host page call. It stands apart under its own prefix and guard.
 */
export async function controlApi(
  app: FastifyInstance,
  {
    target,
    logger,
    gate,
    ownOrigins,
  }: {
    target: ControlTarget;
    logger: Logger;
    gate: WorldGate;
    /** The emulator's own origins (the host page's), which the guard lets in; empty until it listens. */
    ownOrigins: () => ReadonlySet<string>;
  },
): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header(EMULATOR_HEADER, '1');
  });
  guardControlApi(app, ownOrigins);
  useErrorBodies(app, logger);
  refuseUnknownQueries(app);
  // Every option of a control call has a default, so no body means an empty one.
  app.addHook('preValidation', async (request) => {
    request.body ??= {};
  });
  // While a scenario runs, what changes or reads the world waits for it, as add-on API calls do: a
  // seed, a clock move or a saved state made meanwhile would be undone by its rollback, or hold a
  // half-made world. What happened (deliveries, audit), the session's rules and the streams pass.
  useWorldGate(app, gate, (request) => OUTSIDE_THE_WORLD.has(`${request.method} ${request.routeOptions.url}`));

  app.get('/status', { schema: hide }, async () => target.status());

  app.post<{ Body: Partial<MintRequest> & { scopes?: string[] } }>('/tokens', {
    schema: {
      ...hide,
      body: object({
        scopes: { type: 'array', items: { type: 'string' }, maxItems: 100 },
        orgId: { type: 'string' },
        userId: { type: 'string' },
        appId: { type: 'string' },
        expiresIn: { type: 'integer', minimum: 1, maximum: MAX_TOKEN_LIFETIME_SECONDS, description: 'seconds' },
        variant: { type: 'string', enum: [...TOKEN_VARIANTS], description: 'a bad token the API refuses' },
      }),
    },
    handler: async (request, reply) => reply.code(201).send(await target.token(request.body)),
  });

  app.get('/clock', { schema: hide }, async () => target.clockState());

  app.get('/scopes', { schema: hide }, async () => target.scopeReport());

  app.post<{ Body: { by: string } }>('/clock/advance', {
    schema: {
      ...hide,
      body: object({ by: { type: 'string', maxLength: 50 } }, ['by']),
    },
    handler: async (request) => target.advanceClock(parseDuration(request.body.by)),
  });

  app.get<{ Querystring: { limit: number } }>('/audit', {
    schema: {
      ...hide,
      querystring: {
        type: 'object',
        properties: { limit: { type: 'integer', minimum: 1, maximum: MAX_AUDIT_PAGE, default: 50 } },
      },
    },
    handler: async (request) => ({ data: target.audit(request.query.limit) }),
  });

  // Server-sent events: `audit` alone (addon logs --follow), or everything live (the host page).
  app.get('/audit/stream', { schema: hide }, (request, reply) =>
    streamEvents(request, reply, (send) => target.onEvent((event) => event.name === 'audit' && send(event))),
  );
  app.get('/stream', { schema: hide }, (request, reply) =>
    streamEvents(request, reply, (send) => target.onEvent(send)),
  );

  // What the host page's sidebar and pages of records are made from: the registry, never a list of its own.
  app.get('/resources', { schema: hide }, async () => ({ data: target.registry.resources.map(outlineOf) }));

  const collection = { type: 'string', maxLength: 50 };
  const orgId = { type: 'string', pattern: PLAIN_ID.source };
  app.get<{
    Params: { collection: string };
    Querystring: { orgId?: string; limit: number; offset: number; order: RecordOrder };
  }>(
    '/records/:collection',
    {
      schema: {
        ...hide,
        params: { type: 'object', properties: { collection } },
        querystring: object({
          orgId,
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
          offset: { type: 'integer', minimum: 0, default: 0 },
          order: { type: 'string', enum: [...RECORD_ORDERS], default: 'oldest' },
        }),
      },
    },
    async (request) => {
      return target.records(request.params.collection, request.query);
    },
  );

  app.get<{ Params: { collection: string; id: string }; Querystring: { orgId?: string } }>(
    '/records/:collection/:id',
    {
      schema: {
        ...hide,
        params: { type: 'object', properties: { collection, id: { type: 'string', maxLength: 64 } } },
        querystring: object({ orgId }),
      },
    },
    async (request) => ({ data: target.record(request.params.collection, request.params.id, request.query) }),
  );

  app.post<{ Body: { orgId?: string; size?: number } }>('/seed', {
    schema: {
      ...hide,
      body: object({
        orgId: { type: 'string', pattern: PLAIN_ID.source },
        size: { type: 'integer', minimum: 1, maximum: MAX_SEED_SIZE },
      }),
    },
    handler: async (request, reply) => reply.code(201).send(await target.seed(request.body)),
  });

  webhookControlRoutes(app, target);
  leaseControlRoutes(app, target, logger);
  faultControlRoutes(app, target.faults);
  stateControlRoutes(app, target);
  parityControlRoutes(app, target.parity);
  installationControlRoutes(app, target);
  coverageControlRoutes(app, target.coverage);
  searchControlRoutes(app, target);
}
