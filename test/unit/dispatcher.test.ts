import { describe, expect, it } from 'vitest';
import { createClock, realTimers, type Timers } from '../../src/common/clock.js';
import { openDocumentStore } from '../../src/store/document-store.js';
import { memoryPersistence } from '../../src/store/memory-persistence.js';
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';

const { find: findEvent } = DEFAULT_REGISTRY.catalog;
import { createDeliveryLog } from '../../src/webhooks/delivery-log.js';
import { MAX_DELIVERIES } from '../../src/common/limits.js';
import { createDispatcher, type DispatcherOptions } from '../../src/webhooks/dispatcher.js';
import type { FaultRule } from '../../src/faults/fault-rule.js';
import type { ReceiverAnswer, Transport } from '../../src/webhooks/http-attempt.js';
import { createSubscriptionService } from '../../src/installations/subscriptions.js';
import { MAX_WEBHOOK_ATTEMPTS_IN_FLIGHT, MAX_WEBHOOK_ATTEMPTS_PER_RECEIVER } from '../../src/common/limits.js';

/** A receiver's answer with no body, as the transport gives it. */
const answer = (statusCode: number): ReceiverAnswer => ({
  statusCode,
  headers: {},
  async *[Symbol.asyncIterator]() {},
});
type Sent = Parameters<Transport>[1];

const ORG = 'org_a';
const APP = 'com.example.demo-addon';
const EVENT = findEvent('ticket.created')!;

/** A dispatcher over an in-memory store, posting through `transport`; the log starts full, so saving a new delivery trims it. */
async function setup(transport: Transport, options: Pick<DispatcherOptions, 'timeoutMs' | 'timers' | 'faults'> = {}) {
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
  const dispatcher = createDispatcher({ clock, log, subscriptions, transport, ...options });
  return { dispatcher, log, store, subscriptions, clock };
}

describe('the dispatcher', () => {
  it('sends an attempt once when the retry timer picks up a new delivery before its first attempt starts', async () => {
    // The soak's lost acknowledgement: runDue() took a just-opened delivery and finished its first
    // attempt while emit() was still waiting for the log's trim; emit() then attempted again from its
    // stale copy and overwrote the acknowledged attempt.
    const sent: string[] = [];
    const send: Transport = async (_url: URL, init: Sent) => {
      sent.push(JSON.parse(String(init.body)).deliveryId);
      return answer(sent.length === 1 ? 204 : 500);
    };
    const { dispatcher, log } = await setup(send);

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
    let answerWith!: (response: ReceiverAnswer) => void;
    const send: Transport = () => {
      started();
      return new Promise<ReceiverAnswer>((resolve) => (answerWith = resolve));
    };
    const { dispatcher, log, store } = await setup(send);
    const reports: string[] = [];
    dispatcher.onAttempt(({ delivery }) => reports.push(delivery.deliveryId));

    const emitted = dispatcher.emit(ORG, EVENT, { ticketId: 'tkt_1' });
    await sending;
    // As a reset does it: the store's world is replaced, then the dispatcher told.
    const emptied = store.replace(new Map());
    dispatcher.reset();
    await emptied;
    answerWith(answer(204));
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
    const send: Transport = async () => {
      await new Promise((r) => setTimeout(r, 20));
      return answer(204);
    };
    const { dispatcher, subscriptions } = await setup(send);
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
    const send: Transport = () =>
      new Promise<ReceiverAnswer>((resolve) => {
        held.push(() => resolve(answer(status)));
        arrived();
      });
    return {
      send,
      arrival: () => new Promise<void>((resolve) => (arrived = resolve)),
      answer: () => held.shift()!(),
    };
  }

  it('settle() waits for the attempts in flight when called, not for those that start later', async () => {
    const receiver = heldReceiver(204);
    const { dispatcher, log } = await setup(receiver.send);
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

  it('sends a delivery held back by a delay rule when its time comes, with nothing else pending to set the timer', async () => {
    const waits: Array<{ callback: () => void; ms: number }> = [];
    const timers = {
      set: (callback: () => void, ms: number) => waits.push({ callback, ms }),
      clear: () => {},
      now: () => 0,
    };
    const rule = { id: 'flt_1', target: 'webhooks', delay: '5m', probability: 1, hits: 1 } as FaultRule;
    const faults = { forWebhook: () => ({ rule, duplicate: false, delayMs: 300_000 }) };
    const send: Transport = async () => answer(204);
    const { dispatcher, clock } = await setup(send, { timers, faults });
    const [held] = await dispatcher.emit(ORG, EVENT, { ticketId: 'tkt_1' });
    expect(held.attempts).toEqual([]);

    const retryTimer = waits.find((w) => w.ms >= 299_000 && w.ms <= 300_000);
    expect(retryTimer, 'a timer for the held delivery').toBeDefined();
    clock.advance(300_000);
    const sent = new Promise((resolve) => dispatcher.onAttempt(resolve));
    retryTimer!.callback();
    expect(await sent).toMatchObject({ delivery: { deliveryId: held.deliveryId, status: 'succeeded' } });
    await dispatcher.close();
  });

  describe('idle()', () => {
    it('waits for an emit whose attempt is in flight, and resolves once it is logged', async () => {
      const receiver = heldReceiver(204);
      const { dispatcher, log } = await setup(receiver.send);
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
      const { dispatcher, log, clock } = await setup(receiver.send);
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

  describe('under load', () => {
    /**
     * A receiver per URL (no network): answers `status` a moment after each request, counts the
     * requests open at once, in all and per origin, and records what each delivery was sent.
     */
    function countingReceiver(status: number) {
      const open = new Map<string, number>();
      const most = { all: 0, perReceiver: 0 };
      let all = 0;
      /** Per origin, in the order sent: [deliveryId, attempt]. */
      const sent = new Map<string, Array<[string, number]>>();
      const send: Transport = async (url: URL, init: Sent) => {
        const { origin } = new URL(url);
        const headers = init.headers as Record<string, string>;
        const { deliveryId } = JSON.parse(String(init.body)) as { deliveryId: string };
        if (!sent.has(origin)) sent.set(origin, []);
        sent.get(origin)!.push([deliveryId, Number(headers['x-service-delivery-attempt'])]);
        open.set(origin, (open.get(origin) ?? 0) + 1);
        most.all = Math.max(most.all, ++all);
        most.perReceiver = Math.max(most.perReceiver, open.get(origin)!);
        await new Promise((resolve) => setImmediate(resolve));
        open.set(origin, open.get(origin)! - 1);
        all--;
        return answer(status);
      };
      return { send, most, sent };
    }

    it('never has more attempts in flight than the bound while thousands fall due at once, and each delivery gets its attempts in due order', async () => {
      // Issue 21: 10,000 retries due at one clock advance were all attempted at once (10,000 sockets).
      const receiver = countingReceiver(500);
      const { dispatcher, log, clock, subscriptions } = await setup(receiver.send);
      await subscriptions.unsubscribe(ORG, APP, EVENT.name);
      const APPS = 100;
      for (let i = 0; i < APPS; i++)
        await subscriptions.subscribe(ORG, `com.example.app${i}`, EVENT.name, `http://127.0.0.1:${10_000 + i}/hooks`);

      // First attempts: 30 events fanned out to 100 subscriptions, each on a receiver of its own.
      const events = Array.from({ length: 30 }, (_, i) => dispatcher.emit(ORG, EVENT, { ticketId: `tkt_${i}` }));
      const deliveries = (await Promise.all(events)).flat();
      expect(deliveries).toHaveLength(3000);
      expect(deliveries.every((d) => d.status === 'pending' && d.attempts.length === 1)).toBe(true);
      expect(receiver.most.all).toBe(MAX_WEBHOOK_ATTEMPTS_IN_FLIGHT);

      // Every attempt 2 falls due at once, then every attempt 3; settle() returns once all are logged.
      for (const [ms, attempts] of [
        [60_000, 2],
        [300_000, 3],
      ]) {
        const dueAt = new Map(deliveries.map((d) => [d.deliveryId, log.get(d.deliveryId)!.nextAttemptAt!]));
        const before = new Map([...receiver.sent].map(([origin, sent]) => [origin, sent.length]));
        clock.advance(ms);
        dispatcher.runDue();
        await dispatcher.settle();
        expect(receiver.most.all).toBe(MAX_WEBHOOK_ATTEMPTS_IN_FLIGHT);
        const logged = deliveries.map((d) => log.get(d.deliveryId)!);
        expect(logged.filter((d) => d.attempts.length === attempts)).toHaveLength(3000);
        // Each receiver was sent its retries in the order they fell due.
        for (const [origin, sent] of receiver.sent) {
          const due = sent.slice(before.get(origin)).map(([id]) => dueAt.get(id)!);
          expect(due).toEqual([...due].sort());
        }
      }

      expect(receiver.most.perReceiver).toBeLessThanOrEqual(MAX_WEBHOOK_ATTEMPTS_PER_RECEIVER);
      const byDelivery = new Map<string, number[]>();
      for (const [id, attempt] of [...receiver.sent.values()].flat())
        byDelivery.set(id, [...(byDelivery.get(id) ?? []), attempt]);
      expect([...byDelivery.values()].filter((a) => a.join() === '1,2,3')).toHaveLength(3000);
      expect(deliveries.map((d) => log.get(d.deliveryId)!.status)).toEqual(Array(3000).fill('failed'));
      // Spec 3: three failures disable each subscription; the retries that fell due with them still went.
      expect(subscriptions.activeFor(ORG, EVENT.name)).toEqual([]);
      await dispatcher.close();
    });

    it('lets a few receivers that hang hold only their share of the slots: the others are answered before the first timeout', async () => {
      const TIMEOUT_MS = 100;
      const HANGING = ['http://127.0.0.1:10001', 'http://127.0.0.1:10002', 'http://127.0.0.1:10003'];
      const HEALTHY = 'http://127.0.0.1:10004';
      const happened: string[] = [];
      const open = new Map<string, number>();
      let most = 0;
      const send: Transport = (url: URL, init: Sent) => {
        const { origin } = new URL(url);
        open.set(origin, (open.get(origin) ?? 0) + 1);
        most = Math.max(most, open.get(origin)!);
        const done = () => open.set(origin, open.get(origin)! - 1);
        if (origin === HEALTHY) {
          happened.push('answered');
          done();
          return Promise.resolve(answer(204));
        }
        return new Promise((_, reject) =>
          init.signal.addEventListener('abort', () => {
            happened.push('timed out');
            done();
            reject(init.signal.reason);
          }),
        );
      };
      // The attempts' timeouts are held until every healthy receiver has answered (or, if the hanging
      // ones took every slot, long after): the order is the dispatcher's, not a busy machine's.
      const held: Array<() => void> = [];
      let released = false;
      const release = () => {
        released = true;
        held.splice(0).forEach((fire) => fire());
      };
      const fallback = setTimeout(release, 20_000);
      const timers: Timers = {
        now: realTimers.now,
        clear: (handle) =>
          typeof handle === 'function'
            ? void held.splice(held.indexOf(handle as () => void), 1)
            : realTimers.clear(handle),
        set: (callback, ms) => {
          if (ms !== TIMEOUT_MS) return realTimers.set(callback, ms);
          if (released) return realTimers.set(callback, 0);
          held.push(callback);
          return callback;
        },
      };
      const answeredAll = () => happened.filter((h) => h === 'answered').length === APPS_EACH && release();
      const { dispatcher, subscriptions } = await setup(
        (url: URL, init: Sent) => {
          const answered = send(url, init);
          void answered.then(answeredAll, () => {});
          return answered;
        },
        { timeoutMs: TIMEOUT_MS, timers },
      );
      await subscriptions.unsubscribe(ORG, APP, EVENT.name);
      // 150 attempts to receivers that hang, queued first, then 50 to one that answers.
      const APPS_EACH = 50;
      for (const [r, origin] of [...HANGING, HEALTHY].entries())
        for (let i = 0; i < APPS_EACH; i++)
          await subscriptions.subscribe(ORG, `com.example.r${r}.app${i}`, EVENT.name, `${origin}/hooks`);

      const deliveries = await dispatcher.emit(ORG, EVENT, { ticketId: 'tkt_1' });

      expect(deliveries.filter((d) => d.status === 'succeeded')).toHaveLength(APPS_EACH);
      expect(deliveries.filter((d) => d.attempts[0]?.error === 'timed out after 0.1 s')).toHaveLength(150);
      // Every answer came before the first attempt to a hanging receiver gave up.
      expect(happened.lastIndexOf('answered')).toBeLessThan(happened.indexOf('timed out'));
      expect(most).toBeLessThanOrEqual(MAX_WEBHOOK_ATTEMPTS_PER_RECEIVER);
      clearTimeout(fallback);
      await dispatcher.close();
    });

    /** A receiver that answers only when told to, each request to its own origin (so none waits on another). */
    function heldReceivers() {
      const held: Array<() => void> = [];
      const sent: string[] = [];
      let answering = false;
      const send: Transport = (_url: URL, init: Sent) => {
        sent.push(JSON.parse(String(init.body)).deliveryId);
        if (answering) return Promise.resolve(answer(204));
        return new Promise<ReceiverAnswer>((resolve, reject) => {
          held.push(() => resolve(answer(204)));
          init.signal.addEventListener('abort', () => reject(init.signal.reason));
        });
      };
      const answerAll = () => held.splice(0).forEach((answer) => answer());
      /** Answers what is held, and every request from now on at once. */
      const answerFromNowOn = () => ((answering = true), answerAll());
      return { send, sent, answerAll, answerFromNowOn };
    }

    async function manyWaiting(receiver: ReturnType<typeof heldReceivers>) {
      const ctx = await setup(receiver.send);
      await ctx.subscriptions.unsubscribe(ORG, APP, EVENT.name);
      for (let i = 0; i < 100; i++)
        await ctx.subscriptions.subscribe(ORG, `com.example.app${i}`, EVENT.name, `http://127.0.0.1:${10_000 + i}/`);
      const emitted = ctx.dispatcher.emit(ORG, EVENT, { ticketId: 'tkt_1' });
      await expect.poll(() => receiver.sent.length).toBe(MAX_WEBHOOK_ATTEMPTS_IN_FLIGHT);
      return { ...ctx, emitted };
    }

    it('sends none of the attempts still waiting for a slot once the log is reset: they belong to the emptied log', async () => {
      const receiver = heldReceivers();
      const { dispatcher, log, store, emitted } = await manyWaiting(receiver);
      const emptied = store.replace(new Map());
      dispatcher.reset();
      await emptied;
      receiver.answerAll();
      await emitted;
      await dispatcher.idle();
      expect(receiver.sent).toHaveLength(MAX_WEBHOOK_ATTEMPTS_IN_FLIGHT);
      expect(log.list({ limit: Infinity })).toEqual([]);
      await dispatcher.close();
    });

    it('after a rollback to a log holding the same deliveries, settle() waits for their new attempts, not only for the old ones', async () => {
      const receiver = heldReceivers();
      const { dispatcher, log, store, emitted } = await manyWaiting(receiver);
      // As a rollback does it: the same deliveries, still due, in a log that replaces the old one.
      const rolledBack = store.replace(store.snapshot());
      dispatcher.reset();
      await rolledBack;
      receiver.answerFromNowOn();
      dispatcher.runDue();
      await dispatcher.settle();
      const succeeded = log.list({ status: 'succeeded', limit: Infinity }).filter((d) => d.event === EVENT.name);
      expect(succeeded).toHaveLength(100);
      await emitted;
      await dispatcher.close();
    });

    it('sends none of the attempts still waiting for a slot when closing: they stay due for the next start', async () => {
      const receiver = heldReceivers();
      const { dispatcher, log, emitted } = await manyWaiting(receiver);
      await dispatcher.close();
      await emitted;
      expect(receiver.sent).toHaveLength(MAX_WEBHOOK_ATTEMPTS_IN_FLIGHT);
      const pending = log.pending().filter((d) => d.event === EVENT.name);
      expect(pending).toHaveLength(100);
      expect(pending.every((d) => d.attempts.length === 0)).toBe(true);
    });
  });
});
