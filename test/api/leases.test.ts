import { afterEach, describe, expect, it } from 'vitest';
import { serverSentEvents, type StreamEvent } from '../../src/cli/event-stream.js';
import type { EmulatorOptions } from '../../src/emulator/create-emulator.js';
import { cleanUp, inProcess, startReceiver, tempDir } from '../helpers.js';

/**
 * `addon listen`'s lease over the control API, on real sockets: `POST /_emulator/leases` makes the
 * subscriptions and streams what happens to them for as long as its connection lives; however it
 * ends, what the lease held is given back.
 */
afterEach(cleanUp);

const BACKEND = 'http://127.0.0.1:3000/webhooks';
const view = ({ event, webhookUrl, isActive }: { event: string; webhookUrl: string; isActive: boolean }) => ({
  event,
  webhookUrl,
  isActive,
});

async function setup(options: EmulatorOptions = {}) {
  const em = await inProcess(options);
  await em.listen();
  const subscriptions = () => em.subscriptions().map(view);
  /** Opens a lease; `next(name)` reads its stream up to the next event of that name. */
  const lease = async (body: unknown, signal?: AbortSignal) => {
    const response = await fetch(`${em.url}/_emulator/leases`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    if (!response.ok) return { response, next: null };
    const events = serverSentEvents(response.body!);
    const next = async (name: string): Promise<StreamEvent> => {
      for (let { value, done } = await events.next(); !done; { value, done } = await events.next())
        if (value!.name === name) return value!;
      throw new Error(`the stream ended before its ${name}`);
    };
    return { response, next };
  };
  return { em, subscriptions, lease };
}

describe('a lease', () => {
  it('streams ready, the attempts of its subscriptions and no others, and stopped with what DELETE gave back', async () => {
    const { em, subscriptions, lease } = await setup();
    const receiver = await startReceiver();
    await em.subscribe('invoice.paid', BACKEND);
    await em.subscribe('customer.created', receiver.url);
    const before = subscriptions();

    const events = ['invoice.paid', 'invoice.sent', 'customer.created'];
    const { next } = await lease({ webhookUrl: receiver.url, events });
    const { data: held } = await next!('ready');
    expect(held).toMatchObject({
      appId: em.settings.appId,
      orgId: em.settings.orgId,
      webhookUrl: receiver.url,
      events,
      subscribed: ['invoice.paid', 'invoice.sent'],
      kept: ['customer.created'],
      replaced: [{ event: 'invoice.paid', webhookUrl: BACKEND, isActive: true }],
    });
    expect(subscriptions()).toEqual([
      { event: 'invoice.paid', webhookUrl: receiver.url, isActive: true },
      { event: 'customer.created', webhookUrl: receiver.url, isActive: true },
      { event: 'invoice.sent', webhookUrl: receiver.url, isActive: true },
    ]);

    // Another event to another URL is not the lease's; its own is.
    await em.subscribe('ticket.created', BACKEND);
    await em.trigger('ticket.created');
    const [sent] = (await em.trigger('invoice.sent')).deliveries;
    const { data: attempt } = await next!('delivery');
    expect(attempt).toMatchObject({ delivery: { deliveryId: sent!.deliveryId, event: 'invoice.sent' } });

    const leaseId = (held as { leaseId: string }).leaseId;
    const ended = await em.inject({ method: 'DELETE', url: `/_emulator/leases/${leaseId}` });
    const given = { removed: ['invoice.sent'], restored: [expect.objectContaining(before[0])] };
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual(given);
    expect((await next!('stopped')).data).toEqual(given);
    expect(subscriptions()).toEqual([...before, { event: 'ticket.created', webhookUrl: BACKEND, isActive: true }]);

    const again = await em.inject({ method: 'DELETE', url: `/_emulator/leases/${leaseId}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'lease_not_found' });
  });

  it('is given back when its connection drops, whoever drops it', async () => {
    const { em, subscriptions, lease } = await setup();
    await em.subscribe('expense.created', BACKEND, { isActive: false });
    const before = subscriptions();
    const connection = new AbortController();
    const { next } = await lease({ webhookUrl: `${em.url}/inbox/l`, events: ['expense.created'] }, connection.signal);
    await next!('ready');
    expect(subscriptions()).toEqual([{ event: 'expense.created', webhookUrl: `${em.url}/inbox/l`, isActive: true }]);
    connection.abort();
    await expect.poll(subscriptions).toEqual(before);
  });

  it("shared by two to one URL, lasts until the last of them ends, which puts back the add-on's own", async () => {
    const { em, subscriptions, lease } = await setup();
    await em.subscribe('store.order.paid', BACKEND);
    const before = subscriptions();
    const request = { webhookUrl: `${em.url}/inbox/shared`, events: ['store.order.paid'] };
    const held: Array<{ leaseId: string }> = [];
    for (let i = 0; i < 2; i++) held.push((await (await lease(request)).next!('ready')).data as { leaseId: string });
    expect(held[1]).toMatchObject({ subscribed: ['store.order.paid'], kept: [], replaced: [before[0]] });
    const end = async ({ leaseId }: { leaseId: string }) =>
      (await em.inject({ method: 'DELETE', url: `/_emulator/leases/${leaseId}` })).json();

    expect(await end(held[0]!)).toEqual({ removed: [], restored: [] });
    expect(subscriptions()).toEqual([{ ...before[0], webhookUrl: request.webhookUrl }]);
    expect(await end(held[1]!)).toMatchObject({ removed: [], restored: [before[0]] });
    expect(subscriptions()).toEqual(before);
  });

  it('makes all its subscriptions or none: an event the add-on may not receive refuses the whole lease', async () => {
    const { subscriptions, lease } = await setup({ scopes: ['customers.read'] });
    const { response } = await lease({ webhookUrl: BACKEND, events: ['customer.created', 'invoice.paid'] });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'insufficient_scope', requiredScope: 'invoices.read' });
    expect(subscriptions()).toEqual([]);
  });

  it('is held to the subscription rules: under strict, an http: URL is refused, and nothing is made', async () => {
    const { subscriptions, lease } = await setup({ strict: true });
    const { response } = await lease({ webhookUrl: BACKEND, events: ['customer.created', 'invoice.paid'] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'https_required' });
    expect(subscriptions()).toEqual([]);
  });

  it('refuses a body that is not a lease, in the one error shape', async () => {
    const { lease } = await setup();
    for (const body of [{}, { webhookUrl: BACKEND, events: [] }, { webhookUrl: BACKEND, events: ['a', 'a'] }]) {
      const { response } = await lease(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('is given back before the emulator closes, and its stream says so', async () => {
    const dataDir = await tempDir();
    const { em, lease } = await setup({ dataDir });
    await em.subscribe('product.created', BACKEND);
    const { next } = await lease({ webhookUrl: `${em.url}/inbox/l`, events: ['product.created'] });
    await next!('ready');
    const closed = em.close();
    const { data: given } = await next!('stopped');
    expect(given).toMatchObject({ removed: [], restored: [{ event: 'product.created', webhookUrl: BACKEND }] });
    await closed;
    const reopened = await inProcess({ dataDir });
    expect(reopened.subscriptions().map(view)).toEqual([
      { event: 'product.created', webhookUrl: BACKEND, isActive: true },
    ]);
  });

  it('that a rollback brings back after it ended is given back again', async () => {
    const { em, subscriptions, lease } = await setup();
    const connection = new AbortController();
    const { next } = await lease({ webhookUrl: BACKEND, events: ['ticket.solved'] }, connection.signal);
    await next!('ready');
    const during = em.checkpoint();
    connection.abort();
    await expect.poll(subscriptions).toEqual([]);
    await em.rollback(during);
    expect(subscriptions()).toEqual([]);
  });
});
