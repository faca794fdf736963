// Opt-in retries of the REST client: which failures are worth another try, and how long to wait.
import { AddonApiError, RateLimitError } from './errors.js';

export interface RetryOptions {
  /** Tries after the first; default 2. */
  retries?: number;
  /** What is retried: HTTP statuses and `'network'` (no answer at all); default 429, 502, 503, 504 and network. */
  on?: Array<number | 'network'>;
  /** Retry POST and PATCH too. They are not idempotent: a write whose answer was lost is done twice. Default false. */
  nonIdempotent?: boolean;
  /** The first wait when the answer names none, doubled each time; default 200 ms. */
  baseDelayMs?: number;
  /** No wait is longer, `Retry-After` included; default 10 s. */
  maxDelayMs?: number;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const DEFAULT_ON: Array<number | 'network'> = [429, 502, 503, 504, 'network'];

/**
 * Runs `attempt` until it succeeds, fails in a way not retried, or the tries are used up: then its
 * last error is thrown. A 429 waits its `Retry-After` (capped); other failures back off exponentially.
 */
export async function withRetries<T>(
  method: string,
  options: RetryOptions | undefined,
  attempt: () => Promise<T>,
): Promise<T> {
  const { retries = 2, on = DEFAULT_ON, nonIdempotent = false, baseDelayMs = 200, maxDelayMs = 10_000 } = options ?? {};
  const allowed = options !== undefined && (nonIdempotent || IDEMPOTENT.has(method.toUpperCase()));
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      const kind = kindOf(error);
      if (!allowed || tried >= retries || kind === null || !on.includes(kind)) throw error;
      const wanted = error instanceof RateLimitError ? error.retryAfter * 1000 : baseDelayMs * 2 ** tried;
      await new Promise((resolve) => setTimeout(resolve, Math.min(wanted, maxDelayMs)));
    }
  }
}

/** An API error's status; a fetch that got no answer (reset, refused, offline) is `'network'`. */
const kindOf = (error: unknown): number | 'network' | null =>
  error instanceof AddonApiError ? error.status : error instanceof TypeError ? 'network' : null;
