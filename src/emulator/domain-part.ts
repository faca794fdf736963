import { timeRuleItem, CLOCK_ADVANCED } from '../coverage/surface.js';
import { createDomain, type Domain } from '../domain/domain.js';
import { createTimeRules, type TimeRules } from '../domain/time-rules.js';
import type { ClockState } from '../common/clock.js';
import { createTrigger, type Trigger } from '../webhooks/trigger.js';
import type { Webhooks } from '../webhooks/webhooks.js';
import type { Config } from './config-part.js';
import type { Observers } from './observers-part.js';
import type { Storage } from './storage-part.js';

/** The records and what changes them: writes, the time rules, triggered events, the clock moving. */
export interface DomainPart {
  /** The domain that fires events: a change made through it is delivered like a REST write's. */
  readonly domain: Domain;
  /**
   * Records made for `addon trigger` and `addon seed` fire no events: a trigger sends exactly its
   * event, and seeding does not flood the subscribers.
   */
  readonly quietDomain: Domain;
  readonly timeRules: TimeRules;
  readonly trigger: Trigger;
  /**
   * Moves the clock and returns once what fell due has been done and logged: the time rules'
   * changes, then the webhook retries and the first attempts of the events those changes fired
   * (opened by the time the sweep resolves, or, with `drain`, once the events queued behind a
   * scenario's have gone out, so settle() covers them).
   */
  advance(ms: number, drain: boolean): Promise<ClockState>;
}

export interface DomainInput {
  config: Pick<Config, 'registry' | 'timers' | 'logger'>;
  storage: Pick<Storage, 'store' | 'clock' | 'time'>;
  observers: Pick<Observers, 'recorder'>;
  webhooks: Webhooks;
}

export function createDomainPart({ config, storage, observers, webhooks }: DomainInput): DomainPart {
  const { registry, timers, logger } = config;
  const { store, clock, time } = storage;
  const { recorder } = observers;
  // Every record change, quiet ones too, may bring the time rules' next due instant closer.
  // `timeRules` is made below from this domain, before any record can change.
  const domain = createDomain(registry.resources, {
    store,
    clock,
    onChange(change) {
      webhooks.onChange(change);
      timeRules.onChange(change);
    },
  });
  const quietDomain = createDomain(registry.resources, {
    store,
    clock,
    onChange: (change) => timeRules.onChange(change),
  });
  // The time rules change records through the domain that fires events, so theirs go out like a PATCH's.
  const timeRules = createTimeRules({
    domain,
    store,
    clock,
    timers,
    logger,
    fired: recorder ? (resource, rule) => recorder.hit('time', timeRuleItem(resource, rule.description)) : undefined,
  });
  const trigger = createTrigger(quietDomain, webhooks, registry.catalog);
  const advance: DomainPart['advance'] = async (ms, drain) => {
    const state = await time.advance(ms);
    recorder?.hit('time', CLOCK_ADVANCED);
    await timeRules.sweep();
    if (drain) await webhooks.drained();
    webhooks.dispatcher.runDue();
    await webhooks.dispatcher.settle();
    return state;
  };
  return { domain, quietDomain, timeRules, trigger, advance };
}
