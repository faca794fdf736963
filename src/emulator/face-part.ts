import type { EmulatorStatus } from '../control/control-api.js';
import type { FaultSet } from '../faults/fault-set.js';
import { API_PREFIX } from '../sdk/browser/addresses.js';
import type { Webhooks } from '../webhooks/webhooks.js';
import type { Emulator, EmulatorOptions } from './emulator.js';
import { hostPageOrigin } from './host-page-origin.js';
import type { Address } from './address-part.js';
import type { Config } from './config-part.js';
import type { DomainPart } from './domain-part.js';
import type { HttpPart } from './http-part.js';
import { installationControl } from './installation-control-part.js';
import type { Lifecycle } from './lifecycle-part.js';
import { liveEvents } from './live-events-part.js';
import type { Observers } from './observers-part.js';
import { recordControl } from './record-control-part.js';
import type { Sessions } from './sessions-part.js';
import { stateControl } from './state-control-part.js';
import type { Storage } from './storage-part.js';
import { webhookControl } from './webhook-control-part.js';
import type { WorldPart } from './world-part.js';

export interface FaceInput {
  config: Config;
  storage: Pick<Storage, 'clock' | 'time' | 'audit'>;
  faults: FaultSet;
  observers: Observers;
  address: Pick<Address, 'url'>;
  webhooks: Webhooks;
  domainPart: DomainPart;
  sessions: Sessions;
  worldPart: WorldPart;
  http: Pick<HttpPart, 'app'>;
  lifecycle: Lifecycle;
  options: Pick<EmulatorOptions, 'state'>;
}

/**
 * The one object the CLI, the harness, the control API and package users drive. Its addresses are
 * getters: they change when it listens and when the demo add-on starts.
 */
export function emulatorFace(input: FaceInput): Emulator {
  const { config, storage, observers, sessions, address, lifecycle } = input;
  const { settings, registry } = config;
  const emulator: Emulator = {
    settings,
    registry,
    dataDir: config.dataDir,
    clock: storage.clock,
    faults: input.faults,
    parity: observers.parity,
    get demoUrl() {
      return lifecycle.demoUrl;
    },
    get addonUrl() {
      return settings.addonUrl ?? lifecycle.demoUrl;
    },
    get url() {
      return address.url;
    },
    get hostPageUrl() {
      return address.url && `${hostPageOrigin(address.url, emulator.addonUrl)}/`;
    },
    get apiUrl() {
      return address.url && address.url + API_PREFIX;
    },
    inject: async (request) => (await input.http.app()).inject(request),
    coverage: observers.coverage,
    status: () => statusOf(input, emulator),
    token: sessions.token,
    clockState: storage.time.state,
    advanceClock: input.worldPart.afterGate((ms: number) => input.domainPart.advance(ms, true)),
    ...webhookControl(input),
    audit: (limit) => storage.audit.recent(limit),
    scopeReport: () =>
      observers.usage.report({ ...settings, grantedScopes: sessions.grantedScopes() }, registry.scopes),
    ...installationControl(input),
    ...liveEvents(input),
    ...recordControl(input),
    listen: lifecycle.listen,
    ...stateControl(input),
    close: lifecycle.close,
  };
  return emulator;
}

function statusOf(input: FaceInput, emulator: Emulator): EmulatorStatus {
  const { settings, registry, dataDir } = input.config;
  const { state } = input.options;
  return {
    ...settings,
    grantedScopes: input.sessions.grantedScopes(),
    addonUrl: emulator.addonUrl,
    url: emulator.url,
    hostPageUrl: emulator.hostPageUrl,
    apiUrl: emulator.apiUrl,
    dataDir,
    ephemeral: !dataDir,
    webhookTimeoutMs: input.webhooks.dispatcher.timeoutMs,
    clock: input.storage.time.state(),
    resources: registry.resources.map((r) => r.name),
    faultSeed: input.faults.seed,
    importedFrom: typeof state === 'string' ? state : state ? '(a state object)' : null,
    strict: input.observers.parity.strict,
  };
}
