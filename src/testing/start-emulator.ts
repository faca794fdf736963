import { createEmulator, type Emulator, type EmulatorOptions } from '../emulator/create-emulator.js';
import type { ClockState } from '../control/control-api.js';
import type { TriggerResult } from '../control/webhook-control.js';
import type { TriggerOptions } from '../webhooks/trigger.js';
import { parseDuration } from '../common/duration.js';
import type { FaultSet } from '../faults/fault-set.js';
import type { Checkpoint } from '../state/world.js';
import type { ScenarioFile, ScenarioOptions, ScenarioResult } from '../scenarios/scenario-file.js';
import type { MintRequest } from '../auth/tokens.js';
import type { AuditEntry } from '../audit/audit-log.js';
import type { ScopeReport } from '../audit/scope-report.js';
import type { Delivery, DeliveryFilter } from '../webhooks/delivery-log.js';
import type { Installation } from '../installations/installation.js';
import type { OrganizationView } from '../installations/installations.js';
import type { InstallationInput } from '../installations/organizations.js';

/** What a test suite gets from `startEmulator`: a running, isolated emulator and its handles. */
export interface TestEmulator {
  /** `http://127.0.0.1:<free port>` */
  url: string;
  /** `<url>/api/addon/v1` */
  apiUrl: string;
  /**
   * A session token: the configured scopes, org and user unless told otherwise. With `variant` (one
   * of `TOKEN_VARIANTS`, e.g. `'expired'`), a bad one that the API and your backend must refuse
   * (docs/api.md#bad-tokens).
   */
  token(options?: Partial<MintRequest>): Promise<string>;
  /**
   * Fires a catalog event to the subscriptions, with `data` merged over realistic data: that of the
   * stored record `recordId` when given (a record of another resource or organization rejects).
   */
  trigger(event: string, options?: TriggerOptions): Promise<TriggerResult>;
  /** The delivery log, newest first. */
  deliveries(filter?: DeliveryFilter): Delivery[];
  /** The newest `limit` API calls (default 50), newest first, as `addon logs` shows them and `deliveries()` lists. */
  audit(limit?: number): AuditEntry[];
  /** Least privilege: per scope, declared, granted, used and refused, and the smallest list needed. */
  scopeReport(): ScopeReport;
  /**
   * Resolves once no time rule and no webhook delivery is being run or sent and none is due on the
   * emulated clock: wait for it before checking that nothing else arrived (a retry due later waits
   * for `advanceClock`).
   */
  idle(): Promise<void>;
  /**
   * Moves the emulated clock: `'90s'`, `'5m'`, `'1h'`, or milliseconds. Resolves once what fell due
   * has been done and logged: invoices past their due date are overdue, and the webhook retries and
   * the deliveries of the events that fired have had their attempts. No wait is needed after it.
   */
  advanceClock(by: string | number): Promise<ClockState>;
  /**
   * Back to the start: the option `state` when one was given (a state file's content or path), else
   * an empty world. Deliveries and rate windows are dropped; keys stay, and without `state` the clock
   * keeps its time. A webhook attempt still in flight is not logged afterwards, so a delivery from one
   * test never shows up in the next.
   */
  reset(): Promise<void>;
  /**
   * This moment, whole (records, subscriptions, counters, clock, deliveries): take one after
   * `beforeAll` seeded the world and `rollback` to it after each test; far cheaper than a reset plus
   * seeding again.
   */
  checkpoint(): Checkpoint;
  /**
   * Back to a checkpoint (as often as wanted). A webhook attempt in flight is not logged afterwards.
   * A session a test ended (an uninstall, access taken away) stays ended: mint tokens in each test.
   */
  rollback(checkpoint: Checkpoint): Promise<void>;
  /**
   * Runs a scenario (docs/scenarios.md): a file's path or its content. The whole of it is checked
   * first; on a failing step the world goes back to what it was, and the error names the step.
   * Resolves with the records its steps named (`as`), once its events were delivered.
   */
  scenario(scenario: ScenarioFile | string, options?: ScenarioOptions): Promise<ScenarioResult>;
  /**
   * Installs the add-on in an organization (the configured one by default), or changes its grant
   * and who may use it: `install({ orgId: 'org_b', grant: ['invoices.read'], roles: ['admin'] })`
   * (docs/installations.md). A session already open gets at most the new grant on its next call.
   */
  install(options?: InstallationInput & { orgId?: string }): Promise<Installation>;
  /**
   * Uninstalls it: its sessions there end (401) for good, a reinstall or a rollback does not bring
   * them back, and its subscriptions go; records and its data stay.
   */
  uninstall(options?: { orgId?: string }): Promise<{ subscriptionsRemoved: number }>;
  /** The organizations, each with its users (and their roles) and the add-on's installation in force. */
  organizations(): OrganizationView[];
  /** Stops serving and flushes its store, as `Emulator.close()` (the same name in the core and here). */
  close(): Promise<void>;
  /**
   * The fault rules in force (docs/faults.md): `faults.add({ path: '/customers', status: 503 })`,
   * `faults.list()` with each rule's hits, `faults.clear(id?)`; the option `faultSeed` repeats a run.
   */
  faults: Pick<FaultSet, 'add' | 'list' | 'clear' | 'seed'>;
  /** The emulator itself, for anything else. */
  emulator: Emulator;
}

export type TestEmulatorOptions = Omit<EmulatorOptions, 'port' | 'dataDir' | 'demo' | 'coverage'> & {
  /**
   * Where to write its coverage file when it closes (docs/coverage.md); by default the environment's
   * `ADDON_COVERAGE_DIR`, so every test worker writes its own with no change to the tests. `false`:
   * record nothing.
   */
  coverage?: string | false;
};

/** The directory coverage files go to: the option, else `ADDON_COVERAGE_DIR`, else none. */
const coverageOption = (given: string | false | undefined): EmulatorOptions['coverage'] => {
  if (given === false) return false;
  const dir = given ?? (process.env.ADDON_COVERAGE_DIR || undefined);
  return { dir, source: 'startEmulator' };
};

/**
 * Starts an emulator for add-on integration tests: in memory, on a free port of 127.0.0.1, so
 * parallel test workers never share a port or a file.
 *
 *   const emulator = await startEmulator({ appId: 'com.example.my-addon', scopes: ['customers.*'] });
 *   const token = await emulator.token();
 *   ... fetch(`${emulator.apiUrl}/customers`, { headers: { authorization: `Bearer ${token}` } }) ...
 *   await emulator.close();
 */
export async function startEmulator(options: TestEmulatorOptions = {}): Promise<TestEmulator> {
  const emulator = await createEmulator({ ...options, port: 0, coverage: coverageOption(options.coverage) });
  try {
    await emulator.listen();
  } catch (error) {
    await emulator.close();
    throw error;
  }
  return {
    url: emulator.url,
    apiUrl: emulator.apiUrl,
    emulator,
    faults: emulator.faults,
    token: async (request) => (await emulator.token(request)).token,
    trigger: (event, options) => emulator.trigger(event, options),
    deliveries: (filter = {}) => emulator.deliveries(filter),
    audit: (limit = 50) => emulator.audit(limit),
    scopeReport: () => emulator.scopeReport(),
    idle: () => emulator.idle(),
    advanceClock: (by) => emulator.advanceClock(typeof by === 'number' ? by : parseDuration(by)),
    reset: () => emulator.reset(),
    checkpoint: () => emulator.checkpoint(),
    rollback: (checkpoint) => emulator.rollback(checkpoint),
    scenario: (scenario, options) => emulator.scenario(scenario, options),
    install: (options) => emulator.install(options),
    uninstall: (options) => emulator.uninstall(options),
    organizations: () => emulator.organizations(),
    close: () => emulator.close(),
  };
}
