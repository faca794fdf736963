import { cp } from 'node:fs/promises';
import { basename } from 'node:path';
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
  /** A lease to `webhookUrl` for `events`, once its stream is ready: its id. */
  const take = async (webhookUrl: string, events = [EVENT]) =>
    ((await (await lease({ webhookUrl, events })).next!('ready')).data as { leaseId: string }).leaseId;
  const end = async (leaseId: string) =>
    (await em.inject({ method: 'DELETE', url: `/_emulator/leases/${leaseId}` })).json() as unknown;
  return { em, subscriptions, lease, take, end };
}

type Setup = Awaited<ReturnType<typeof setup>>;
const EVENT = 'invoice.paid';

/** Every order of `items`. */
const orders = <T>(items: T[]): T[][] =>
  items.length < 2
    ? [items]
    : items.flatMap((item, i) => orders(items.filter((_, j) => j !== i)).map((rest) => [item, ...rest]));

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
    const given = { removed: ['invoice.sent'], restored: [expect.objectContaining(before[0])], handedOver: [] };
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

    expect(await end(held[0]!)).toEqual({ removed: [], restored: [], handedOver: ['store.order.paid'] });
    expect(subscriptions()).toEqual([{ ...before[0], webhookUrl: request.webhookUrl }]);
    expect(await end(held[1]!)).toMatchObject({ removed: [], restored: [before[0]], handedOver: [] });
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

describe('overlapping leases of one event', () => {
  // The inbox each lease sends to, in the order they are taken: different URLs, and one URL twice.
  const stacks = [
    ['a', 'b'],
    ['a', 'b', 'c'],
    ['a', 'b', 'a'],
    ['a', 'a', 'b'],
  ];
  for (const names of stacks)
    for (const order of orders([...names.keys()]))
      it(`to ${names.join(', ')}, ended in the order ${order.map((i) => i + 1).join(', ')}: the newest live one's URL, then the add-on's own as it was`, async () => {
        const { em, subscriptions, take, end } = await setup();
        await em.subscribe(EVENT, BACKEND);
        const own = em.subscriptions();
        const urls = names.map((name) => `${em.url}/inbox/${name}`);
        const atUrl = (i: number) => [{ event: EVENT, webhookUrl: urls[i], isActive: true }];
        const leaseIds: string[] = [];
        for (const [i, url] of urls.entries()) {
          leaseIds.push(await take(url));
          expect(subscriptions()).toEqual(atUrl(i));
        }
        const live = [...urls.keys()];
        for (const i of order) {
          await end(leaseIds[i]!);
          live.splice(live.indexOf(i), 1);
          if (live.length) expect(subscriptions(), `after lease ${i + 1} ended`).toEqual(atUrl(live.at(-1)!));
        }
        expect(em.subscriptions()).toEqual(own);
      });

  /** Three leases of two events, over the add-on's own: one disabled, one it does not have. */
  const threeOver = async (em: Setup['em'], take: Setup['take']) => {
    await em.subscribe(EVENT, BACKEND, { isActive: false });
    const own = em.subscriptions();
    const events = [EVENT, 'invoice.sent'];
    const leaseIds: string[] = [];
    for (const name of ['a', 'b', 'c']) leaseIds.push(await take(`${em.url}/inbox/${name}`, events));
    return { own, leaseIds };
  };

  it("killed hard while they live, are given back at the next start: the add-on's own as it was", async () => {
    const dataDir = await tempDir();
    const { em, take } = await setup({ dataDir });
    const { own } = await threeOver(em, take);
    // What a kill -9 leaves: the data dir as it is (each write is on disk once answered), but for the
    // lock, whose owner (this process) lives on.
    const killed = await tempDir();
    await cp(dataDir, killed, { recursive: true, filter: (path) => basename(path) !== 'lock' });
    expect((await inProcess({ dataDir: killed })).subscriptions()).toEqual(own);
  });

  it("given back as the emulator closes, all at once: the add-on's own as it was", async () => {
    const dataDir = await tempDir();
    const { em, take } = await setup({ dataDir });
    const { own } = await threeOver(em, take);
    await em.close();
    expect((await inProcess({ dataDir })).subscriptions()).toEqual(own);
  });

  it("brought back by a rollback after they ended, are given back again: the add-on's own as it was", async () => {
    const { em, take, end } = await setup();
    const { own, leaseIds } = await threeOver(em, take);
    const during = em.checkpoint();
    for (const leaseId of leaseIds) await end(leaseId);
    expect(em.subscriptions()).toEqual(own);
    await em.rollback(during);
    expect(em.subscriptions()).toEqual(own);
  });

  // The add-on's own call while leases live is its last word: no lease that was under it gives back.
  const meanwhile = {
    're-subscribes it elsewhere': async (em: Setup['em']) => void (await em.subscribe(EVENT, `${BACKEND}/new`)),
    unsubscribes: (em: Setup['em']) => em.unsubscribe(EVENT),
  };
  for (const [what, change] of Object.entries(meanwhile))
    for (const order of orders([0, 1, 2]))
      it(`when the add-on ${what} between the second and third, ended in the order ${order.map((i) => i + 1).join(', ')}: that stays`, async () => {
        const { em, take, end } = await setup();
        await em.subscribe(EVENT, BACKEND);
        const leaseIds = [await take(`${em.url}/inbox/a`), await take(`${em.url}/inbox/b`)];
        await change(em);
        const changed = em.subscriptions();
        leaseIds.push(await take(`${em.url}/inbox/c`));
        for (const i of order) await end(leaseIds[i]!);
        expect(em.subscriptions()).toEqual(changed);
      });
});
