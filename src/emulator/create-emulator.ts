import { join } from 'node:path';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { openAuditLog, type AuditEntry, type AuditLog } from '../audit/audit-log.js';
import { loadOrCreateKeys } from '../auth/keys.js';
import { createRateLimiter } from '../auth/rate-limit.js';
import { createTokenService, type MintRequest, type TokenService } from '../auth/tokens.js';
import { createClock, type Clock } from '../clock.js';
import { addonApi, API_PREFIX } from '../api/addon-api.js';
import { toErrorBody, useErrorBodies } from '../api/error-body.js';
import { useJsonBodies } from '../api/json-bodies.js';
import { useStrictValidation } from '../api/validation.js';
import { CONTROL_PREFIX, controlApi, type ClockState, type ControlTarget } from '../control/control-api.js';
import { createDomain, type Domain } from '../domain/domain.js';
import { seedOrganization, type SeedSummary } from '../domain/seed.js';
import { UserError } from '../errors.js';
import { newId } from '../domain/ids.js';
import { lockDataDir } from '../store/data-dir.js';
import { openDocumentStore } from '../store/document-store.js';
import { filePersistence } from '../store/file-persistence.js';
import { memoryPersistence } from '../store/memory-persistence.js';
import type { Store } from '../store/store.js';
import { openApiOptions } from '../api/openapi.js';
import { placeholderPage } from './placeholder-page.js';
import { checkGranted, checkScopes, resolveSettings, type EmulatorSettings } from './settings.js';

export interface EmulatorOptions extends Partial<EmulatorSettings> {
  /** Where the store, keys and audit log live; without it everything stays in memory (`--ephemeral`). */
  dataDir?: string;
  /** Default 4455; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Fill the organization with sample data when it has none. */
  seed?: boolean;
  /** The emulated clock; by default real time plus the offset saved in the data dir. */
  clock?: Clock;
}

export interface Emulator extends ControlTarget {
  readonly settings: EmulatorSettings;
  readonly dataDir: string | null;
  readonly clock: Clock;
  readonly domain: Domain;
  /** `http://127.0.0.1:4455`; empty until listening. */
  readonly url: string;
  readonly apiUrl: string;
  /** Starts serving; resolves with the URL. */
  listen(): Promise<string>;
  /** Stops serving and flushes the store; safe to call twice. */
  close(): Promise<void>;
  /** In-process requests, without a socket (fastify's inject). */
  inject: FastifyInstance['inject'];
}

export const DEFAULT_PORT = 4455;
export const BODY_LIMIT = 1024 * 1024;

/** The one programmatic core: `addon dev`, `addon exec`, the host page and the tests all use it. */
export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const settings = resolveSettings(options);
  const dataDir = options.dataDir ?? null;
  const release = dataDir ? await lockDataDir(dataDir) : async () => {};
  const opened: Array<{ close(): Promise<void> }> = [];
  try {
    const store = await openDocumentStore(dataDir ? filePersistence(dataDir) : memoryPersistence());
    opened.push(store);
    const audit = await openAuditLog(dataDir ? join(dataDir, 'audit.log') : undefined);
    opened.push(audit);
    const keys = await loadOrCreateKeys(dataDir ?? undefined);
    const clock = options.clock ?? createClock({ offsetMs: savedClockOffset(store) });
    const tokens = createTokenService({ keys, clock });
    const domain = createDomain({ store, clock });
    const emulator = await assemble({ options, settings, dataDir, store, audit, keys, clock, tokens, domain, release });
    if (options.seed && store.count('customers', settings.orgId) === 0) await emulator.seed();
    return emulator;
  } catch (error) {
    for (const resource of opened.reverse()) await resource.close().catch(() => {});
    await release();
    throw error;
  }
}

interface Parts {
  options: EmulatorOptions;
  settings: EmulatorSettings;
  dataDir: string | null;
  store: Store;
  audit: AuditLog;
  keys: Awaited<ReturnType<typeof loadOrCreateKeys>>;
  clock: Clock;
  tokens: TokenService;
  domain: Domain;
  release: () => Promise<void>;
}

async function assemble(parts: Parts): Promise<Emulator> {
  const { options, settings, dataDir, store, audit, keys, clock, tokens, domain, release } = parts;
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    logger: false,
    // Errors fastify meets before routing (a malformed URL) get the same body as every other error.
    frameworkErrors: (error, _request, reply) => {
      const payload = toErrorBody(error);
      void (reply as FastifyReply).code(payload.statusCode).send(payload);
    },
    genReqId: () => newId('req'),
  });
  let url = '';
  let origins: ReadonlySet<string> = new Set();
  let closing: Promise<void> | null = null;

  const clockState = (): ClockState => ({
    now: new Date(clock.now()).toISOString(),
    nowMs: clock.now(),
    offsetMs: clock.offsetMs,
  });

  const emulator: Emulator = {
    settings,
    dataDir,
    clock,
    domain,
    get url() {
      return url;
    },
    get apiUrl() {
      return url && url + API_PREFIX;
    },
    inject: app.inject.bind(app),

    status: () => ({ ...settings, url, apiUrl: emulator.apiUrl, dataDir, ephemeral: !dataDir, clock: clockState() }),

    async mintToken(request: Partial<MintRequest> = {}) {
      const scopes = request.scopes ? checkScopes(request.scopes, 'requested') : settings.grantedScopes;
      checkGranted(settings.scopes, scopes);
      const who = resolveSettings({ ...settings, ...pick(request, ['appId', 'orgId', 'userId']) });
      return tokens.mint({
        orgId: who.orgId,
        userId: who.userId,
        appId: who.appId,
        scopes,
        expiresIn: request.expiresIn,
      });
    },

    clockState,
    async advanceClock(ms) {
      clock.advance(ms);
      await store.put('emulator', '_', { _id: 'clock', offsetMs: clock.offsetMs });
      return clockState();
    },

    auditEntries: (limit) => audit.recent(limit),
    onAudit: (listener: (entry: AuditEntry) => void) => audit.subscribe(listener),
    seed: (orgId = settings.orgId, size?: number): Promise<SeedSummary> => seedOrganization(domain, orgId, size),
    ownOrigins: () => origins,

    async listen() {
      const address = await app
        .listen({ port: options.port ?? DEFAULT_PORT, host: options.host ?? '127.0.0.1' })
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'EADDRINUSE')
            throw new UserError(`port ${options.port ?? DEFAULT_PORT} is in use: stop what runs there or pass --port`);
          if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
            throw new UserError(`cannot listen on host ${options.host}`);
          throw error;
        });
      const port = new URL(address).port;
      url = `http://${browsableHost(options.host ?? '127.0.0.1')}:${port}`;
      origins = new Set([url, `http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`]);
      return url;
    },

    close() {
      closing ??= (async () => {
        await app.close();
        await audit.close();
        await store.close();
        await release();
      })();
      return closing;
    },
  };

  useStrictValidation(app);
  useJsonBodies(app);
  useErrorBodies(app);
  await app.register(swagger, openApiOptions(settings));
  await app.register(addonApi, {
    prefix: API_PREFIX,
    tokens,
    limiter: createRateLimiter({ limit: settings.rateLimit, clock }),
    audit,
    clock,
    domain,
  });
  await app.register(controlApi, { prefix: CONTROL_PREFIX, target: emulator });
  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache').send(keys.jwks),
  );
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html').send(placeholderPage(settings, emulator.apiUrl)),
  );
  await app.ready();
  return emulator;
}

/** The clock offset saved by `addon clock advance`, so emulated time never runs backwards on restart. */
const savedClockOffset = (store: Store): number => (store.get('emulator', '_', 'clock')?.offsetMs as number) ?? 0;

/** The address a browser should use: a wildcard bind is reached through loopback. */
function browsableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]])) as Partial<
    Pick<T, K>
  >;
}
