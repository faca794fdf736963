// The emulated clock, as the page sees it: real time plus the emulator's offset. Token expiry is
// judged against this clock, not the browser's, because `addon clock advance` expires tokens.
import type { ClockState } from './types';

type Listener = () => void;

export class EmulatedClock {
  private offset = 0;
  private readonly listeners: Listener[] = [];

  constructor(initial: ClockState) {
    this.offset = initial.offsetMs;
  }

  get offsetMs(): number {
    return this.offset;
  }

  /** Emulated now, Unix milliseconds. */
  now(): number {
    return Date.now() + this.offset;
  }

  /**
   * Takes a state from a control answer or a `clock` stream event. The offset only grows (the
   * emulated clock never runs backwards), so a stale state arriving late is ignored.
   */
  update(state: ClockState): void {
    if (typeof state.offsetMs !== 'number' || state.offsetMs <= this.offset) return;
    this.offset = state.offsetMs;
    this.listeners.forEach((listener) => listener());
  }

  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }
}

const tickers = new Set<Listener>();
let interval: number | undefined;

/**
 * Runs `listener` once a second (countdowns, the clock display). One shared timer for the whole
 * page; it reads only local state and makes no requests.
 */
export function everySecond(listener: Listener): void {
  tickers.add(listener);
  interval ??= window.setInterval(() => tickers.forEach((tick) => tick()), 1000);
}
