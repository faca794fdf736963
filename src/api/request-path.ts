import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { useDurableAnswers } from './durable-answers.js';
import { useErrorBodies } from './error-body.js';
import { useJsonBodies } from './json-bodies.js';
import { useDrainedOversizeBodies } from './oversize-bodies.js';
import { usePipeline, type PipelineDeps } from './pipeline.js';
import { RATE_LIMIT_HEADERS } from './rate-limit-answer.js';
import { usePlainSerialization } from './serialization.js';
import { refuseUnknownQueries, useStrictValidation } from './validation.js';
import type { Logger } from '../common/logger.js';

/**
 * The path of a request, in order, in one place. Two scopes: what every request meets (the whole
 * app), then what an add-on API call meets besides (registered inside the API's plugin, so it stays
 * encapsulated there). A control API call meets its own guard, error bodies and query rule instead
 * (control/control-api.ts); the route's handler comes last. Each step hooks into fastify's lifecycle,
 * so where steps meet different stages the stage decides: the token, rate limit and scope (onRequest)
 * answer before a body is read (preParsing).
 */
export function useAppRequestPath(
  app: FastifyInstance,
  { logger, settled }: { logger: Logger; settled(): Promise<void> | null },
): void {
  // 1. Bodies validated as sent, queries and path parameters as text; a validator compiled on first use.
  useStrictValidation(app);
  // 2. Answers written by JSON.stringify: their data has the shape of their schema already.
  usePlainSerialization(app);
  // 3. JSON in, and only JSON (else 415), with the prototype-poisoning guard and the input bounds.
  useJsonBodies(app);
  // 4. A body over its route's limit is read to its end before the 413, so the client gets the 413.
  useDrainedOversizeBodies(app);
  // 5. Every error, ours or fastify's, becomes the platform's error body.
  useErrorBodies(app, logger);
  // 6. No answer shows the world before the journal holds it.
  useDurableAnswers(app, settled);
}

/**
 * @fastify/cors as a plain function, marked as fastify-plugin marks it (not encapsulated, so its
 * hooks hold for the API's scope; under its name) but without the fastify version it declares, which
 * fastify checks with semver: loading semver and parsing the range was a share of every start
 * (docs/performance.md). package.json's fastify range (^5) already holds to what it declares (5.x).
 */
const corsPlugin = Object.assign(
  (instance: FastifyInstance, options: FastifyCorsOptions, done: (error?: Error) => void) =>
    cors(instance, options, done),
  { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: '@fastify/cors' },
);

/** What an add-on API call meets after the app-wide steps, before its route. */
export async function useApiRequestPath(app: FastifyInstance, deps: PipelineDeps & { logger: Logger }): Promise<void> {
  // 7. CORS: add-ons call from their iframe, another origin, with a bearer token and no cookies, so any
  //    origin may call. The headers go only to requests with an Origin (every cross-origin request of a
  //    browser): a backend reads none, and writing them on every call cost the list a tenth of its
  //    throughput (docs/performance.md). The answer then varies by Origin, and says so.
  await app.register(corsPlugin, {
    origin: (origin: string | undefined, answer: (error: null, allow: false | '*') => void) =>
      answer(null, origin === undefined ? false : '*'),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: RATE_LIMIT_HEADERS,
    maxAge: 600,
  });
  // 8. Coverage: each answer told to the emulator's recorder (coverage/answers.ts, through
  //    answer-observer.ts), unless it is off. Before the pipeline, so it reads the call's scope
  //    decision before the audit line takes it.
  deps.answers?.observe(app);
  // 9–14. Session token, rate limit, audit, scope, fault rules, then the world gate (api/pipeline.ts).
  usePipeline(app, deps);
  // 15. Errors of the API's own hooks get the error body inside its scope too.
  useErrorBodies(app, deps.logger);
  // 16. A query parameter the route does not take is a 400 naming it.
  refuseUnknownQueries(app);
}
