/**
 * The one emulated clock. Token expiry, rate windows and (later) webhook retries all read it, so
 * `addon clock advance` moves every time-based rule at once. It is real time plus an offset that only
 * ever grows: the emulated time never runs backwards.
 */
export interface Clock {
  /** Emulated time, in Unix milliseconds. */
  now(): number;
  /** How far the emulated time is ahead of the source, in milliseconds. */
  readonly offsetMs: number;
  advance(ms: number): void;
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

export function createClock({ offsetMs = 0, source = Date.now }: ClockOptions = {}): Clock {
  let offset = offsetMs;
  return {
    now: () => source() + offset,
    get offsetMs() {
      return offset;
    },
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      offset += ms;
    },
  };
}

export const toUnixSeconds = (ms: number): number => Math.floor(ms / 1000);
