import type { Clock } from '../common/clock.js';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the window resets. */
  reset: number;
  /** Seconds to wait before trying again; set when not allowed. */
  retryAfter?: number;
}

export interface RateLimiter {
  hit(key: string): RateDecision;
  clear(): void;
}

/**
 * A fixed window per key (app and organization): it opens with the key's first request and lasts an
 * hour on the emulated clock; `X-RateLimit-Reset` is its end. The spec leaves fixed vs sliding open; a
 * fixed window is what the reset header describes exactly.
 */
export function createRateLimiter({
  limit,
  clock,
  windowMs = 3_600_000,
}: {
  limit: number;
  clock: Clock;
  windowMs?: number;
}): RateLimiter {
  const windows = new Map<string, { endsAt: number; used: number }>();
  return {
    hit(key) {
      const now = clock.now();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) windows.set(key, (window = { endsAt: now + windowMs, used: 0 }));
      const reset = Math.ceil(window.endsAt / 1000);
      if (window.used >= limit) {
        return {
          allowed: false,
          limit,
          remaining: 0,
          reset,
          retryAfter: Math.max(1, Math.ceil((window.endsAt - now) / 1000)),
        };
      }
      window.used++;
      return { allowed: true, limit, remaining: limit - window.used, reset };
    },
    clear: () => windows.clear(),
  };
}
