import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import type { CoverageRecorder } from './recorder.js';
import { operationOf, refusalItem, TOKEN_EXPIRED_IN_USE } from './surface.js';

/** Of each route, its operation's words, made once (`GET /customers/{id}`). */
const operations = new Map<string, string>();

/**
 * Step 8 of the API's request path (api/request-path.ts): every answer of an add-on API call told to
 * coverage. Registered before the pipeline, so its hook runs before the audit line is written and the
 * call's scope decision (`request.audit`) is still there to read. A call a fault rule leaves unanswered
 * has no answer: the pipeline tells `recordDropped` instead.
 */
export function useCoverage(app: FastifyInstance, coverage: CoverageRecorder): void {
  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof ApiError) refused(coverage, request, error);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    recordAnswer(coverage, request, reply.statusCode);
    done();
  });
}

/** A call a fault rule reset or left hanging: `dropped`. */
export const recordDropped = (coverage: CoverageRecorder, request: FastifyRequest): void =>
  recordAnswer(coverage, request, 0);

function recordAnswer(coverage: CoverageRecorder, request: FastifyRequest, status: number): void {
  const operation = operationOfRequest(request);
  // A path no route serves (its 404 is the API's, not an operation's).
  if (!operation) return;
  coverage.hit('operations', operation);
  coverage.hit('responses', `${operation} ${responseWord(status)}`);
  if (status < 200 || status >= 300) return;
  const pending = request.audit;
  if (pending?.required && pending.decision === 'granted') coverage.hit('scopes', pending.required);
  if (operation === SUBSCRIBE) coverage.hit('events', `${(request.body as { event: string }).event} subscribed`);
}

const SUBSCRIBE = 'POST /events/subscribe';

/** The 401's code, an expiry met by a session in use, the scope a 403 wanted. */
function refused(coverage: CoverageRecorder, request: FastifyRequest, error: ApiError): void {
  if (error.statusCode === 401) {
    coverage.hit('responses', refusalItem(error.code));
    // A fault rule's `expiredToken` passed the token check (the session is known): not the clock's doing.
    if (error.code === 'token_expired' && !request.session) coverage.hit('time', TOKEN_EXPIRED_IN_USE);
  } else if (error.code === 'insufficient_scope') {
    coverage.see('denied scopes', String(error.details?.requiredScope));
  }
}

const responseWord = (status: number): string =>
  status === 0 ? 'dropped' : status >= 500 ? '5xx' : status >= 200 && status < 300 ? '2xx' : String(status);

function operationOfRequest(request: FastifyRequest): string | undefined {
  const { url, method } = request.routeOptions;
  if (url === undefined) return undefined;
  const key = `${method} ${url}`;
  let operation = operations.get(key);
  if (operation === undefined) operations.set(key, (operation = operationOf(request.method, url)));
  return operation;
}
