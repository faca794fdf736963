import type { AuditEntry } from '../audit/audit-log.js';
import type { Emulator } from '../emulator/emulator.js';
import type { FaultRuleSpec } from '../faults/fault-rule.js';
import { API_PREFIX } from '../sdk/browser/addresses.js';
import { httpAnswer } from '../common/http-answer.js';
import type { ApiFault } from './steps.js';

/**
 * The add-on's backend as a `call` step meets it (docs/explore.md#actions): its page calls it with
 * a fresh session token, as `addon check`'s backend checks do, while a fault rule fails the first
 * call the backend makes to the platform's API; the audit log tells what the backend then did with
 * that token.
 */

/** One call the backend made to the platform's API with a token a `call` step handed it. */
export interface ApiCall {
  step: number;
  /** Which of the run's tokens it carried: the n-th handed to the backend, from 1. */
  token: number;
  method: string;
  /** Its resource's path, `/invoices`: no id, no query, so a seed's report stays the same. */
  path: string;
  status: number;
  /** The error body's `code`: `token_expired`, `rate_limited`, ... */
  code?: string;
  /** Emulated ms it arrived. */
  at: number;
  /** A 429's Retry-After, in seconds. */
  retryAfter?: number;
}

/** The page's call of its backend in a `call` step, and what the backend answered it. */
export interface PageCall {
  step: number;
  token: number;
  fault: ApiFault;
  answer: { status: number } | { error: string };
}

/** How long the page waits for its backend, as the platform waits for a receiver. */
const PAGE_WAIT_MS = 10_000;

/** The rule each fault is, for the backend's first API call alone. */
const RULES: Record<Exclude<ApiFault, 'none'>, FaultRuleSpec> = {
  'rate-limited': { rateLimited: true },
  'expired-token': { expiredToken: true },
  unavailable: { status: 503 },
  reset: { reset: true },
  'lost-after-write': { afterWrite: 503 },
};

/** A run's tokens handed to the backend, by jti: which of them an audited call carried. */
export type HandedTokens = Map<string, number>;

/** The page calls `backendUrl` with a new session token while `fault` waits for the backend's first API call. */
export async function callBackend(
  emulator: Emulator,
  { backendUrl, fault, step, tokens }: { backendUrl: string; fault: ApiFault; step: number; tokens: HandedTokens },
): Promise<PageCall> {
  const { token, claims } = await emulator.token();
  const number = tokens.size + 1;
  tokens.set(claims.jti, number);
  const rule = fault === 'none' ? null : emulator.faults.add({ ...RULES[fault], orgId: claims.orgId, times: 1 });
  try {
    const headers = { authorization: `Bearer ${token}` };
    const answer = await httpAnswer(backendUrl, { method: 'GET', headers, timeoutMs: PAGE_WAIT_MS });
    return { step, token: number, fault, answer };
  } finally {
    if (rule) emulator.faults.clear(rule.id);
  }
}

/** The audited call as an ApiCall, when it carried a token handed to the backend; else null. */
export function apiCallOf(entry: AuditEntry, tokens: HandedTokens, step: number): ApiCall | null {
  const token = tokens.get(entry.tokenId);
  if (token === undefined) return null;
  const [resource = ''] = entry.path.slice(API_PREFIX.length).split(/[/?]/).filter(Boolean);
  return {
    step,
    token,
    method: entry.method,
    path: `/${resource}`,
    status: entry.status,
    ...(entry.code ? { code: entry.code } : {}),
    at: Date.parse(entry.time),
    ...(entry.retryAfter !== undefined ? { retryAfter: entry.retryAfter } : {}),
  };
}
