import type { Logger } from '../common/logger.js';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, invalid, UserError, type ErrorBody, type RequestPart } from '../common/errors.js';
import { MAX_BODY_BYTES, sayBytes } from '../common/limits.js';
import { problemOf } from '../common/json/validator.js';

const FASTIFY_CODES = new Map<string, [status: number, code: string, message?: string]>([
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', [415, 'unsupported_media_type', 'send the body as JSON (application/json)']],
  ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', [400, 'invalid_request', 'the Content-Length does not match the body']],
  ['FST_ERR_CTP_INVALID_JSON_BODY', [400, 'invalid_json', 'the body is not valid JSON']],
]);

/** The 413 of a body over `limit`, the limit of the route it was sent to (1 MiB, or 256 MiB for a state file). */
export const payloadTooLarge = (limit: number): ApiError =>
  new ApiError(413, 'payload_too_large', `the request body is larger than the ${sayBytes(limit)} limit of this route`);

/**
 * The body for `error`; `bodyLimit` is the limit of the route the request went to, for a 413. A 4xx
 * is what was meant to be one: an ApiError or UserError, a schema's findings, or an error fastify (or
 * @fastify/send) gave a 4xx status. Anything else, a TypeError or a SyntaxError from our own code,
 * is a bug: a 500, whose cause useErrorBodies logs, never an answer that blames the caller.
 */
export function toErrorBody(error: FastifyError | ApiError | Error, bodyLimit = MAX_BODY_BYTES): ErrorBody {
  if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') return toErrorBody(payloadTooLarge(bodyLimit));
  if (error instanceof ApiError) return body(error.statusCode, error.code, error.message, error.details);
  if (error instanceof UserError) return body(400, error.code, error.message);
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const problems = fastifyError.validation.map((problem) => problemOf(problem));
    // No route has a schema for its headers.
    return toErrorBody(invalid(problems, fastifyError.validationContext as RequestPart | undefined));
  }
  const known = fastifyError.code && FASTIFY_CODES.get(fastifyError.code);
  if (known) return body(known[0], known[1], known[2] ?? error.message);
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return body(fastifyError.statusCode, 'invalid_request', error.message);
  }
  return body(500, 'internal_error', 'the emulator failed to handle this request; see its terminal for the cause');
}

/** Node's reason phrases by status, in a Map: a lookup never reaches an object's prototype. */
const REASONS = new Map(Object.entries(STATUS_CODES).map(([status, reason]) => [Number(status), reason]));

const body = (statusCode: number, code: string, message: string, details: Record<string, unknown> = {}): ErrorBody => ({
  statusCode,
  error: REASONS.get(statusCode) ?? 'Error',
  code,
  message,
  ...details,
});

/**
 * Every error and unknown route answers with an ErrorBody; bugs are logged with their stack. Installed
 * at the root and again inside the add-on API and the control API: fastify runs a context's own
 * hooks before its not-found handler, so an unknown path under a prefix still passes that prefix's
 * token check or origin guard, and answers in this shape.
 */
export function useErrorBodies(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler((error, request, reply) => {
    const payload = toErrorBody(error as Error, request.routeOptions.bodyLimit);
    // An unexpected 5xx is a bug in the emulator, not the caller's fault (an ApiError 5xx is meant:
    // an injected fault): keep its stack where the developer sees it.
    if (payload.statusCode >= 500 && !(error instanceof ApiError))
      logger.error(`${request.method} ${request.url} failed`, error);
    return reply.code(payload.statusCode).type('application/json').send(payload);
  });
  app.setNotFoundHandler((request, reply) => {
    const payload = body(404, 'route_not_found', `no route ${request.method} ${request.url.split('?')[0]}`);
    return reply.code(404).send(payload);
  });
}
