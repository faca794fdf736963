import { MAX_AUDIT_BODY_CHARS } from '../common/limits.js';

/**
 * What an audit entry keeps of a call beyond its line: the JSON body sent, when it is small enough to
 * keep (MAX_AUDIT_BODY_CHARS), so the host page can copy the call as curl, a CLI line or a test; else
 * how long it was, so that no copy is made without it.
 */
export function keptBody(body: unknown): { body?: unknown; bodyChars?: number } {
  if (body === undefined || body === null) return {};
  const chars = JSON.stringify(body).length;
  return chars <= MAX_AUDIT_BODY_CHARS ? { body } : { bodyChars: chars };
}

/** The `code` of an error body (every error answers in that one shape: api/error-body.ts), if any. */
export function errorCode(statusCode: number, payload: unknown): string | undefined {
  if (statusCode < 400 || typeof payload !== 'string') return undefined;
  try {
    const { code } = JSON.parse(payload) as { code?: unknown };
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined; // not JSON: a fault rule's body, say
  }
}
