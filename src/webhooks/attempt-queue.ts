/**
 * Runs webhook attempts at most `limit` at a time, and at most `perReceiver` of them to one receiver;
 * the rest wait their turn. Each receiver's attempts start in the order they were queued; receivers
 * with attempts waiting take turns, so a receiver that hangs, with any number of attempts queued,
 * holds only its own share of the slots (for the timeout at most) while the others flow.
 */
export interface AttemptQueue {
  /** Runs `task` once a slot for `receiver` is free; settles as the task does. */
  run<T>(receiver: string, task: () => Promise<T>): Promise<T>;
  /** Attempts running now. */
  readonly running: number;
  /** Attempts waiting for a slot. */
  readonly waiting: number;
}

export interface AttemptQueueOptions {
  limit: number;
  perReceiver: number;
}

interface Job {
  task: () => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Lane {
  receiver: string;
  jobs: Fifo<Job>;
  running: number;
  /** In `turns`: it has a job waiting and room for it. */
  queued: boolean;
}

export function createAttemptQueue({ limit, perReceiver }: AttemptQueueOptions): AttemptQueue {
  const lanes = new Map<string, Lane>();
  /** Receivers with a job waiting and a slot of their own free, in the order they get their turn. */
  const turns = new Fifo<Lane>();
  let running = 0;
  let waiting = 0;

  const offer = (lane: Lane) => {
    if (lane.queued || lane.jobs.size === 0 || lane.running >= perReceiver) return;
    lane.queued = true;
    turns.push(lane);
  };

  const start = (lane: Lane, job: Job) => {
    running++;
    lane.running++;
    waiting--;
    const release = () => {
      running--;
      lane.running--;
      if (lane.running === 0 && lane.jobs.size === 0) lanes.delete(lane.receiver);
      offer(lane);
      pump();
    };
    let work: Promise<unknown>;
    try {
      work = job.task();
    } catch (error) {
      work = Promise.reject(error);
    }
    work.then(
      (value) => (release(), job.resolve(value)),
      (error: unknown) => (release(), job.reject(error)),
    );
  };

  const pump = () => {
    while (running < limit && turns.size > 0) {
      const lane = turns.shift()!;
      lane.queued = false;
      start(lane, lane.jobs.shift()!);
      // Back of the line: every other receiver waiting goes first.
      offer(lane);
    }
  };

  return {
    run<T>(receiver: string, task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        let lane = lanes.get(receiver);
        if (!lane) lanes.set(receiver, (lane = { receiver, jobs: new Fifo(), running: 0, queued: false }));
        lane.jobs.push({ task, resolve: resolve as (value: unknown) => void, reject });
        waiting++;
        offer(lane);
        pump();
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
  };
}

/** A first-in first-out list whose `shift` does not move the rest (thousands of attempts may wait). */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head++] = undefined as T;
    // Drop the consumed front once it is most of the array.
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
