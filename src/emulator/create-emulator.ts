import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { API_PREFIX, DEFAULT_HOST, DEFAULT_PORT } from '../sdk/browser/addresses.js';
import { openAuditLog } from '../audit/audit-log.js';
import { createScopeUsage } from '../audit/scope-report.js';
import { loadOrCreateKeys } from '../auth/keys.js';
import { createRateLimiter } from '../auth/rate-limit.js';
import { covers } from '../auth/scopes.js';
import { createTokenService, type SessionClaims } from '../auth/tokens.js';
import { realTimers } from '../shared/clock.js';
import { createFaultSet, type FaultSet } from '../faults/fault-set.js';
import { createParityLog } from '../parity/parity-log.js';
import { newSeed } from '../faults/seeded-random.js';
import type { EmulatorStatus } from '../control/control-api.js';
import type { DemoAddon } from './demo-server.js';
import { ADDON_CONFIG, ADDON_STORAGE } from '../domain/addon-data.js';
import { listNewestFirst } from '../domain/collection-service.js';
import { createDomain } from '../domain/domain.js';
import { seedOrganization } from '../domain/seed.js';
import { createTimeRules } from '../domain/time-rules.js';
import { coverageAnswers } from '../coverage/answers.js';
import { recordDelivery } from '../coverage/deliveries.js';
import { emulatorCoverage } from '../coverage/emulator-coverage.js';
import { createRecorder } from '../coverage/recorder.js';
import { makeCoverageDir } from '../coverage/coverage-dir.js';
import { CLOCK_ADVANCED, timeRuleItem } from '../coverage/surface.js';
import { ApiError, UserError } from '../shared/errors.js';
import { warningLogger } from '../shared/logger.js';
import { lockDataDir } from '../store/data-dir.js';
import { openDocumentStore } from '../store/document-store.js';
import { filePersistence } from '../store/file-persistence.js';
import { memoryPersistence } from '../store/memory-persistence.js';
import type { Refusal } from '../api/pipeline.js';
import { createListeners } from '../shared/listeners.js';
import { scopeToReceive } from '../domain/catalog.js';
import { createTrigger, type TriggerOptions } from '../webhooks/trigger.js';
import { createWebhooks } from '../webhooks/webhooks.js';
import { hostPageOrigin } from './host-page-origin.js';
import { createLeases, type LeaseRequest } from '../webhooks/leases.js';
import { isInboxUrl } from '../webhooks/inbox.js';
import { onThisMachine } from '../webhooks/local-receiver.js';
import { readJsonFile } from '../shared/json/json-file.js';
import { SCENARIO_BOUNDS, STATE_BOUNDS } from '../shared/limits.js';
import type { StateFile } from '../state/state-file.js';
import { createWorld, type Checkpoint, type World } from '../state/world.js';
import { createWorldGate } from '../state/world-gate.js';
import { checkScenario } from '../scenarios/scenario-check.js';
import { runScenario } from '../scenarios/run-scenario.js';
import { listenOn, originsAt, plannedUrl } from './listen.js';
import { earlyServer } from './early-server.js';
import { keepInternals } from './internals.js';
import type { Emulator, EmulatorOptions } from './emulator.js';
import { openPersistedClock } from '../state/persisted-clock.js';
import { createRegistry } from '../domain/resources/registry.js';
import { createInstallations } from '../installations/installations.js';
import { sessionPolicy } from '../installations/session-policy.js';
import { checkId, checkWebhookTimeout, resolveSettings } from '../installations/settings.js';

// Its callers take the types with the function.
export type { Emulator, EmulatorOptions } from './emulator.js';

/**
 * The one programmatic core: `addon dev`, `addon exec`, the host page and the tests all use it.
 * It wires the parts together; each behaviour lives in the module named for it.
 */
export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const registry = createRegistry(options.resources);
  const settings = resolveSettings(options, registry.scopes);
  checkWebhookTimeout(options.webhookTimeoutMs, options.strict);
  const dataDir = options.dataDir ?? null;
  const lock = dataDir ? await lockDataDir(dataDir) : null;
  const opened: Array<{ close(): Promise<void> }> = [];
  try {
    const logger = options.logger ?? warningLogger;
    const store = await openDocumentStore(dataDir ? filePersistence(dataDir, { logger }) : memoryPersistence());
    opened.push(store);
    const audit = await openAuditLog(dataDir ? join(dataDir, 'audit.log') : undefined, logger);
    opened.push(audit);
    const keys = await loadOrCreateKeys(dataDir ?? undefined);
    const time = openPersistedClock(store, dataDir, options.clock);
    const { clock } = time;
    const tokens = createTokenService({ keys, clock });
    const faults = configuredFaults(options);
    const timers = options.timers ?? realTimers;
    const parity = createParityLog({ clock, strict: options.strict ?? false });
    const usage = createScopeUsage();
    audit.subscribe(usage.record);
    const recorder =
      options.coverage === false ? null : createRecorder({ registry, declaredScopes: settings.scopes, timers });
    const coverage =
      recorder &&
      emulatorCoverage({
        recorder,
        dir: (options.coverage && options.coverage.dir) || null,
        source: (options.coverage && options.coverage.source) || 'startEmulator',
        appId: settings.appId,
        clock,
      });
    if (coverage?.dir) await makeCoverageDir(coverage.dir);
    let url = '';
    let origins: ReadonlySet<string> = new Set();
    // Before it listens, where it will listen when the port is fixed: a subscription of `webhooks` in
    // addon.config.json to its own inbox is made then.
    const port = options.port ?? DEFAULT_PORT;
    const planned = port === 0 ? new Set<string>() : originsAt(plannedUrl(port, options.host ?? DEFAULT_HOST));
    const webhooks = createWebhooks({
      ownReceiver: (webhookUrl) =>
        isInboxUrl(webhookUrl, url ? origins : planned) ||
        (options.localReceivers === true && onThisMachine(webhookUrl)),
      parity,
      store,
      clock,
      timers,
      transport: options.webhookTransport,
      timeoutMs: options.webhookTimeoutMs,
      catalog: registry.catalog,
      logger,
      faults,
    });
    // Every record change, quiet ones too, may bring the time rules' next due instant closer.
    // `timeRules` is made below from this domain, before any record can change.
    const domain = createDomain(registry.resources, {
      store,
      clock,
      onChange(change) {
        webhooks.onChange(change);
        timeRules.onChange(change);
      },
    });
    // Records made for `addon trigger` and `addon seed` fire no events: a trigger sends exactly its
    // event, and seeding does not flood the subscribers.
    const quietDomain = createDomain(registry.resources, {
      store,
      clock,
      onChange: (change) => timeRules.onChange(change),
    });
    // The time rules change records through the domain that fires events, so theirs go out like a PATCH's.
    const timeRules = createTimeRules({
      domain,
      store,
      clock,
      timers,
      logger,
      fired: recorder ? (resource, rule) => recorder.hit('time', timeRuleItem(resource, rule.description)) : undefined,
    });
    if (recorder) webhooks.dispatcher.onAttempt((report) => recordDelivery(recorder, report));
    const trigger = createTrigger(quietDomain, webhooks, registry.catalog);
    const installations = createInstallations({
      settings,
      scopes: registry.scopes,
      store,
      clock,
      subscriptions: webhooks.subscriptions,
    });
    const token = sessionPolicy(tokens, settings, registry.scopes, installations);
    /** The grant in force where the emulated add-on is opened by default. */
    const grantedScopes = () => installations.installation(settings.orgId)?.grantedScopes ?? [];
    /** Throws unless the emulated add-on may subscribe to `event`: in the catalog, its read scope granted. */
    const mayReceive = (event: string) => {
      const scope = scopeToReceive(registry.catalog.known(event));
      const granted = grantedScopes();
      if (!covers(granted, scope))
        throw new ApiError(403, 'insufficient_scope', `${event} needs ${scope}, which the add-on is not granted`, {
          requiredScope: scope,
          grantedScopes: granted,
        });
    };
    const limiter = createRateLimiter({ limit: settings.rateLimit, clock });
    const refusals = createListeners<Refusal>();
    /** An install, change or uninstall in an organization; null: the whole world was replaced. */
    const installationChanges = createListeners<{ orgId: string | null }>();
    const gate = createWorldGate();
    const leases = createLeases({
      subscriptions: webhooks.subscriptions,
      store,
      owner: settings,
      mayReceive,
      logger,
      passage: () => gate.passage(),
    });
    const world = createWorld({
      store,
      registry,
      clock,
      time,
      dataDir,
      replacing: (tables) => installations.replacing(tables),
      async replaced(history) {
        limiter.clear();
        if (history) {
          webhooks.dispatcher.reset();
          webhooks.inbox.reload();
          // A rollback may bring back a lease that has ended since: what it held is given back now.
          await leases.recover();
        }
        // What the new world's clock makes due happens now; a timer of the records gone is dropped.
        await timeRules.sweep();
        // The installations are the world's too: whoever shows them reads them again.
        installationChanges.emit({ orgId: null });
      },
    });

    /** In process too, a change of the world made while a scenario runs waits for it (the gate). */
    const afterGate =
      <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        await gate.passage();
        return work(...args);
      };

    /**
     * Moves the clock and returns once what fell due has been done and logged: the time rules'
     * changes, then the webhook retries and the first attempts of the events those changes fired
     * (opened by the time the sweep resolves, or, with `drain`, once the events queued behind a
     * scenario's have gone out, so settle() covers them).
     */
    const advance = async (ms: number, drain: boolean) => {
      const state = await time.advance(ms);
      recorder?.hit('time', CLOCK_ADVANCED);
      await timeRules.sweep();
      if (drain) await webhooks.drained();
      webhooks.dispatcher.runDue();
      await webhooks.dispatcher.settle();
      return state;
    };

    let app: FastifyInstance | undefined;
    let demo: DemoAddon | null = null;
    let closing: Promise<void> | null = null;
    let listening = false;

    const emulator: Emulator = {
      settings,
      registry,
      dataDir,
      clock,
      faults,
      parity,
      get demoUrl() {
        return demo?.url ?? null;
      },
      get addonUrl() {
        return settings.addonUrl ?? demo?.url ?? null;
      },
      get url() {
        return url;
      },
      get hostPageUrl() {
        return url && `${hostPageOrigin(url, emulator.addonUrl)}/`;
      },
      get apiUrl() {
        return url && url + API_PREFIX;
      },
      inject: async (request) => (await appNow()).inject(request),
      coverage,

      status: (): EmulatorStatus => ({
        ...settings,
        grantedScopes: grantedScopes(),
        addonUrl: emulator.addonUrl,
        url,
        hostPageUrl: emulator.hostPageUrl,
        apiUrl: emulator.apiUrl,
        dataDir,
        ephemeral: !dataDir,
        webhookTimeoutMs: webhooks.dispatcher.timeoutMs,
        clock: time.state(),
        resources: registry.resources.map((r) => r.name),
        faultSeed: faults.seed,
        importedFrom: typeof options.state === 'string' ? options.state : options.state ? '(a state object)' : null,
        strict: parity.strict,
      }),
      token,
      clockState: time.state,
      advanceClock: afterGate((ms: number) => advance(ms, true)),

      trigger: afterGate(async (event: string, { data, orgId = settings.orgId, recordId }: TriggerOptions = {}) => {
        checkId('orgId', orgId);
        if (recordId !== undefined) checkId('recordId', recordId);
        return trigger(event, { data, orgId, recordId });
      }),
      deliveries: (filter) => webhooks.deliveries(filter),
      delivery: (idOrPrefix) => webhooks.log.resolve(idOrPrefix),
      replay: (idOrPrefix) => webhooks.dispatcher.replay(webhooks.log.resolve(idOrPrefix).deliveryId),
      async idle() {
        // A due sweep first: the events it fires are deliveries to wait for, and so are the events
        // still queued behind a scenario's.
        await timeRules.idle();
        await webhooks.drained();
        await webhooks.dispatcher.idle();
      },
      subscriptions: () => webhooks.subscriptions.list(settings.orgId, settings.appId),
      subscribe: afterGate(async (event: string, webhookUrl: string, { isActive = true } = {}) => {
        const { orgId, appId } = settings;
        mayReceive(event);
        const made = await webhooks.subscriptions.subscribe(orgId, appId, event, webhookUrl);
        if (isActive) return made;
        await webhooks.subscriptions.disable(orgId, appId, event);
        return { ...made, subscription: webhooks.subscriptions.find(orgId, appId, event)! };
      }),
      unsubscribe: afterGate((event: string) =>
        webhooks.subscriptions.unsubscribe(settings.orgId, settings.appId, event),
      ),
      lease: afterGate((request: LeaseRequest) => leases.take(request)),
      endLease: (leaseId) => leases.get(leaseId).end(),
      inboxEntries: (name, limit) => webhooks.inbox.list(name, limit).data,
      inboxDropped: (name) => webhooks.inbox.dropped(name),
      onDelivery: (listener) => webhooks.dispatcher.onAttempt(listener),
      onSubscriptionDisabled: (listener) => webhooks.dispatcher.onDisabled(listener),
      onRefused: (listener) => refusals.on(listener),

      audit: (limit) => audit.recent(limit),
      scopeReport: () => usage.report({ ...settings, grantedScopes: grantedScopes() }, registry.scopes),

      organizations: () => installations.organizations(),
      organization: (orgId) => installations.organization(orgId),
      install: afterGate(async ({ orgId = settings.orgId, ...input } = {}) => {
        const installed = await installations.install(orgId, input);
        installationChanges.emit({ orgId });
        return installed;
      }),
      uninstall: afterGate(async ({ orgId = settings.orgId } = {}) => {
        const removed = await installations.uninstall(orgId);
        installationChanges.emit({ orgId });
        return removed;
      }),
      onAudit: (listener) => audit.subscribe(listener),
      onEvent(listener) {
        const stops = [
          audit.subscribe((entry) => listener({ name: 'audit', data: entry })),
          refusals.on((refusal) => listener({ name: 'refused', data: refusal })),
          webhooks.dispatcher.onAttempt((report) => listener({ name: 'delivery', data: report })),
          webhooks.dispatcher.onDisabled((report) => listener({ name: 'subscription-disabled', data: report })),
          time.onChange((state) => listener({ name: 'clock', data: state })),
          parity.onWarning((warning) => listener({ name: 'parity', data: warning })),
          installationChanges.on((change) => listener({ name: 'installations', data: change })),
          recorder?.onChange((hits) => listener({ name: 'coverage', data: { hits } })) ?? (() => {}),
        ];
        return () => stops.forEach((stop) => stop());
      },
      records: (collection, { orgId = settings.orgId, limit, offset, order = 'oldest' }) => {
        // The add-on's own data in the organization, beside its books (the Data tab lists both).
        const owner = { orgId, appId: settings.appId };
        if (collection === ADDON_STORAGE) return domain.storage.list(owner, { limit, offset });
        if (collection === ADDON_CONFIG)
          return { data: [domain.config.get(owner)].slice(offset, offset + limit), total: 1 };
        return order === 'newest'
          ? listNewestFirst(domain.collection(collection), orgId, { limit, offset })
          : domain.collection(collection).list(orgId, { limit, offset });
      },
      record: (collection, id, { orgId = settings.orgId } = {}) => domain.collection(collection).get(orgId, id),
      seed: afterGate(({ orgId = settings.orgId, size }: { orgId?: string; size?: number } = {}) =>
        seedOrganization(quietDomain, orgId, size),
      ),

      async listen() {
        // Once, and never after close: fastify's own errors for these name none of our words.
        if (closing) throw new Error('this emulator is closed; create another to listen again');
        if (listening)
          throw new Error(`this emulator already listens${url ? ` at ${url}` : ''}; listen() is called once`);
        listening = true;
        url = await listenOn(onDemand?.server ?? app!, port, options.host ?? DEFAULT_HOST);
        origins = originsAt(url);
        await lock?.announce(url);
        if (options.demo && !settings.addonUrl) {
          const { startDemoAddon } = await import('./demo-server.js');
          demo = await startDemoAddon({ emulatorUrl: url });
        }
        // Retries and time rules that fell due while the emulator was stopped go out now (the inbox
        // needs it listening).
        webhooks.dispatcher.runDue();
        await timeRules.sweep();
        return url;
      },

      reset: afterGate(() => world.reset()),
      checkpoint: () => world.checkpoint(),
      rollback: afterGate((checkpoint: Checkpoint) => world.rollback(checkpoint)),
      exportState: () => world.export(),
      importState: afterGate((file: unknown) => world.import(file)),
      saveState: afterGate((name: string) => world.save(name)),
      restoreState: afterGate((name: string) => world.restore(name)),
      listStates: () => world.list(),
      removeState: (name) => world.remove(name),
      async scenario(input, { orgId = settings.orgId, webhooks: deliver } = {}) {
        checkId('orgId', orgId);
        const content = typeof input === 'string' ? await readJsonFile(input, SCENARIO_BOUNDS, 'the scenario') : input;
        const file = checkScenario(content, registry);
        // A scenario's own advance step cannot wait for its events: they are held until it commits.
        const advanceClock = (ms: number) => advance(ms, false);
        const deps = { domain, trigger, advanceClock, clock, webhooks, world, gate, timeRules };
        return runScenario(deps, file, { orgId, webhooks: deliver });
      },

      close() {
        closing ??= (async () => {
          // Before anything closes: what `addon listen` holds is given back, and its stream told so.
          await leases.endAll();
          await timeRules.close();
          await webhooks.close();
          await demo?.close();
          await closeHttp();
          refusals.clear();
          installationChanges.clear();
          await audit.close();
          await store.close();
          await lock?.release();
          // Last: what the closing parts did (a delivery's last attempt) is in it.
          await coverage?.close();
        })();
        return closing;
      },
    };
    keepInternals(emulator, { domain, webhooks, timeRules });

    const parts = {
      webhooks,
      settings,
      keys,
      tokens,
      limiter,
      audit,
      clock,
      timers,
      faults,
      domain,
      logger,
      registry,
      sessionScopes: (session: SessionClaims) =>
        session.appId === settings.appId ? installations.inForce(session) : session.scopes,
    };
    // Imported when made: fastify and the routes' modules are then not loaded by an `addon exec` whose
    // command makes no request (the CLI bundle keeps them in a chunk of their own).
    const buildApp = async (serverFactory?: FastifyServerOptions['serverFactory']) =>
      (await import('./http-app.js')).createHttpApp({
        ...parts,
        serverFactory,
        refused: refusals.emit,
        coverage: recorder,
        answers: recorder && coverageAnswers(recorder),
        gate,
        control: emulator,
        ownOrigins: () => origins,
        apiUrl: () => emulator.apiUrl,
        addonUrl: () => emulator.addonUrl,
        settled: () => store.settled(),
      });
    const onDemand =
      options.httpOnDemand && !coverage?.dir && options.host !== 'localhost' ? earlyServer(buildApp) : null;
    if (!onDemand) app = await buildApp();
    /** The app, made now if it is made on demand. */
    const appNow = async (): Promise<FastifyInstance> => app ?? (app = await onDemand!.app());
    /** fastify closes a server it was handed only if it listened on it itself: the early one is closed here. */
    const closeHttp = async () => {
      const building = onDemand?.started()?.catch(() => undefined);
      await (app ?? (await building))?.close();
      if (!onDemand?.server.listening) return;
      onDemand.server.closeAllConnections();
      await new Promise((resolve) => onDemand.server.close(resolve));
    };
    if (options.state !== undefined) await startFrom(world, options.state);
    const empty = registry.resources.every((r) => store.count(r.name, settings.orgId) === 0);
    if (options.seed && empty) await emulator.seed();
    // Leases of an emulator killed while they lived (`addon listen`'s subscriptions) are given back.
    await leases.recover();
    for (const { event, url } of options.webhooks ?? []) await subscribeConfigured(emulator, event, url);
    return emulator;
  } catch (error) {
    for (const resource of opened.reverse()) await resource.close().catch(() => {});
    await lock?.release();
    throw error;
  }
}

/** The world of a state file or its content; a file that will not load is the user's to fix, and changes nothing. */
async function startFrom(world: World, state: StateFile | string): Promise<void> {
  const content = typeof state === 'string' ? await readJsonFile(state, STATE_BOUNDS, 'the state file') : state;
  try {
    await world.startFrom(content);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new UserError(`${typeof state === 'string' ? state : 'state'}: ${error.message}; nothing was changed`);
  }
}

/** The rule set, seeded, with the configured rules; a bad rule is the user's to fix. */
function configuredFaults(options: EmulatorOptions): FaultSet {
  const faults = createFaultSet(options.faultSeed ?? newSeed());
  (options.faults ?? []).forEach((spec, i) => {
    try {
      faults.add(spec);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      throw new UserError(`fault rule ${i + 1} of "faults": ${error.message}`);
    }
  });
  return faults;
}

/** A configured subscription, held to the rules of POST /events/subscribe; a bad one is the user's to fix. */
async function subscribeConfigured(emulator: Emulator, event: string, url: string): Promise<void> {
  try {
    await emulator.subscribe(event, url);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new UserError(`webhook subscription to ${event} (${url}) in addon.config.json: ${error.message}`);
  }
}
