import type { EventData, EventDefinition } from '../domain/catalog.js';

/** An event that happened while events were held, with the time it happened (the envelope's timestamp). */
export interface HeldEvent {
  orgId: string;
  definition: EventDefinition;
  data: EventData;
  at: string;
}

export interface Hold {
  /** Lets this hold's events go, in order; resolves once their first attempts are done. */
  release(): Promise<void>;
  /** Drops this hold's events (a scenario that failed: its world was rolled back). */
  discard(): void;
}

/**
 * The events of a scenario run, held until it commits, then sent one after another in the order they
 * happened. The world is committed before they are all sent, so calls go on meanwhile: an event they
 * fire queues behind the held ones (a `customer.updated` never overtakes the `customer.created` of
 * the scenario that made the customer), and goes out as the queue drains. One hold at a time (the
 * world gate runs one scenario at a time); a hold may begin while an earlier one still drains, and
 * the drain stops at its first event until it is released.
 */
export function createHeldEvents(emit: (event: HeldEvent) => Promise<unknown>, onError: (error: unknown) => void) {
  const queue: Array<HeldEvent & { seq: number }> = [];
  let next = 0;
  /** Where the hold in force began: events from there on wait for its release. */
  let holding: number | null = null;
  /** The event going out now: sent one at a time, in order. */
  let sending: number | null = null;
  let draining = false;
  const waiting: Array<{ upTo: number; resolve(): void }> = [];

  /** Every event numbered below this has had its first attempt, or was dropped. */
  const doneBelow = () => sending ?? queue[0]?.seq ?? next;
  const wake = () => {
    for (const w of waiting.filter((w) => doneBelow() >= w.upTo)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  };

  // The flag is set and cleared in the same turns as the loop starts and ends (an empty queue ends it
  // at once), so a call after the end always starts a new loop.
  const drain = (): void => {
    if (draining) return;
    draining = true;
    void (async () => {
      while (queue.length && (holding === null || queue[0].seq < holding)) {
        const event = queue.shift()!;
        sending = event.seq;
        // One after another, each first attempt done before the next goes: receivers get them in
        // the order they happened, on any machine (concurrent POSTs may overtake each other).
        await emit(event).catch(onError);
        sending = null;
        wake();
      }
      draining = false;
    })();
  };

  return {
    /** Whether an event fired now must queue: a hold is in force, or held events are still going out. */
    get active() {
      return holding !== null || queue.length > 0 || sending !== null;
    },
    push(event: HeldEvent): void {
      queue.push({ ...event, seq: next++ });
    },
    hold(): Hold {
      if (holding !== null) throw new Error('events are already held');
      const start = (holding = next);
      const end = () => {
        holding = null;
        drain();
        wake();
      };
      return {
        release() {
          const done = new Promise<void>((resolve) => waiting.push({ upTo: next, resolve }));
          end();
          return done;
        },
        discard() {
          for (let i = queue.length - 1; i >= 0 && queue[i].seq >= start; i--) queue.splice(i, 1);
          end();
        },
      };
    },
    /** Resolves once every event queued now has had its first attempt. */
    drained(): Promise<void> {
      return new Promise((resolve) => {
        waiting.push({ upTo: next, resolve });
        wake();
      });
    },
  };
}
