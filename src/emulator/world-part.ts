import { createWorldGate, type WorldGate } from '../state/world-gate.js';
import { createWorld, type World } from '../state/world.js';
import { createLeases, type Leases } from '../webhooks/leases.js';
import type { Webhooks } from '../webhooks/webhooks.js';
import type { Config } from './config-part.js';
import type { DomainPart } from './domain-part.js';
import type { Sessions } from './sessions-part.js';
import type { Storage } from './storage-part.js';

/** The world as one whole: replaced at once (reset, rollback, import), and held still while a scenario runs. */
export interface WorldPart {
  /** What a change of the world waits at while a scenario runs. */
  readonly gate: WorldGate;
  /** `addon listen`'s subscriptions, given back when it goes. */
  readonly leases: Leases;
  readonly world: World;
  /** In process too, a change of the world made while a scenario runs waits for it (the gate). */
  afterGate<A extends unknown[], R>(work: (...args: A) => Promise<R>): (...args: A) => Promise<R>;
}

export interface WorldInput {
  config: Pick<Config, 'settings' | 'registry' | 'dataDir' | 'logger'>;
  storage: Pick<Storage, 'store' | 'clock' | 'time'>;
  webhooks: Pick<Webhooks, 'subscriptions' | 'dispatcher' | 'inbox'>;
  domainPart: Pick<DomainPart, 'timeRules'>;
  sessions: Pick<Sessions, 'mayReceive' | 'limiter' | 'installations' | 'installationChanges'>;
}

/** Made last of the model: a world replaced is told to every part that holds on to it in memory. */
export function createWorldPart({ config, storage, webhooks, domainPart, sessions }: WorldInput): WorldPart {
  const { store, clock, time } = storage;
  const { timeRules } = domainPart;
  const gate = createWorldGate();
  const leases = createLeases({
    subscriptions: webhooks.subscriptions,
    store,
    owner: config.settings,
    mayReceive: sessions.mayReceive,
    logger: config.logger,
    passage: () => gate.passage(),
  });
  const world = createWorld({
    store,
    registry: config.registry,
    clock,
    time,
    dataDir: config.dataDir,
    replacing: (tables) => sessions.installations.replacing(tables),
    async replaced(history) {
      sessions.limiter.clear();
      if (history) {
        webhooks.dispatcher.reset();
        webhooks.inbox.reload();
        // A rollback may bring back a lease that has ended since: what it held is given back now.
        await leases.recover();
      }
      // What the new world's clock makes due happens now; a timer of the records gone is dropped.
      await timeRules.sweep();
      // The installations are the world's too: whoever shows them reads them again.
      sessions.installationChanges.emit({ orgId: null });
    },
  });
  const afterGate: WorldPart['afterGate'] =
    (work) =>
    async (...args) => {
      await gate.passage();
      return work(...args);
    };
  return { gate, leases, world, afterGate };
}
