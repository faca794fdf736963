import { describe, expect, it } from 'vitest';
import { createClock } from '../../src/clock.js';
import { openDocumentStore } from '../../src/store/document-store.js';
import { memoryPersistence } from '../../src/store/memory-persistence.js';
import { DEFAULT_REGISTRY } from '../../src/emulator/registry.js';

const { find: findEvent } = DEFAULT_REGISTRY.catalog;
import { createDeliveryLog, MAX_DELIVERIES } from '../../src/webhooks/delivery-log.js';
import { createDispatcher } from '../../src/webhooks/dispatcher.js';
import { createSubscriptionService } from '../../src/webhooks/subscriptions.js';

const ORG = 'org_a';
const APP = 'com.example.demo-addon';
const EVENT = findEvent('ticket.created')!;

/** A dispatcher over an in-memory store, posting to `fetch`; the log starts full, so saving a new delivery trims it. */
async function setup(fetch: typeof globalThis.fetch) {
  const store = await openDocumentStore(memoryPersistence());
  const clock = createClock();
  const subscriptions = createSubscriptionService({ store, clock, catalog: DEFAULT_REGISTRY.catalog });
  const log = createDeliveryLog(store);
  await Promise.all(
    Array.from({ length: MAX_DELIVERIES }, (_, i) =>
      store.put('deliveries', '_', {
        _id: `old_${i}`,
        deliveryId: `old_${i}`,
        status: 'succeeded',
        nextAttemptAt: null,
      }),
    ),
  );
  await subscriptions.subscribe(ORG, APP, EVENT.name, 'http://127.0.0.1:9/hooks');
  const dispatcher = createDispatcher({ clock, log, subscriptions, fetch });
  return { dispatcher, log, store, subscriptions, clock };
}

describe('the dispatcher', () => {
  it('sends an attempt once when the retry timer picks up a new delivery before its first attempt starts', async () => {
    // The soak's lost acknowledgement: runDue() took a just-opened delivery and finished its first
    // attempt while emit() was still waiting for the log's trim; emit() then attempted again from its
    // stale copy and overwrote the acknowledged attempt.
    const sent: string[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)).deliveryId);
      return new Response(null, { status: sent.length === 1 ? 204 : 500 });
    }) as typeof globalThis.fetch;
    const { dispatcher, log } = await setup(fetch);

    const emitted = dispatcher.emit(ORG, EVENT, { ticketId: 'tkt_1' });
    dispatcher.runDue();
    const [delivery] = await emitted;

    expect(sent).toEqual([delivery.deliveryId]);
    const logged = log.get(delivery.deliveryId)!;
    expect(logged.status).toBe('succeeded');
    expect(logged.attempts.map((a) => a.response?.status)).toEqual([204]);
    expect(delivery).toEqual(logged);
    await dispatcher.close();
  });

  it('forgets an attempt that was in flight when the log was reset, instead of saving it back', async () => {
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    let answer!: (response: Response) => void;
    const fetch = (() => {
      started();
      return new Promise<Response>((resolve) => (answer = resolve));
    }) as unknown as typeof globalThis.fetch;
    const { dispatcher, log, store } = await setup(fetch);
    const reports: string[] = [];
    dispatcher.onAttempt(({ delivery }) => reports.push(delivery.deliveryId));

    const emitted = dispatcher.emit(ORG, EVENT, { ticketId: 'tkt_1' });
    await sending;
    // As a reset does it: the store's world is replaced, then the dispatcher told.
    const emptied = store.replace(new Map());
    dispatcher.reset();
    await emptied;
    answer(new Response(null, { status: 204 }));
    const [delivery] = await emitted;

    expect(delivery.attempts).toEqual([]);
    expect(log.list({ limit: Infinity })).toEqual([]);
    expect(reports).toEqual([]);
    await dispatcher.close();
  });

  it('runs many attempts at once without warning of a listener leak', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const fetch = (async () => {
      await new Promise((r) => setTimeout(r, 20));
      return new Response(null, { status: 204 });
    }) as unknown as typeof globalThis.fetch;
    const { dispatcher, subscriptions } = await setup(fetch);
    for (let i = 0; i < 30; i++)
      await subscriptions.subscribe(ORG, `com.example.app${i}`, EVENT.name, 'http://127.0.0.1:9/');

    const deliveries = await dispatcher.emit(ORG, EVENT, { ticketId: 'tkt_1' });
    await new Promise((r) => setImmediate(r));
    process.off('warning', onWarning);

    expect(deliveries.map((d) => d.status)).toEqual(Array(31).fill('succeeded'));
    expect(warnings).toEqual([]);
    await dispatcher.close();
  });

  /** A receiver that answers `status` only when told to: `answer()` releases the oldest request. */
  function heldReceiver(status: number) {
    const held: Array<() => void> = [];
    let arrived = () => {};
    const fetch = (() =>
      new Promise<Response>((resolve) => {
        held.push(() => resolve(new Response(null, { status })));
        arrived();
      })) as unknown as typeof globalThis.fetch;
    return {
      fetch,
      arrival: () => new Promise<void>((resolve) => (arrived = resolve)),
      answer: () => held.shift()!(),
    };
  }

  it('settle() waits for the attempts in flight when called, not for those that start later', async () => {
    const receiver = heldReceiver(204);
    const { dispatcher, log } = await setup(receiver.fetch);
    let arrived = receiver.arrival();
    const first = dispatcher.emit(ORG, EVENT, { ticketId: 'tkt_1' });
    await arrived;
    const settled = dispatcher.settle();
    arrived = receiver.arrival();
    let laterDone = false;
    const later = dispatcher.emit(ORG, EVENT, { ticketId: 'tkt_2' }).then(() => (laterDone = true));
    await arrived;

    receiver.answer();
    await settled;
    const [delivery] = await first;
    expect(log.get(delivery.deliveryId)!.status).toBe('succeeded');
    // Constant traffic cannot hold it up: the later attempt is still waiting for its answer.
    expect(laterDone).toBe(false);
    receiver.answer();
    await later;
    await dispatcher.close();
  });

  describe('idle()', () => {
    it('waits for an emit whose attempt is in flight, and resolves once it is logged', async () => {
      const receiver = heldReceiver(204);
      const { dispatcher, log } = await setup(receiver.fetch);
      const arrived = receiver.arrival();
      void dispatcher.emit(ORG, EVENT, { ticketId: 'tkt_1' });
      // Read at the moment idle() resolves: an early resolve would find no attempt logged.
      const attemptsWhenIdle = dispatcher.idle().then(() => log.list({ status: 'succeeded', limit: 1 })[0]);
      await arrived;
      receiver.answer();
      expect((await attemptsWhenIdle).attempts).toHaveLength(1);
      await dispatcher.close();
    });

    it('sends a retry that is due on the clock before resolving, and does not wait for one due later', async () => {
      const receiver = heldReceiver(500);
      const { dispatcher, log, clock } = await setup(receiver.fetch);
      let arrived = receiver.arrival();
      void dispatcher.emit(ORG, EVENT, { ticketId: 'tkt_1' });
      await arrived;
      receiver.answer();
      await dispatcher.idle();
      const [pending] = log.list({ status: 'pending', limit: 1 });
      expect(pending.attempts).toHaveLength(1);

      // Due in a minute: nothing to wait for now.
      await dispatcher.idle();
      expect(log.get(pending.deliveryId)!.attempts).toHaveLength(1);

      // Due now, though nothing called runDue(): idle() sends it and waits for its outcome.
      clock.advance(60_000);
      arrived = receiver.arrival();
      const attemptsWhenIdle = dispatcher.idle().then(() => log.get(pending.deliveryId)!.attempts.length);
      await arrived;
      receiver.answer();
      expect(await attemptsWhenIdle).toBe(2);
      await dispatcher.close();
    });
  });
});
