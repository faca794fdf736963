import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_PREFIX } from '../api/addon-api.js';
import { openAuditLog, type AuditEntry, type AuditLog } from '../audit/audit-log.js';
import { loadOrCreateKeys, type SigningKeys } from '../auth/keys.js';
import { createRateLimiter } from '../auth/rate-limit.js';
import { createTokenService, type MintRequest, type TokenService } from '../auth/tokens.js';
import { createClock, isValidOffset, type Clock } from '../clock.js';
import type { ClockState, ControlTarget } from '../control/control-api.js';
import { createDomain, type Domain } from '../domain/domain.js';
import { seedOrganization, type SeedSummary } from '../domain/seed.js';
import { lockDataDir, type DataDirLock } from '../store/data-dir.js';
import { openDocumentStore } from '../store/document-store.js';
import { filePersistence } from '../store/file-persistence.js';
import { memoryPersistence } from '../store/memory-persistence.js';
import type { Store } from '../store/store.js';
import { startDemoAddon, type DemoAddon } from '../demo/demo-server.js';
import { createHttpApp, listenOn } from './http-app.js';
import { createListeners } from '../listeners.js';
import { ApiError, UserError } from '../errors.js';
import { covers } from '../auth/scopes.js';
import { sampleRecord } from '../domain/samples.js';
import type { AttemptReport } from '../webhooks/dispatcher.js';
import { knownEvent } from '../webhooks/subscriptions.js';
import { scopeToReceive } from '../webhooks/catalog/index.js';
import { createWebhooks, type Webhooks } from '../webhooks/webhooks.js';
import {
  checkGranted,
  checkId,
  checkScopes,
  checkWebhookTimeout,
  resolveSettings,
  type EmulatorSettings,
} from './settings.js';

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
  /** What webhook deliveries are sent with; by default the global fetch. */
  fetch?: typeof fetch;
  /** How long a webhook receiver has to answer (spec 8: 10 s, the default), 100 ms to 10 minutes. */
  webhookTimeoutMs?: number;
  /** With no add-on URL configured, serve the bundled demo add-on on a port of its own. */
  demo?: boolean;
  /** Webhook subscriptions of the add-on in its organization, made (or renewed) on start. */
  subscriptions?: Array<{ event: string; url: string }>;
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
  /**
   * Back to an empty organization world: records, subscriptions, deliveries, inbox, add-on data and
   * rate windows are dropped. Keys stay (issued tokens keep verifying) and the clock keeps its time.
   * A webhook attempt in flight still reaches its receiver, but its outcome is not logged.
   */
  reset(): Promise<void>;
  readonly webhooks: Webhooks;
  /** The bundled demo add-on's URL while it is served (option `demo`). */
  readonly demoUrl: string | null;
  /** Calls `listener` with every API call that passed the rate limit (its audit entry). */
  onAudit(listener: (entry: AuditEntry) => void): () => void;
  /** Calls `listener` after every webhook delivery attempt. */
  onDelivery(listener: (report: AttemptReport) => void): () => void;
  /** In-process requests, without a socket (fastify's inject). */
  inject(request: InjectOptions | string): Promise<LightMyRequestResponse>;
}

export const DEFAULT_PORT = 4455;

/** The one programmatic core: `addon dev`, `addon exec`, the host page and the tests all use it. */
export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const settings = resolveSettings(options);
  checkWebhookTimeout(options.webhookTimeoutMs);
  const dataDir = options.dataDir ?? null;
  const lock = dataDir ? await lockDataDir(dataDir) : null;
  const opened: Array<{ close(): Promise<void> }> = [];
  try {
    const store = await openDocumentStore(dataDir ? filePersistence(dataDir) : memoryPersistence());
    opened.push(store);
    const audit = await openAuditLog(dataDir ? join(dataDir, 'audit.log') : undefined);
    opened.push(audit);
    const keys = await loadOrCreateKeys(dataDir ?? undefined);
    const clock = options.clock ?? createClock({ offsetMs: savedClockOffset(store, dataDir) });
    const tokens = createTokenService({ keys, clock });
    const webhooks = createWebhooks({ store, clock, fetch: options.fetch, timeoutMs: options.webhookTimeoutMs });
    const domain = createDomain({ store, clock, onChange: webhooks.onChange });
    const parts = { options, settings, dataDir, store, audit, keys, clock, tokens, domain, webhooks, lock };
    const emulator = await assemble(parts);
    if (options.seed && store.count('customers', settings.orgId) === 0) await emulator.seed();
    for (const { event, url } of options.subscriptions ?? []) await subscribeConfigured(emulator, event, url);
    return emulator;
  } catch (error) {
    for (const resource of opened.reverse()) await resource.close().catch(() => {});
    await lock?.release();
    throw error;
  }
}

interface Parts {
  options: EmulatorOptions;
  settings: EmulatorSettings;
  dataDir: string | null;
  store: Store;
  audit: AuditLog;
  keys: SigningKeys;
  clock: Clock;
  tokens: TokenService;
  domain: Domain;
  webhooks: Webhooks;
  lock: DataDirLock | null;
}

async function assemble(parts: Parts): Promise<Emulator> {
  const { options, settings, dataDir, store, audit, keys, clock, tokens, domain, webhooks, lock } = parts;
  let app: FastifyInstance;
  // Records made for `addon trigger` and `addon seed` fire no events: a trigger sends exactly its
  // event, and seeding does not flood the subscribers.
  const quietDomain = createDomain({ store, clock });
  let url = '';
  let origins: ReadonlySet<string> = new Set();
  let closing: Promise<void> | null = null;
  const clockListeners = createListeners<ClockState>();
  let demo: DemoAddon | null = null;
  const limiter = createRateLimiter({ limit: settings.rateLimit, clock });

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
    webhooks,
    get demoUrl() {
      return demo?.url ?? null;
    },
    get url() {
      return url;
    },
    get apiUrl() {
      return url && url + API_PREFIX;
    },
    inject: (request) => app.inject(request),

    status: () => ({
      ...settings,
      url,
      apiUrl: emulator.apiUrl,
      dataDir,
      ephemeral: !dataDir,
      webhookTimeoutMs: webhooks.dispatcher.timeoutMs,
      clock: clockState(),
    }),

    async mintToken(request: Partial<MintRequest> = {}) {
      const scopes = request.scopes ? checkScopes(request.scopes, 'requested') : settings.grantedScopes;
      checkGranted(settings.scopes, scopes);
      const { appId, orgId, userId } = resolveSettings({
        ...settings,
        ...definedOnly({ appId: request.appId, orgId: request.orgId, userId: request.userId }),
      });
      return tokens.mint({ appId, orgId, userId, scopes, expiresIn: request.expiresIn });
    },

    clockState,
    async advanceClock(ms) {
      clock.advance(ms);
      await store.put('emulator', '_', { _id: 'clock', offsetMs: clock.offsetMs });
      webhooks.dispatcher.runDue();
      const state = clockState();
      clockListeners.emit(state);
      return state;
    },

    async trigger(event, orgId = settings.orgId, override) {
      checkId('orgId', orgId);
      const definition = knownEvent(event);
      const record = await sampleRecord(quietDomain, orgId, definition.source);
      const data = webhooks.dataOf(definition, record, record, override);
      return { event, orgId, data, deliveries: await webhooks.dispatcher.emit(orgId, definition, data) };
    },
    deliveries: (filter) => webhooks.log.list(filter),
    delivery: (idOrPrefix) => webhooks.log.resolve(idOrPrefix),
    replay: (idOrPrefix) => webhooks.dispatcher.replay(webhooks.log.resolve(idOrPrefix).deliveryId),
    idle: () => webhooks.dispatcher.idle(),
    inboxEntries: (name, limit) => webhooks.inbox.list(name, limit),
    onDelivery: (listener) => webhooks.dispatcher.onAttempt(listener),

    auditEntries: (limit) => audit.recent(limit),
    onEvent(listener) {
      const stops = [
        audit.subscribe((entry) => listener({ name: 'audit', data: entry })),
        webhooks.dispatcher.onAttempt((report) => listener({ name: 'delivery', data: report })),
        clockListeners.on((state) => listener({ name: 'clock', data: state })),
      ];
      return () => stops.forEach((stop) => stop());
    },
    records(collection, orgId = settings.orgId, window) {
      const service = domain.collections.get(collection);
      if (!service)
        throw new ApiError(
          404,
          'unknown_collection',
          `no collection ${collection}; try ${[...domain.collections.keys()].join(', ')}`,
        );
      return service.list(orgId, window);
    },
    onAudit: (listener: (entry: AuditEntry) => void) => audit.subscribe(listener),
    seed: (orgId = settings.orgId, size?: number): Promise<SeedSummary> => seedOrganization(quietDomain, orgId, size),
    ownOrigins: () => origins,

    async listen() {
      url = await listenOn(app, options.port ?? DEFAULT_PORT, options.host ?? '127.0.0.1');
      const { port } = new URL(url);
      origins = new Set([url, `http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`]);
      await lock?.announce(url);
      if (options.demo && !settings.addonUrl) {
        demo = await startDemoAddon({ emulatorUrl: url, host: options.host ?? '127.0.0.1' });
        settings.addonUrl = demo.url;
      }
      // Retries that fell due while the emulator was stopped go out now (the inbox needs it listening).
      webhooks.dispatcher.runDue();
      return url;
    },

    async reset() {
      webhooks.dispatcher.reset();
      limiter.clear();
      await store.clear();
      // The clock offset lives in the store too; keep it, so time never runs backwards.
      await store.put('emulator', '_', { _id: 'clock', offsetMs: clock.offsetMs });
    },

    close() {
      closing ??= (async () => {
        await webhooks.close();
        await demo?.close();
        await app.close();
        await audit.close();
        await store.close();
        await lock?.release();
      })();
      return closing;
    },
  };

  app = await createHttpApp({
    webhooks,
    settings,
    keys,
    tokens,
    limiter,
    audit,
    clock,
    domain,
    control: emulator,
    apiUrl: () => emulator.apiUrl,
  });
  return emulator;
}

/**
 * The clock offset saved by `addon clock advance`, so emulated time never runs backwards on restart.
 * One out of range (hand-edited, or saved by a kit that did not bound it) would break every token,
 * so the start stops and says how to mend it.
 */
function savedClockOffset(store: Store, dataDir: string | null): number {
  const saved = store.get('emulator', '_', 'clock')?.offsetMs ?? 0;
  if (isValidOffset(saved)) return saved;
  const file = join(dataDir ?? '', 'db.json');
  throw new UserError(
    `the emulated clock saved in ${file} is out of range (offsetMs ${JSON.stringify(saved)}, at most 100 years ahead); ` +
      `remove its "clock" document (under "emulator") from that file to start the clock at real time, or delete ${dataDir} to start afresh`,
  );
}

const definedOnly = <T extends object>(source: T): Partial<T> =>
  Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined)) as Partial<T>;

/** A configured subscription, held to the rules of POST /events/subscribe; a bad one is the user's to fix. */
async function subscribeConfigured(emulator: Emulator, event: string, url: string): Promise<void> {
  const { orgId, appId, grantedScopes } = emulator.settings;
  try {
    const scope = scopeToReceive(knownEvent(event));
    if (!covers(grantedScopes, scope)) throw new Error(`it needs ${scope}, which the add-on is not granted`);
    await emulator.webhooks.subscriptions.subscribe(orgId, appId, event, url);
  } catch (error) {
    throw new UserError(`webhook subscription to ${event} (${url}) in addon.config.json: ${(error as Error).message}`);
  }
}
