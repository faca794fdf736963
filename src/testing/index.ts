import { createEmulator, type Emulator, type EmulatorOptions } from '../emulator/create-emulator.js';
import type { ClockState } from '../control/control-api.js';
import type { TriggerResult } from '../control/webhook-control.js';
import { parseDuration } from '../duration.js';
import type { FaultSet } from '../faults/fault-set.js';
import type { MintRequest } from '../auth/tokens.js';
import type { EventData } from '../webhooks/catalog.js';
import type { Delivery, DeliveryFilter } from '../webhooks/delivery-log.js';

/** What a test suite gets from `startEmulator`: a running, isolated emulator and its handles. */
export interface TestEmulator {
  /** `http://127.0.0.1:<free port>` */
  url: string;
  /** `<url>/api/addon/v1` */
  apiUrl: string;
  /** A session token: the configured scopes, org and user unless told otherwise. */
  token(options?: Partial<MintRequest>): Promise<string>;
  /** Fires a catalog event to the subscriptions, with `data` merged over realistic data. */
  trigger(event: string, data?: EventData, orgId?: string): Promise<TriggerResult>;
  /** The delivery log, newest first. */
  deliveries(filter?: DeliveryFilter): Delivery[];
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
   * Drops every record, subscription, delivery and rate window; keys and clock stay. A webhook attempt
   * still in flight is not logged afterwards, so a delivery from one test never shows up in the next.
   */
  reset(): Promise<void>;
  stop(): Promise<void>;
  /**
   * The fault rules in force (docs/faults.md): `faults.add({ path: '/customers', status: 503 })`,
   * `faults.list()` with each rule's hits, `faults.clear(id?)`; the option `faultSeed` repeats a run.
   */
  faults: Pick<FaultSet, 'add' | 'list' | 'clear' | 'seed'>;
  /** The emulator itself, for anything else. */
  emulator: Emulator;
}

export type TestEmulatorOptions = Omit<EmulatorOptions, 'port' | 'dataDir' | 'demo'>;

/**
 * Starts an emulator for add-on integration tests: in memory, on a free port of 127.0.0.1, so
 * parallel test workers never share a port or a file.
 *
 *   const emulator = await startEmulator({ appId: 'com.example.my-addon', scopes: ['customers.*'] });
 *   const token = await emulator.token();
 *   ... fetch(`${emulator.apiUrl}/customers`, { headers: { authorization: `Bearer ${token}` } }) ...
 *   await emulator.stop();
 */
export async function startEmulator(options: TestEmulatorOptions = {}): Promise<TestEmulator> {
  const emulator = await createEmulator({ ...options, port: 0 });
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
    token: async (request) => (await emulator.mintToken(request)).token,
    trigger: (event, data, orgId) => emulator.trigger(event, data, orgId),
    deliveries: (filter = {}) => emulator.deliveries(filter),
    idle: () => emulator.idle(),
    advanceClock: (by) => emulator.advanceClock(typeof by === 'number' ? by : parseDuration(by)),
    reset: () => emulator.reset(),
    stop: () => emulator.close(),
  };
}
