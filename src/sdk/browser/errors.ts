// Typed errors for the API's error answers (docs/api.md#errors) and for the bridge.
import type { ErrorBody, ValidationDetail } from './types.js';

/** Any error answer of the API. `status`, `code` and `body` come from the answer. */
export class AddonApiError extends Error {
  override name = 'AddonApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The stable, machine-readable reason (`not_found`, `invoice_locked`, ...). */
  readonly code: string;
  /** The whole error body, extra fields included. */
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.body = body;
  }
}

/**
 * 401: the session token expired (`token_expired`), is not valid, or its session ended (the add-on
 * was uninstalled or the user's access taken away: `addon_not_installed`, `access_revoked`,
 * `session_revoked`). The add-on has to be reopened (reloaded) to get a new one; retrying with the
 * same token cannot help.
 */
export class SessionExpiredError extends AddonApiError {
  override name = 'SessionExpiredError';
}

/** 403 `insufficient_scope`: the token was not granted the scope this call needs. */
export class ScopeError extends AddonApiError {
  override name = 'ScopeError';
  /** The scope the call needed, e.g. `customers.write`. */
  readonly requiredScope: string;
  /** The scopes the token carries. */
  readonly grantedScopes: string[];

  constructor(status: number, body: ErrorBody) {
    super(status, body);
    this.requiredScope = typeof body.requiredScope === 'string' ? body.requiredScope : '';
    this.grantedScopes = Array.isArray(body.grantedScopes) ? body.grantedScopes.map(String) : [];
  }
}

/** 429 `rate_limited`: the add-on's hourly budget in this organization is spent. */
export class RateLimitError extends AddonApiError {
  override name = 'RateLimitError';
  /** Seconds to wait, from the `Retry-After` header (or the body's `retryAfter`); at least 1. */
  readonly retryAfter: number;

  constructor(status: number, body: ErrorBody, retryAfter: number) {
    super(status, body);
    this.retryAfter = retryAfter;
  }
}

/** 400 `validation_failed`: `details` lists every problem of the failing part. */
export class ValidationError extends AddonApiError {
  override name = 'ValidationError';
  readonly details: ValidationDetail[];

  constructor(status: number, body: ErrorBody) {
    super(status, body);
    this.details = Array.isArray(body.details) ? (body.details as ValidationDetail[]) : [];
  }
}

/** 404 `not_found` (or `not_subscribed`): no such record, key or subscription in this organization. */
export class NotFoundError extends AddonApiError {
  override name = 'NotFoundError';
}

/** `bridge.ready()` got no `service:context` in time: the page is not open in the host, or the host origin is wrong. */
export class BridgeTimeoutError extends Error {
  override name = 'BridgeTimeoutError';
}

/** The typed error for an error answer: status and body as received, `Retry-After` for a 429. */
export function errorFor(status: number, body: ErrorBody, retryAfterHeader: string | null = null): AddonApiError {
  if (status === 401) return new SessionExpiredError(status, body);
  if (status === 403 && (body.code === 'insufficient_scope' || 'requiredScope' in body))
    return new ScopeError(status, body);
  if (status === 429) return new RateLimitError(status, body, retryAfterSeconds(retryAfterHeader, body));
  if (status === 400 && body.code === 'validation_failed') return new ValidationError(status, body);
  if (status === 404 && body.code !== 'route_not_found') return new NotFoundError(status, body);
  return new AddonApiError(status, body);
}

/** `Retry-After` is seconds or an HTTP date; the body's `retryAfter` is the fallback. */
function retryAfterSeconds(header: string | null, body: ErrorBody): number {
  const text = header?.trim() ?? '';
  let seconds = /^\d+$/.test(text) ? Number(text) : NaN;
  if (Number.isNaN(seconds) && text) {
    const date = Date.parse(text);
    if (!Number.isNaN(date)) seconds = Math.ceil((date - Date.now()) / 1000);
  }
  if (Number.isNaN(seconds) && typeof body.retryAfter === 'number') seconds = body.retryAfter;
  return Number.isFinite(seconds) ? Math.max(1, seconds) : 1;
}
