// One call of the add-on REST API from outside the add-on, with a session token: what `addon api`
// and MCP's `call_api` tool make.
import { UserError } from '../common/errors.js';
import { API_PREFIX } from '../sdk/browser/addresses.js';
import { hasDotSegment } from '../snippets/sent-paths.js';

/** An API call's answer may wait for a slow write; past this it is said to have taken too long. */
const CALL_TIMEOUT_MS = 60_000;

/** The methods of the add-on API (HEAD: a GET's answer without its body, as HTTP gives every GET). */
export const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ApiMethod = (typeof API_METHODS)[number];

/**
 * The URL of an add-on API path (`/customers?limit=5`, the prefix may be given too) on the emulator
 * at `base`, never anywhere else: null when `given` leaves the API, or has a `.` or `..` segment,
 * which a URL resolves away: the call would be another than the one written (a path copied from the
 * audit log, which keeps what was sent as it was sent).
 */
export function apiCallUrl(base: string, given: string): string | null {
  if (hasDotSegment(given)) return null;
  const relative = given.startsWith(`${API_PREFIX}/`) || given === API_PREFIX ? given.slice(API_PREFIX.length) : given;
  const url = new URL(`${API_PREFIX}${relative.startsWith('/') || relative === '' ? '' : '/'}${relative}`, base);
  return url.origin === base && (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`))
    ? url.href
    : null;
}

/** Sends the call; a failure to get an answer (not an error answer) is one line. */
export async function sendApiCall(
  url: string,
  method: string,
  token: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CALL_TIMEOUT_MS);
  try {
    return await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([controller.signal, signal]) : controller.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw new UserError(`${method} ${url} was cancelled`, 1, 'cancelled');
    if (controller.signal.aborted)
      throw new UserError(`${method} ${url} was not answered within ${CALL_TIMEOUT_MS / 1000} s`);
    throw new UserError(`${method} ${url} failed: ${(error as { cause?: Error }).cause?.message ?? error}`);
  } finally {
    clearTimeout(timer);
  }
}

/** A JSON body as its value, any other as its text; an empty one as null. */
export function parsedBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
