import { describe, expect, it } from 'vitest';
import { createClock } from '../../src/common/clock.js';
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';
import { openDocumentStore } from '../../src/store/document-store.js';
import { memoryPersistence } from '../../src/store/memory-persistence.js';
import { createLeases } from '../../src/webhooks/leases.js';
import { createSubscriptionService } from '../../src/installations/subscriptions.js';

/**
 * The leases over a store and subscriptions of their own, for what the control API cannot bring
 * about at will: two leases asked for in one tick, a subscription that fails half way through one.
 */
const owner = { orgId: 'org_demo', appId: 'com.example.app' };
const OWN = 'http://127.0.0.1:3000/webhooks';
const [A, B] = ['http://127.0.0.1:9/a', 'http://127.0.0.1:9/b'];

async function setup({ failing }: { failing?: { url: string; event: string } } = {}) {
  const store = await openDocumentStore(memoryPersistence());
  const subscriptions = createSubscriptionService({ store, clock: createClock(), catalog: DEFAULT_REGISTRY.catalog });
  const subscribe = subscriptions.subscribe;
  subscriptions.subscribe = async (orgId, appId, event, webhookUrl) => {
    if (failing?.url === webhookUrl && failing.event === event) throw new Error(`${event} failed`);
    return subscribe(orgId, appId, event, webhookUrl);
  };
  const leases = createLeases({ subscriptions, store, owner, mayReceive: () => {}, logger: { error: () => {} } });
  const urls = () => subscriptions.list(owner.orgId, owner.appId).map((s) => `${s.event} ${s.webhookUrl}`);
  return { subscriptions, leases, urls };
}

describe('leases', () => {
  it('asked for in one tick, stack in the order asked: the second one ended first hands back to the first', async () => {
    const { subscriptions, leases, urls } = await setup();
    await subscriptions.subscribe(owner.orgId, owner.appId, 'invoice.paid', OWN);
    const own = subscriptions.list(owner.orgId, owner.appId);
    const [first, second] = await Promise.all(
      [A, B].map((url) => leases.take({ webhookUrl: url, events: ['invoice.paid'] })),
    );
    expect(urls()).toEqual([`invoice.paid ${B}`]);
    expect(await second!.end()).toEqual({ removed: [], restored: [], handedOver: ['invoice.paid'] });
    expect(urls()).toEqual([`invoice.paid ${A}`]);
    expect(await first!.end()).toEqual({ removed: [], restored: own, handedOver: [] });
    expect(subscriptions.list(owner.orgId, owner.appId)).toEqual(own);
  });

  it("one that fails half way over another gives back what it made to it, which gives back the add-on's own", async () => {
    const { subscriptions, leases, urls } = await setup({ failing: { url: B, event: 'invoice.sent' } });
    await subscriptions.subscribe(owner.orgId, owner.appId, 'invoice.paid', OWN);
    const own = subscriptions.list(owner.orgId, owner.appId);
    const events = ['invoice.paid', 'invoice.sent'];
    const first = await leases.take({ webhookUrl: A, events });
    await expect(leases.take({ webhookUrl: B, events })).rejects.toThrow('invoice.sent failed');
    expect(urls()).toEqual([`invoice.paid ${A}`, `invoice.sent ${A}`]);
    expect(await first.end()).toEqual({ removed: ['invoice.sent'], restored: own, handedOver: [] });
    expect(subscriptions.list(owner.orgId, owner.appId)).toEqual(own);
  });
});
