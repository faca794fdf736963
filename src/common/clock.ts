import { MAX_DURATION_MS } from './duration.js';
import { ApiError } from './errors.js';

/**
 * The one emulated clock. Token expiry, rate windows and webhook retries all read it, so
 * `addon clock advance` moves every time-based rule at once. It is real time plus an offset that only
 * grows, with one exception: restoring a saved world (a state, a checkpoint) takes the clock back to
 * that world's offset, so its due dates mean what they meant when it was saved.
 */
export interface Clock {
  /** Emulated time, in Unix milliseconds. */
  now(): number;
  /** Emulated time, ISO 8601 UTC with milliseconds: what records and events carry. */
  nowIso(): string;
  /** How far the emulated time is ahead of the source, in milliseconds. */
  readonly offsetMs: number;
  advance(ms: number): void;
  /** The offset of a restored world (the only move backwards). */
  setOffset(offsetMs: number): void;
}

/** The clock as the control API reports it. */
export interface ClockState {
  now: string;
  nowMs: number;
  offsetMs: number;
}

export interface ClockOptions {
  offsetMs?: number;
  /** The real time source; injected so unit tests can freeze it. */
  source?: () => number;
}

/** How far the emulated time may run ahead of real time: 100 years, the longest duration taken. */
export const CLOCK_HORIZON_MS = MAX_DURATION_MS;

/** An offset the clock can hold: a number of milliseconds from 0 to the horizon. */
export const isValidOffset = (offsetMs: unknown): offsetMs is number =>
  typeof offsetMs === 'number' && Number.isFinite(offsetMs) && offsetMs >= 0 && offsetMs <= CLOCK_HORIZON_MS;

export function createClock({ offsetMs = 0, source = Date.now }: ClockOptions = {}): Clock {
  if (!isValidOffset(offsetMs)) throw new RangeError(`clock offset ${offsetMs} is out of range`);
  let offset = offsetMs;
  return {
    now: () => source() + offset,
    nowIso: () => new Date(source() + offset).toISOString(),
    get offsetMs() {
      return offset;
    },
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      if (offset + ms > CLOCK_HORIZON_MS) {
        const days = Math.floor(offset / 86_400_000);
        throw new ApiError(
          400,
          'clock_out_of_range',
          `the emulated clock runs at most 100 years (36500d) ahead of real time; it is ${days}d ahead now`,
        );
      }
      offset += ms;
    },
    setOffset(offsetMs: number) {
      if (!isValidOffset(offsetMs)) throw new RangeError(`clock offset ${offsetMs} is out of range`);
      offset = offsetMs;
    },
  };
}

/**
 * Waits in real time, beside the emulated clock: the timer for the next webhook retry and a
 * receiver's time to answer, and how long that answer took. Injected with the clock, so a test can
 * run them by hand.
 */
export interface Timers {
  /** Calls `callback` once after `ms`; a pending wait never keeps the process alive. */
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  /** Milliseconds from an arbitrary start, never going back: what a wait's length is measured in. */
  now(): number;
}

export const realTimers: Timers = {
  now: () => performance.now(),
  set: (callback, ms) => setTimeout(callback, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export const toUnixSeconds = (ms: number): number => Math.floor(ms / 1000);
