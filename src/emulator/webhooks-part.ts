import { recordDelivery } from '../coverage/deliveries.js';
import type { FaultSet } from '../faults/fault-set.js';
import { isInboxUrl } from '../webhooks/inbox.js';
import { onThisMachine } from '../webhooks/local-receiver.js';
import { createWebhooks, type Webhooks } from '../webhooks/webhooks.js';
import type { EmulatorOptions } from './emulator.js';
import type { Address } from './address-part.js';
import type { Config } from './config-part.js';
import type { Observers } from './observers-part.js';
import type { Storage } from './storage-part.js';

export interface WebhooksInput {
  config: Pick<Config, 'registry' | 'logger' | 'timers'>;
  storage: Pick<Storage, 'store' | 'clock'>;
  faults: FaultSet;
  observers: Pick<Observers, 'parity' | 'recorder'>;
  address: Pick<Address, 'inboxOrigins'>;
  options: Pick<EmulatorOptions, 'webhookTransport' | 'webhookTimeoutMs' | 'localReceivers'>;
}

/** Subscriptions, deliveries and the inbox; made before the domain, whose every change they are told. */
export function createWebhookPart({ config, storage, faults, observers, address, options }: WebhooksInput): Webhooks {
  const { recorder } = observers;
  const webhooks = createWebhooks({
    // Its own inbox, and with `localReceivers` a receiver on this machine, is no parity gap.
    ownReceiver: (webhookUrl) =>
      isInboxUrl(webhookUrl, address.inboxOrigins()) || (options.localReceivers === true && onThisMachine(webhookUrl)),
    parity: observers.parity,
    store: storage.store,
    clock: storage.clock,
    timers: config.timers,
    transport: options.webhookTransport,
    timeoutMs: options.webhookTimeoutMs,
    catalog: config.registry.catalog,
    logger: config.logger,
    faults,
  });
  if (recorder) webhooks.dispatcher.onAttempt((report) => recordDelivery(recorder, report));
  return webhooks;
}
