import type { FastifyReply } from 'fastify';
import type { RateDecision } from '../auth/rate-limit.js';
import { ApiError } from '../common/errors.js';

/** What an API answer says of the caller's rate-limit window; a page reads them only as CORS exposes them. */
export const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'];
const [LIMIT, REMAINING, RESET, RETRY_AFTER] = RATE_LIMIT_HEADERS;

/** Writes the call's window into its answer; a call past the limit gets the 429 thrown. */
export function answerRate(reply: FastifyReply, rate: RateDecision): void {
  reply.header(LIMIT, rate.limit).header(REMAINING, rate.remaining).header(RESET, rate.reset);
  if (!rate.allowed) throw rateLimited(reply, rate.limit, rate.retryAfter!);
}

/** The 429 of a used-up window: what the limiter answers, and so what a `rateLimited` fault rule answers. */
export function rateLimited(reply: FastifyReply, limit: number, retryAfter: number): ApiError {
  reply.header(REMAINING, 0).header(RETRY_AFTER, retryAfter);
  const message = `rate limit of ${limit} requests per hour reached for this add-on in this organization`;
  return new ApiError(429, 'rate_limited', message, { retryAfter });
}
