import { realTimers, type Timers } from '../clock.js';

/** One POST to a receiver, as the delivery log records it. */
export interface AttemptOutcome {
  ok: boolean;
  response: { status: number; headers: Record<string, string>; body: string; truncated: boolean } | null;
  /** Why no response came: `timed out after 10 s`, `connection refused`, ... */
  error: string | null;
  durationMs: number;
}

export const RESPONSE_BODY_LIMIT = 4096;

/**
 * Posts `body` with `headers`. Only a 2xx within `timeoutMs` is success; redirects are not followed.
 * Rejects only when `cancel` fires (the emulator is closing): that is no attempt at all.
 */
export async function postOnce(
  fetchImpl: typeof fetch,
  request: {
    url: string;
    headers: Record<string, string>;
    body: string;
    timeoutMs: number;
    cancel: AbortSignal;
    timers?: Timers;
  },
): Promise<AttemptOutcome> {
  const timers = request.timers ?? realTimers;
  const started = timers.now();
  const elapsed = () => Math.round((timers.now() - started) * 10) / 10;
  const { signal, done } = attemptSignal(request.timeoutMs, request.cancel, timers);
  try {
    const response = await fetchImpl(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal,
    });
    const { text, truncated } = await readLimited(response, RESPONSE_BODY_LIMIT);
    const ok = response.status >= 200 && response.status < 300;
    const headers = Object.fromEntries(response.headers);
    return {
      ok,
      response: { status: response.status, headers, body: text, truncated },
      error: null,
      durationMs: elapsed(),
    };
  } catch (error) {
    if (request.cancel.aborted) throw error;
    return { ok: false, response: null, error: describe(error, request.timeoutMs), durationMs: elapsed() };
  } finally {
    done();
  }
}

/**
 * A signal that aborts after `timeoutMs` or when `cancel` does; call `done()` when the attempt ends.
 * Not `AbortSignal.any([AbortSignal.timeout(ms), cancel])`: Node can garbage-collect the timeout
 * signal inside it, and then the attempt never times out (nodejs/node#57736), while every composite
 * stays tied to the long-lived `cancel` (nodejs/node#62363).
 */
function attemptSignal(timeoutMs: number, cancel: AbortSignal, timers: Timers): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const timer = timers.set(
    () => controller.abort(new DOMException('the attempt timed out', 'TimeoutError')),
    timeoutMs,
  );
  const onCancel = () => controller.abort(cancel.reason);
  cancel.addEventListener('abort', onCancel, { once: true });
  if (cancel.aborted) onCancel();
  return {
    signal: controller.signal,
    done() {
      timers.clear(timer);
      cancel.removeEventListener('abort', onCancel);
    },
  };
}

async function readLimited(response: Response, limit: number): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size <= limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  const truncated = size > limit;
  if (truncated) await reader.cancel().catch(() => {});
  return { text: Buffer.concat(chunks).subarray(0, limit).toString('utf8'), truncated };
}

function describe(error: unknown, timeoutMs: number): string {
  const { name, cause, message } = error as {
    name?: string;
    cause?: { code?: string; message?: string };
    message?: string;
  };
  if (name === 'TimeoutError') return `timed out after ${timeoutMs / 1000} s`;
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found',
  };
  return reasons[cause?.code ?? ''] ?? cause?.message ?? message ?? String(error);
}
