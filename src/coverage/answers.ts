import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnswerObserver } from '../api/answer-observer.js';
import { ApiError } from '../common/errors.js';
import type { CoverageRecorder } from './recorder.js';
import { operationOf, refusalItem, TOKEN_EXPIRED_IN_USE } from './surface.js';

/** A route's words, made once: its operation (`GET /customers/{id}`) and each of its answers met so far. */
interface RouteWords {
  operation: string;
  answers: Map<number, string>;
}
/** By the route's config, one object per route for as long as the route lives. */
const routeWords = new WeakMap<object, RouteWords>();

/**
 * Step 8 of the API's request path (api/request-path.ts): every answer of an add-on API call told to
 * coverage. Registered before the pipeline, so its hook runs before the audit line is written and the
 * call's scope decision (`request.audit`) is still there to read. A call a fault rule leaves unanswered
 * has no answer: the pipeline tells `dropped` instead.
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

/** Coverage in its place on the request path: each answer, and a call a fault rule reset or left hanging as `dropped`. */
export const coverageAnswers = (coverage: CoverageRecorder): AnswerObserver => ({
  observe: (app) => useCoverage(app, coverage),
  dropped: (request) => recordAnswer(coverage, request, 0),
});

function recordAnswer(coverage: CoverageRecorder, request: FastifyRequest, status: number): void {
  const words = wordsOf(request);
  // A path no route serves (its 404 is the API's, not an operation's).
  if (!words) return;
  const { operation, answers } = words;
  coverage.hit('operations', operation);
  let answer = answers.get(status);
  if (answer === undefined) answers.set(status, (answer = `${operation} ${responseWord(status)}`));
  coverage.hit('responses', answer);
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

function wordsOf(request: FastifyRequest): RouteWords | undefined {
  // One read of the getter, which makes a new object each time: the config is the route's own.
  const { config } = request.routeOptions;
  let words = routeWords.get(config);
  if (words === undefined && config.url !== undefined) {
    // A HEAD route (fastify's, beside a GET) is an operation of its own words, outside the surface.
    words = { operation: operationOf(request.method, config.url), answers: new Map() };
    routeWords.set(config, words);
  }
  return words;
}
