/**
 * A rate as a token bucket: `burst` tokens, one taken per message, refilled `perSecond` a second.
 * `now` is in milliseconds of REAL time (performance.now()): the bucket bounds the work a browser
 * does, which happens in real time, and the emulated clock can be moved or taken back.
 */
export interface TokenBucket {
  /** Takes a token; false when none is left (the message is over the rate). */
  take(now: number): boolean;
  /** Whether the bucket is full again at `now`: a quiet spell long enough to end a flood. */
  full(now: number): boolean;
}

export function tokenBucket({ burst, perSecond }: { burst: number; perSecond: number }): TokenBucket {
  let tokens = burst;
  let at: number | null = null;
  const refill = (now: number) => {
    if (at !== null) tokens = Math.min(burst, tokens + (Math.max(0, now - at) * perSecond) / 1000);
    at = now;
  };
  return {
    take(now) {
      refill(now);
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    full(now) {
      refill(now);
      return tokens >= burst;
    },
  };
}
