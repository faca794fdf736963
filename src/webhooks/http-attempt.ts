import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { realTimers, type Timers } from '../common/clock.js';
import {
  MAX_RECEIVER_HEADER_BYTES,
  MAX_WEBHOOK_ATTEMPTS_PER_RECEIVER,
  RECEIVER_BODY_KEPT_BYTES,
  RECEIVER_IDLE_CONNECTION_MS,
  sayBytes,
} from '../common/limits.js';
import { nodeAbortController, URL } from '../common/node-web.js';

/** One POST to a receiver, as the delivery log records it. */
export interface AttemptOutcome {
  ok: boolean;
  response: { status: number; headers: Record<string, string>; body: string; truncated: boolean } | null;
  /** Why no response came: `timed out after 10 s`, `connection refused`, ... */
  error: string | null;
  durationMs: number;
}

/** A receiver's answer as node:http gives it (an IncomingMessage): its head, and its body to read. */
export interface ReceiverAnswer extends AsyncIterable<Buffer> {
  statusCode?: number;
  headers: IncomingHttpHeaders;
}

/**
 * How an attempt reaches its receiver: one POST with exactly `headers` and `body`, resolving once the
 * answer's head has come. `createHttpTransport()`'s by default; the kit's tests put their own here.
 */
export type Transport = (
  url: URL,
  request: { headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<ReceiverAnswer>;

/**
 * Posts over node:http(s), writing exactly the headers given plus the three that say how the bytes
 * travel (Host, Content-Length, Connection): an HTTP client of its own (fetch) would add accept,
 * accept-language, sec-fetch-mode and accept-encoding, which the platform does not send. Connections
 * are kept alive between a receiver's deliveries, as the platform's are, and closed after
 * RECEIVER_IDLE_CONNECTION_MS idle (or sooner, when the receiver's Keep-Alive header says so).
 * How many are open at once is the attempt queue's to bound, not the agent's: an attempt waiting
 * inside the agent would spend its timeout there.
 */
export function createHttpTransport(): { send: Transport; close(): void } {
  const options = {
    keepAlive: true,
    timeout: RECEIVER_IDLE_CONNECTION_MS,
    maxFreeSockets: MAX_WEBHOOK_ATTEMPTS_PER_RECEIVER,
  };
  const http = new HttpAgent(options);
  // node:https (with node:tls) on the first https: receiver: loading them was ~6 ms of every start
  // (`addon exec` among them), and the receivers met here are mostly this machine's, on http:.
  let https: { agent: HttpsAgent; request: typeof httpRequest } | undefined;
  const secured = () => {
    const { Agent, request } = process.getBuiltinModule('node:https');
    return (https ??= { agent: new Agent(options), request });
  };
  const send: Transport = (url, { headers, body, signal }) =>
    new Promise((resolve, reject) => {
      const { agent, request } = url.protocol === 'https:' ? secured() : { agent: http, request: httpRequest };
      const post = request(url, {
        method: 'POST',
        agent,
        signal,
        maxHeaderSize: MAX_RECEIVER_HEADER_BYTES,
        // In this order on the wire (docs/webhooks.md#headers); set here, Node adds none of its own.
        headers: { host: url.host, ...headers, 'content-length': Buffer.byteLength(body), connection: 'keep-alive' },
      });
      let answered = false;
      // Also after the answer came: a socket error then ends the body being read, not the process.
      post.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return;
        // A kept connection the receiver closed as this went out (it saw no request): once more on
        // another, as Node's docs advise, rather than a failed attempt the receiver never saw.
        if (post.reusedSocket && error.code === 'ECONNRESET' && !signal.aborted)
          send(url, { headers, body, signal }).then(resolve, reject);
        else reject(error);
      });
      post.on('response', (answer) => {
        answered = true;
        resolve(answer);
      });
      post.end(body);
    });
  return {
    send,
    close() {
      http.destroy();
      https?.agent.destroy();
    },
  };
}

/**
 * Posts `body` with `headers`. Only a 2xx within `timeoutMs` (its head and its body, read up to
 * RECEIVER_BODY_KEPT_BYTES) is success; redirects are not followed. Every way a receiver can answer,
 * or not, ends as an outcome with a reason. Rejects only when `cancel` fires (the emulator is
 * closing): that is no attempt at all.
 */
export async function postOnce(
  send: Transport,
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
  let answered = false;
  try {
    const answer = await send(new URL(request.url), { headers: request.headers, body: request.body, signal });
    answered = true;
    const { text, truncated } = await readLimited(answer, RECEIVER_BODY_KEPT_BYTES);
    const status = answer.statusCode ?? 0;
    return {
      ok: status >= 200 && status < 300,
      response: { status, headers: flatten(answer.headers), body: text, truncated },
      error: null,
      durationMs: elapsed(),
    };
  } catch (error) {
    if (request.cancel.aborted) throw error;
    const reason = signal.aborted ? `timed out after ${request.timeoutMs / 1000} s` : describe(error, answered);
    return { ok: false, response: null, error: reason, durationMs: elapsed() };
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
  const controller = nodeAbortController();
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

/** The body up to `limit` bytes; one that goes on is not read further (leaving the loop closes it). */
async function readLimited(body: AsyncIterable<Buffer>, limit: number): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > limit) break;
  }
  return { text: Buffer.concat(chunks).subarray(0, limit).toString('utf8'), truncated: size > limit };
}

/** The answer's headers as the log keeps them: one string each (a repeated one joined, as fetch does). */
const flatten = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );

/** Why no answer came, in words: node:http's error codes, and its parser's for what is not HTTP. */
function describe(error: unknown, answered: boolean): string {
  const { code, message } = error as { code?: string; message?: string };
  if (answered) return 'the connection closed before the whole answer came';
  if (message === 'socket hang up') return 'the connection closed with no answer';
  if (code === 'HPE_HEADER_OVERFLOW')
    return `the answer's headers were over ${sayBytes(MAX_RECEIVER_HEADER_BYTES)}, more than is read`;
  if (code?.startsWith('HPE_')) return `the answer was not HTTP (${message})`;
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found',
  };
  return reasons[code ?? ''] ?? message ?? String(error);
}
