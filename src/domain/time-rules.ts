import type { Clock, Timers } from '../common/clock.js';
import type { Logger } from '../common/logger.js';
import type { Doc, Store } from '../store/store.js';
import type { CollectionService, RecordChange } from './collection-service.js';
import type { Domain } from './domain.js';
import type { TimeRule } from './resource.js';

// Declared in resource.ts with the rest of a definition, below the runner here; exported here too, as the package's API names it.
export type { TimeRule } from './resource.js';

/** Runs the time rules of every resource over every organization (emulator/create-emulator.ts wires it). */
export interface TimeRules {
  /**
   * Applies every rule that is due on the emulated clock now and waits for the writes, then arms the
   * timer for the next one; resolves with the number of records changed. After replacing the whole
   * store, call it to look at the new records.
   */
  sweep(): Promise<number>;
  /** Tell of every record change (of any domain), so a record due sooner than the timer re-arms it. */
  onChange(change: RecordChange): void;
  /** Resolves once no sweep is in flight and none is due on the emulated clock. */
  idle(): Promise<void>;
  /** Stops the timer and waits for a sweep in flight; sweeps are no-ops afterwards. */
  close(): Promise<void>;
}

export interface TimeRulesOptions {
  /** Applies the changes: the domain whose changes fire events, so subscribers hear of them. */
  domain: Domain;
  store: Store;
  clock: Clock;
  /** The real-time wait for the next due instant; emulated time runs at real speed between advances. */
  timers: Timers;
  /** Where a change that failed is told (no caller waits for a timer's sweep). */
  logger: Logger;
  /** Told of each change a rule made (coverage's `time rule` items). */
  fired?: (resource: string, rule: TimeRule) => void;
}

/** setTimeout's longest wait; a later instant is waited for in steps. */
const MAX_WAIT_MS = 2 ** 31 - 1;

const isDue = (rule: TimeRule, record: Doc, now: number): boolean => {
  const at = rule.dueAt(record);
  return at !== null && at <= now;
};

interface Due {
  service: CollectionService;
  rule: TimeRule;
  orgId: string;
  id: string;
}

export function createTimeRules({ domain, store, clock, timers, logger, fired }: TimeRulesOptions): TimeRules {
  // Only the collections with rules: a change of any other is dismissed by one lookup.
  const ruled = new Map(
    [...domain.collections].flatMap(([name, service]) =>
      service.definition.timeRules?.length ? [[name, { service, rules: service.definition.timeRules }] as const] : [],
    ),
  );
  let armedAt = Infinity;
  let timer: unknown = null;
  let closed = false;
  /** Sweeps run one at a time, each reading the clock when it starts. */
  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;

  const disarm = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
    armedAt = Infinity;
  };

  /** Arms the one timer for `at` when that is sooner than the instant it waits for. */
  const consider = (at: number | null) => {
    if (closed || at === null || at >= armedAt) return;
    disarm();
    armedAt = at;
    timer = timers.set(onTimer, Math.min(Math.max(0, at - clock.now()), MAX_WAIT_MS));
  };

  const onTimer = () => {
    timer = null;
    void sweep();
  };

  /** Every record a rule is due for at `now`, and the earliest instant one falls due after it. */
  const scan = (now: number) => {
    const due: Due[] = [];
    let next = Infinity;
    for (const [name, { service, rules }] of ruled) {
      for (const orgId of store.scopes(name)) {
        for (const record of store.list(name, orgId, { limit: Infinity, offset: 0 }).data) {
          for (const rule of rules) {
            const at = rule.dueAt(record);
            if (at === null) continue;
            if (at <= now) due.push({ service, rule, orgId, id: record._id });
            else next = Math.min(next, at);
          }
        }
      }
    }
    return { due, next };
  };

  /**
   * Starts the change of one due record, if it is still due as it is now (another rule of the sweep
   * may have moved it). The check and the start of the update run in one go, so no write comes between.
   */
  const apply = ({ service, rule, orgId, id }: Due, now: number): Promise<boolean> => {
    const current = store.get(service.definition.name, orgId, id);
    if (!current || !isDue(rule, current, now)) return Promise.resolve(false);
    return service.update(orgId, id, rule.patch).then(
      () => {
        fired?.(service.definition.name, rule);
        return true;
      },
      (error: unknown) => {
        logger.error(`time rule "${rule.description}" could not change ${service.definition.label} ${id}`, error);
        return false;
      },
    );
  };

  const run = async (): Promise<number> => {
    if (closed) return 0;
    disarm();
    const now = clock.now();
    const { due, next } = scan(now);
    // Started together, so the store journals the changes in one batch; each change re-arms through
    // onChange if it leaves its record due again later.
    const applied = await Promise.all(due.map((d) => apply(d, now)));
    consider(next);
    return applied.filter(Boolean).length;
  };

  const settled = async () => {
    while (running || queued) await (queued ?? running);
  };

  const start = (): Promise<number> => {
    // A sweep never rejects: the timer's has no caller to tell, and the next sweep must still run.
    const started: Promise<number> = run()
      .catch((error: unknown) => {
        logger.error('a time-rule sweep failed', error);
        return 0;
      })
      .finally(() => {
        if (running === started) running = null;
      });
    running = started;
    return started;
  };

  /** One sweep at a time; calls made while one runs share the one queued after it. */
  const sweep = (): Promise<number> => {
    if (!running) return start();
    queued ??= running.then(() => {
      queued = null;
      return start();
    });
    return queued;
  };

  return {
    sweep,

    onChange({ collection, after }) {
      const entry = after && ruled.get(collection);
      if (!entry) return;
      for (const rule of entry.rules) consider(rule.dueAt(after));
    },

    async idle() {
      await settled();
      if (!closed && armedAt <= clock.now()) await sweep();
    },

    async close() {
      closed = true;
      disarm();
      await settled();
    },
  };
}
