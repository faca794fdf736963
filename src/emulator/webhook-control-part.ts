import type { WebhookControlTarget } from '../control/webhook-control.js';
import { checkId } from '../installations/settings.js';
import type { LeaseRequest } from '../webhooks/leases.js';
import type { TriggerOptions } from '../webhooks/trigger.js';
import type { Webhooks } from '../webhooks/webhooks.js';
import type { Config } from './config-part.js';
import type { DomainPart } from './domain-part.js';
import type { Sessions } from './sessions-part.js';
import type { WorldPart } from './world-part.js';

export interface WebhookControlInput {
  config: Pick<Config, 'settings'>;
  webhooks: Webhooks;
  domainPart: Pick<DomainPart, 'trigger' | 'timeRules'>;
  sessions: Pick<Sessions, 'mayReceive'>;
  worldPart: Pick<WorldPart, 'leases' | 'afterGate'>;
}

/** The emulator's webhook calls (`addon trigger`, `deliveries`, `inbox`, `listen`), for the emulated add-on. */
export function webhookControl(input: WebhookControlInput): WebhookControlTarget {
  const { config, webhooks, domainPart, sessions, worldPart } = input;
  const { settings } = config;
  const { afterGate, leases } = worldPart;
  return {
    trigger: afterGate(async (event: string, { data, orgId = settings.orgId, recordId }: TriggerOptions = {}) => {
      checkId('orgId', orgId);
      if (recordId !== undefined) checkId('recordId', recordId);
      return domainPart.trigger(event, { data, orgId, recordId });
    }),
    deliveries: (filter) => webhooks.deliveries(filter),
    delivery: (idOrPrefix) => webhooks.log.resolve(idOrPrefix),
    replay: (idOrPrefix) => webhooks.dispatcher.replay(webhooks.log.resolve(idOrPrefix).deliveryId),
    async idle() {
      // A due sweep first: the events it fires are deliveries to wait for, and so are the events
      // still queued behind a scenario's.
      await domainPart.timeRules.idle();
      await webhooks.drained();
      await webhooks.dispatcher.idle();
    },
    subscriptions: () => webhooks.subscriptions.list(settings.orgId, settings.appId),
    subscribe: afterGate(async (event: string, webhookUrl: string, { isActive = true } = {}) => {
      const { orgId, appId } = settings;
      sessions.mayReceive(event);
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
  };
}
