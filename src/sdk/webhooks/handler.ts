import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BODY_BYTES } from '../../common/limits.js';
import { WebhookVerificationError } from './errors.js';
import type { WebhookEvent } from './events.js';
import { parseWebhook } from './parse.js';
import type { ReplayGuard } from './replay-guard.js';

export interface WebhookHandlerOptions {
  /** Your add-on's app id. */
  appId: string;
  /** Called once per verified delivery; the answer (2xx) waits for it, so keep it under 10 seconds. */
  onEvent(event: WebhookEvent): void | Promise<void>;
  /** Acts on each deliveryId once; a delivery it has seen is answered 200 without calling onEvent. */
  replayGuard?: ReplayGuard;
  /** Larger bodies are refused with 413. Default 1 MiB, the platform's own limit. */
  maxBodyBytes?: number;
  /** Told about refused deliveries and failures of onEvent; by default a failure is a process warning
   * (which Node prints to standard error), and refusals are only answered. */
  onError?(error: Error, request: IncomingMessage): void;
}

/**
 * A Node request listener (`http.createServer(webhookHandler(...))`, or an Express route) that reads
 * the raw body, verifies it and calls `onEvent`. Answers: 200 `{"received":true}` after onEvent
 * resolved; 200 `{"received":true,"duplicate":true}` for a deliveryId the replay guard has seen;
 * 401 for a missing, wrong or foreign signature; 400 for a malformed body; 405 for another method
 * than POST; 413 for a body over `maxBodyBytes`; 500 when onEvent throws (the platform retries, and
 * the replay guard lets the retry through). The returned promise never rejects.
 */
export function webhookHandler(
  options: WebhookHandlerOptions,
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const { appId, onEvent, replayGuard, maxBodyBytes = MAX_BODY_BYTES } = options;
  const report = (error: Error, request: IncomingMessage) => {
    if (options.onError) options.onError(error, request);
    else if (!(error instanceof WebhookVerificationError))
      process.emitWarning(`webhook handler failed: ${error.message}`, {
        code: 'ADDON_WEBHOOK_HANDLER',
        detail: error.stack,
      });
  };

  return async (request, response) => {
    if (request.method !== 'POST') return answer(response, 405, { error: 'method_not_allowed' }, { allow: 'POST' });
    let event: WebhookEvent;
    try {
      const rawBody = await readBody(request, maxBodyBytes);
      if (rawBody === null) return answer(response, 413, { error: 'body_too_large' });
      event = parseWebhook(rawBody, request.headers, { appId, replayGuard });
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) {
        report(error as Error, request);
        return answer(response, 500, { error: 'internal_error' });
      }
      report(error, request);
      if (error.reason === 'replayed') return answer(response, 200, { received: true, duplicate: true });
      return answer(response, error.statusCode, { error: error.reason, message: error.message });
    }
    try {
      await onEvent(event);
    } catch (error) {
      replayGuard?.release(event.deliveryId);
      report(error instanceof Error ? error : new Error(String(error)), request);
      return answer(response, 500, { error: 'handler_failed' });
    }
    answer(response, 200, { received: true });
  };
}

/** The body's bytes, or null past the limit. A body a framework already read as bytes (express.raw) is used as is. */
async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | string | null> {
  const preRead = (request as IncomingMessage & { body?: unknown }).body;
  if (Buffer.isBuffer(preRead) || typeof preRead === 'string') return preRead;
  if (preRead !== undefined && request.readableEnded)
    throw new Error('the body was already parsed; mount webhookHandler before body parsers, or use express.raw()');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      // Past the limit: stop keeping it, let the rest drain, and answer at once.
      request.off('data', onData).off('end', onEnd).resume();
      resolve(null);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    request.on('data', onData).on('end', onEnd).once('error', reject);
  });
}

function answer(
  response: ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}
