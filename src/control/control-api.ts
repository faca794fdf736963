import type { FastifyInstance } from 'fastify';
import type { AuditEntry } from '../audit/audit-log.js';
import type { MintRequest, SessionClaims } from '../auth/tokens.js';
import type { SeedSummary } from '../domain/seed.js';
import { parseDuration } from '../duration.js';
import { useErrorBodies } from '../api/error-body.js';
import { PLAIN_ID } from '../emulator/settings.js';
import { guardControlApi } from './guard.js';
import { webhookControlRoutes, type WebhookControlTarget } from './webhook-control.js';

export const CONTROL_PREFIX = '/_emulator';

export interface ClockState {
  now: string;
  nowMs: number;
  offsetMs: number;
}

/** What the control API drives: the emulator itself (emulator/create-emulator.ts). */
export interface ControlTarget extends WebhookControlTarget {
  status(): Record<string, unknown>;
  mintToken(request?: Partial<MintRequest>): Promise<{ token: string; claims: SessionClaims }>;
  clockState(): ClockState;
  advanceClock(ms: number): Promise<ClockState>;
  auditEntries(limit: number): AuditEntry[];
  onAudit(listener: (entry: AuditEntry) => void): () => void;
  seed(orgId?: string, size?: number): Promise<SeedSummary>;
  ownOrigins(): ReadonlySet<string>;
}

const hide = { hide: true };

/**
 * The emulator's own API (not the platform's): what `addon token`, `addon clock`, `addon logs` and
 * `addon seed` call, and later the host page. It stands apart under its own prefix and guard.
 */
export async function controlApi(app: FastifyInstance, { target }: { target: ControlTarget }): Promise<void> {
  guardControlApi(app, () => target.ownOrigins());
  useErrorBodies(app);
  // Every option of a control call has a default, so no body means an empty one.
  app.addHook('preValidation', async (request) => {
    request.body ??= {};
  });

  app.get('/status', { schema: hide }, async () => target.status());

  app.post<{ Body: Partial<MintRequest> & { scopes?: string[] } }>('/tokens', {
    schema: {
      ...hide,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          scopes: { type: 'array', items: { type: 'string' }, maxItems: 100 },
          orgId: { type: 'string' },
          userId: { type: 'string' },
          appId: { type: 'string' },
          expiresIn: { type: 'integer', minimum: 1, maximum: 30 * 86400, description: 'seconds' },
        },
      },
    },
    handler: async (request, reply) => reply.code(201).send(await target.mintToken(request.body)),
  });

  app.get('/clock', { schema: hide }, async () => target.clockState());

  app.post<{ Body: { by: string } }>('/clock/advance', {
    schema: {
      ...hide,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { by: { type: 'string', maxLength: 50 } },
        required: ['by'],
      },
    },
    handler: async (request) => target.advanceClock(parseDuration(request.body.by)),
  });

  app.get<{ Querystring: { limit: number } }>('/audit', {
    schema: {
      ...hide,
      querystring: {
        type: 'object',
        properties: { limit: { type: 'integer', minimum: 1, maximum: 1000, default: 50 } },
      },
    },
    handler: async (request) => ({ data: target.auditEntries(request.query.limit) }),
  });

  // Server-sent events: one `audit` event per API call, as it happens.
  app.get('/audit/stream', { schema: hide }, (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    reply.raw.write(': audit stream\n\n');
    const stop = target.onAudit((entry) => reply.raw.write(`event: audit\ndata: ${JSON.stringify(entry)}\n\n`));
    request.raw.on('close', stop);
  });

  app.post<{ Body: { orgId?: string; size?: number } }>('/seed', {
    schema: {
      ...hide,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          orgId: { type: 'string', pattern: PLAIN_ID.source },
          size: { type: 'integer', minimum: 1, maximum: 10_000 },
        },
      },
    },
    handler: async (request, reply) => reply.code(201).send(await target.seed(request.body.orgId, request.body.size)),
  });

  webhookControlRoutes(app, target);
}
