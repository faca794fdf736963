import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { realTimers, type Clock, type Timers } from '../common/clock.js';
import { notFound } from '../common/errors.js';
import { createListeners } from '../common/listeners.js';
import { MAX_WEBHOOK_ATTEMPTS_IN_FLIGHT, MAX_WEBHOOK_ATTEMPTS_PER_RECEIVER } from '../common/limits.js';
import { createAttemptQueue } from './attempt-queue.js';
import type { EventData, EventDefinition } from '../domain/catalog.js';
import type { Attempt, Delivery, DeliveryLog } from './delivery-log.js';
import { createHttpTransport, postOnce, type Transport } from './http-attempt.js';
import { deliveryHeaders } from './delivery-request.js';
import { describeEffect } from '../faults/effects.js';
import type { FaultSet } from '../faults/fault-set.js';
import { SPEC_WEBHOOK_TIMEOUT_MS } from '../parity/parity-kinds.js';
import type { ParityLog } from '../parity/parity-log.js';
import type { Subscription, SubscriptionService } from '../installations/subscriptions.js';
import { nodeAbortController, URL } from '../common/node-web.js';

export interface DispatcherOptions {
  clock: Clock;
  log: DeliveryLog;
  subscriptions: SubscriptionService;
  /** How attempts reach receivers: node:http by default; injected so tests can watch or replace the network. */
  transport?: Transport;
  /** Spec 8: the receiver must answer within 10 seconds. */
  timeoutMs?: number;
  /** Delays before attempts 2 and 3, on the emulated clock (spec 6: +1 minute, +5 minutes). */
  retryDelaysMs?: readonly number[];
  /** The real-time waits: the next retry's timer and each receiver's time to answer. */
  timers?: Timers;
  /** The webhooks fault rules: a delivery sent twice, or held back on the emulated clock. */
  faults?: Pick<FaultSet, 'forWebhook'>;
  /** Told of a receiver that answered later than the platform waits (possible with a longer timeout). */
  parity?: Pick<ParityLog, 'note'>;
}

/**
 * Reported for every attempt, for the live line in the `addon dev` terminal; a `duplicate` rule's
 * second send of an attempt is reported too, after it, with `attempt.duplicate`.
 */
export interface AttemptReport {
  delivery: Delivery;
  attempt: Attempt;
}

/** Reported when a delivery's last attempt failed and so disabled its subscription (spec 3). */
export interface DisabledReport {
  /** The subscription's event; the `event` of its deliveries. */
  event: string;
  orgId: string;
  appId: string;
  webhookUrl: string;
  /** How many attempts failed: 3, the spec's. */
  attempts: number;
  /** The delivery whose last attempt failed. */
  deliveryId: string;
  /** Emulated time it was disabled. */
  at: string;
}

/** The dispatcher's surface: what the webhooks module and its tests drive. */
export interface Dispatcher {
  /**
   * Fires `event` in an organization: one delivery per active subscription, each queued for its
   * first attempt at once. Resolves when every first attempt is done (REST writes do not wait for
   * it). `at` is when the event happened, the envelope's timestamp: now, unless it was held back (a
   * scenario run).
   */
  emit(orgId: string, definition: EventDefinition, data: EventData, at?: string): Promise<Delivery[]>;
  /** Sends a delivery's event and data again as a new delivery (new deliveryId), once. */
  replay(deliveryId: string): Promise<Delivery>;
  /** How long a receiver has to answer. */
  readonly timeoutMs: number;
  /** Sends every retry that is due now (after `addon clock advance`, or at start). */
  runDue(): void;
  /**
   * Resolves once no delivery is being opened, no attempt is in flight and none is due on the
   * emulated clock: what a test waits for before it checks that nothing else was sent. A retry due
   * later is not waited for; advancing the clock makes it due.
   */
  idle(): Promise<void>;
  /**
   * Resolves once every delivery being opened and every attempt queued or in flight now is done and
   * logged: after `runDue()`, what `addon clock advance` waits for. Unlike `idle()`, work that starts
   * later is not waited for, so under constant traffic it still returns.
   */
  settle(): Promise<void>;
  /** Told of every attempt; returns the unsubscribe. */
  onAttempt(listener: (report: AttemptReport) => void): () => void;
  /** Told of every subscription disabled after its delivery's last attempt failed, after that attempt's report. */
  onDisabled(listener: (report: DisabledReport) => void): () => void;
  /**
   * After the delivery log was emptied or replaced (a reset, a rollback): forgets the outcome of
   * attempts in flight, which belong to the old log, and takes what is due from the new one.
   */
  reset(): void;
  /** Stops the timer and cancels attempts in flight; they stay due and go out after a restart. */
  close(): Promise<void>;
}

/**
 * Sends deliveries and runs their retries. Attempts run concurrently, each bounded by the timeout,
 * through a queue that holds at most MAX_WEBHOOK_ATTEMPTS_IN_FLIGHT in flight (and a receiver's share
 * of them), so neither a fan-out nor thousands of retries due together can take memory with them,
 * and a slow receiver holds up nothing but its own share. Retries are due on the emulated clock: a
 * timer waits for the earliest, and `runDue()` (called when the clock is advanced) queues what is due,
 * in the order it fell due.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { clock, log, subscriptions } = options;
  // Its keep-alive connections are closed with the dispatcher.
  const http = options.transport ? null : createHttpTransport();
  const transport = options.transport ?? http!.send;
  const timeoutMs = options.timeoutMs ?? SPEC_WEBHOOK_TIMEOUT_MS;
  const delays = options.retryDelaysMs ?? [60_000, 300_000];
  const maxAttempts = delays.length + 1;
  const listeners = createListeners<AttemptReport>();
  const disabledListeners = createListeners<DisabledReport>();
  /** Each delivery's attempt, waiting for a slot or in flight: never two at once. */
  const running = new Map<string, Promise<Delivery>>();
  /** Attempts of a log that reset() replaced: no longer anyone's to repeat, still waited for. */
  const orphans = new Set<Promise<Delivery>>();
  const queue = createAttemptQueue({
    limit: MAX_WEBHOOK_ATTEMPTS_IN_FLIGHT,
    perReceiver: MAX_WEBHOOK_ATTEMPTS_PER_RECEIVER,
  });
  /** Emits and replays between their call and their first attempt (saving the new deliveries). */
  const opening = new Set<Promise<unknown>>();
  const closing = nodeAbortController();
  // Each attempt in flight listens for closing, and there may be thousands at once (fan-out).
  setMaxListeners(0, closing.signal);
  const timers = options.timers ?? realTimers;
  let timer: unknown = null;
  /** When (emulated ms) the timer goes off; Infinity without one. */
  let timerAt = Infinity;
  // Bumped by reset(): an attempt that was in flight then belongs to the emptied log, and saving its
  // outcome would put the delivery back.
  let generation = 0;
  /** Deliveries waiting for an attempt, by id: when it is due (emulated ms). */
  const due = new Map(dueIn(log));

  const save = async (delivery: Delivery) => {
    if (delivery.nextAttemptAt) due.set(delivery.deliveryId, Date.parse(delivery.nextAttemptAt));
    else due.delete(delivery.deliveryId);
    return log.save(delivery);
  };

  const envelope = (event: string, data: EventData, orgId: string, timestamp: string) => {
    const deliveryId = randomUUID();
    const payload = JSON.stringify({ event, data, organizationId: orgId, timestamp, deliveryId });
    return { deliveryId, payload };
  };

  const open = (
    subscription: Subscription,
    event: string,
    orgId: string,
    data: EventData,
    replayOf: string | null,
    at = clock.nowIso(),
  ) => {
    // A replay is the developer's own act: no rule touches it.
    const fault = replayOf === null ? options.faults?.forWebhook({ event, orgId }) : null;
    return save({
      ...envelope(event, data, orgId, at),
      event,
      orgId,
      appId: subscription.appId,
      webhookUrl: subscription.webhookUrl,
      status: 'pending',
      attempts: [],
      nextAttemptAt: new Date(clock.now() + (fault?.delayMs ?? 0)).toISOString(),
      replayOf,
      createdAt: clock.nowIso(),
      ...(fault
        ? { fault: { rule: fault.rule.id, effect: describeEffect(fault.rule), duplicate: fault.duplicate } }
        : {}),
    });
  };

  /**
   * Where a scheduled attempt goes: the subscription's current URL (it may have been re-subscribed
   * elsewhere), or nowhere once it is gone or disabled. A replay goes where the original went.
   */
  const targetOf = (delivery: Delivery): string | null => {
    if (delivery.replayOf !== null) return delivery.webhookUrl;
    const subscription = subscriptions.find(delivery.orgId, delivery.appId, delivery.event);
    return subscription?.isActive ? subscription.webhookUrl : null;
  };

  /**
   * Whether and where an attempt goes is decided when it falls due, as docs/webhooks.md says, not
   * when its turn in the queue comes: retries that fall due together all go out, though the first of
   * them to fail for the third time disables the subscription.
   */
  const attemptOnce = async (scheduled: Delivery): Promise<Delivery> => {
    const webhookUrl = targetOf(scheduled);
    if (webhookUrl === null) return save({ ...scheduled, status: 'cancelled', nextAttemptAt: null });
    const startedIn = generation;
    return queue.run(receiverOf(webhookUrl), async () => {
      // Waiting for its turn, it may have lost its log (a reset) or its emulator (closing): it stays
      // as it was, due for the next start.
      if (startedIn !== generation || closing.signal.aborted) return scheduled;
      return send({ ...scheduled, webhookUrl }, startedIn);
    });
  };

  /** One attempt, in its slot: the POST (twice for a `duplicate` rule), then its outcome logged. */
  const send = async (delivery: Delivery, startedIn: number): Promise<Delivery> => {
    const { webhookUrl } = delivery;
    const number = delivery.attempts.filter((a) => !a.duplicate).length + 1;
    const headers = deliveryHeaders(delivery, number);
    const at = clock.nowIso();
    const post = () =>
      postOnce(transport, {
        url: webhookUrl,
        headers,
        body: delivery.payload,
        timeoutMs,
        cancel: closing.signal,
        timers,
      });
    const outcome = await post();
    if (outcome.ok && outcome.durationMs > SPEC_WEBHOOK_TIMEOUT_MS)
      options.parity?.note('slow-webhook-receiver', `${(outcome.durationMs / 1000).toFixed(1)} s`);
    // At-least-once delivery: the same request once more, right after the first.
    const twice = delivery.fault?.duplicate && number === 1 ? await post() : null;
    if (startedIn !== generation) return delivery;
    const request = { url: webhookUrl, headers };
    const attempt: Attempt = { attempt: number, at, request, ...outcome };
    const duplicate: Attempt[] = twice ? [{ attempt: number, at, request, ...twice, duplicate: true }] : [];
    const last = outcome.ok || number >= maxAttempts || delivery.replayOf !== null;
    const updated = await save({
      ...delivery,
      attempts: [...delivery.attempts, attempt, ...duplicate],
      status: outcome.ok ? 'succeeded' : last ? 'failed' : 'pending',
      nextAttemptAt: last ? null : new Date(clock.now() + delays[number - 1]).toISOString(),
    });
    // Spec 3: when attempts 1, 2 and 3 all fail, the subscription is disabled.
    const disabled =
      !outcome.ok && number >= maxAttempts && delivery.replayOf === null
        ? await subscriptions.disable(delivery.orgId, delivery.appId, delivery.event)
        : null;
    listeners.emit({ delivery: updated, attempt });
    for (const sent of duplicate) listeners.emit({ delivery: updated, attempt: sent });
    if (disabled) {
      const { event, appId, webhookUrl } = disabled;
      const at = disabled.updatedAt;
      disabledListeners.emit({
        event,
        orgId: delivery.orgId,
        appId,
        webhookUrl,
        attempts: number,
        deliveryId: delivery.deliveryId,
        at,
      });
    }
    return updated;
  };

  /**
   * Queues the attempt a delivery is due for, never two at once; a cancelled (closing) attempt leaves
   * it due. It starts from the log's current record, never the caller's copy: the retry timer may have
   * sent an attempt since that copy was read, and a stale copy would send it again and overwrite it.
   */
  const attempt = ({ deliveryId, ...copy }: Delivery): Promise<Delivery> => {
    const current = running.get(deliveryId);
    if (current) return current;
    // Only a reset (which empties the log) leaves a delivery out of it.
    const delivery = log.get(deliveryId) ?? { deliveryId, ...copy };
    const dueAt = due.get(deliveryId);
    if (dueAt === undefined) return Promise.resolve(delivery);
    if (dueAt > clock.now()) {
      // Held back (a delay rule): the timer sends it when its time comes.
      armFor(dueAt);
      return Promise.resolve(delivery);
    }
    const run: Promise<Delivery> = attemptOnce(delivery)
      .catch(() => delivery)
      .finally(() => {
        if (running.get(deliveryId) === run) running.delete(deliveryId);
        orphans.delete(run);
        // Its next attempt (or, after a failure to log, this one again) may be the earliest due.
        const next = due.get(deliveryId);
        if (next !== undefined && !running.has(deliveryId)) armFor(next);
      });
    running.set(deliveryId, run);
    return run;
  };

  /** Queues every attempt due now that is not queued yet, the earliest due first. */
  const runDue = () => {
    if (closing.signal.aborted) return;
    const now = clock.now();
    const ready: Array<[Delivery, number]> = [];
    for (const [deliveryId, dueAt] of due) {
      if (dueAt > now || running.has(deliveryId)) continue;
      const delivery = log.get(deliveryId);
      if (delivery) ready.push([delivery, dueAt]);
      else due.delete(deliveryId);
    }
    ready.sort((a, b) => a[1] - b[1]);
    for (const [delivery] of ready) void attempt(delivery);
    arm();
  };

  /** Keeps `work` in `opening` until it settles. */
  const tracked = <T>(work: Promise<T>): Promise<T> => {
    opening.add(work);
    const settled = () => opening.delete(work);
    work.then(settled, settled);
    return work;
  };

  const dueNow = () => [...due].some(([deliveryId, dueAt]) => dueAt <= clock.now() && !running.has(deliveryId));

  /** Every attempt not yet settled: queued, in flight, or of a log replaced since. */
  const unsettled = () => [...opening, ...running.values(), ...orphans];

  /** One timer, for the earliest pending retry that is not running: looks through them all. */
  const arm = () => {
    if (timer) timers.clear(timer);
    timer = null;
    timerAt = Infinity;
    if (closing.signal.aborted) return;
    let earliest = Infinity;
    for (const [deliveryId, dueAt] of due) if (!running.has(deliveryId)) earliest = Math.min(earliest, dueAt);
    armFor(earliest);
  };

  /**
   * Brings the timer forward to `dueAt` if that is sooner. What an ending attempt calls: looking
   * through every pending retry after each of thousands of attempts made their retries quadratic.
   */
  const armFor = (dueAt: number) => {
    if (closing.signal.aborted || dueAt >= timerAt) return;
    if (timer) timers.clear(timer);
    timerAt = dueAt;
    const wait = Math.min(Math.max(0, dueAt - clock.now()), 2 ** 31 - 1);
    timer = timers.set(runDue, wait);
  };

  /**
   * A subscription that ended takes its deliveries' pending attempts with it, at once: were they left
   * to fall due, the add-on subscribing to the event again would receive what was meant for the old
   * one. Replays are the developer's own and go where the original went. One in flight ends as it ends.
   */
  const stopEnded = subscriptions.onEnded(({ orgId, appId, events }) => {
    for (const delivery of log.pending())
      if (
        delivery.orgId === orgId &&
        delivery.appId === appId &&
        events.includes(delivery.event) &&
        delivery.replayOf === null &&
        !running.has(delivery.deliveryId)
      )
        void tracked(save({ ...delivery, status: 'cancelled', nextAttemptAt: null }));
  });

  return {
    emit(orgId, definition, data, at) {
      return tracked(
        (async () => {
          const active = subscriptions.activeFor(orgId, definition.name);
          const deliveries = await Promise.all(active.map((s) => open(s, definition.name, orgId, data, null, at)));
          return Promise.all(deliveries.map(attempt));
        })(),
      );
    },

    replay(deliveryId) {
      const original = log.get(deliveryId);
      if (!original) return Promise.reject(notFound('delivery', deliveryId, ' in the delivery log'));
      const { data } = JSON.parse(original.payload) as { data: EventData };
      const target = { appId: original.appId, webhookUrl: original.webhookUrl } as Subscription;
      return tracked(open(target, original.event, original.orgId, data, deliveryId).then(attempt));
    },

    timeoutMs,
    runDue,

    async idle() {
      for (;;) {
        const busy = unsettled();
        if (busy.length) await Promise.allSettled(busy);
        else if (closing.signal.aborted || !dueNow()) return;
        // Due now but not started: the retry timer would start it in a moment; start it here.
        else runDue();
      }
    },

    async settle() {
      await Promise.allSettled(unsettled());
    },

    onAttempt: (listener) => listeners.on(listener),
    onDisabled: (listener) => disabledListeners.on(listener),

    reset() {
      generation++;
      // The new log may hold the same deliveries (a rollback): their attempts start afresh.
      for (const run of running.values()) orphans.add(run);
      running.clear();
      due.clear();
      for (const [deliveryId, dueAt] of dueIn(log)) due.set(deliveryId, dueAt);
      arm();
    },

    async close() {
      stopEnded();
      closing.abort();
      if (timer) timers.clear(timer);
      await Promise.allSettled([...running.values(), ...orphans]);
      http?.close();
    },
  };
}

/** The queue's lane of an attempt: the receiver's origin, whose share of the slots it takes. */
function receiverOf(webhookUrl: string): string {
  try {
    return new URL(webhookUrl).origin;
  } catch {
    return webhookUrl;
  }
}

/** The log's pending deliveries, each with when its next attempt is due (emulated ms). */
const dueIn = (log: DeliveryLog): Array<[string, number]> =>
  log.pending().map((d) => [d.deliveryId, Date.parse(d.nextAttemptAt!)]);
