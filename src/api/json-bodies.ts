import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../common/errors.js';
import { checkJson } from '../common/json/json-bounds.js';
import { MAX_JSON_DEPTH } from '../common/limits.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How deep this route's JSON body may nest, when not MAX_JSON_DEPTH (a state file's is deeper). */
    jsonDepth?: number;
  }
}

/**
 * JSON in, and only JSON: `application/json` and the JSON Merge Patch type (RFC 7396) are parsed with
 * fastify's prototype-poisoning guard, then held to the bounds every input has (checkJson: depth,
 * finite numbers); any other body type is a 415. A request that names JSON but sends no body (a DELETE
 * from some HTTP clients) has no body rather than a broken one.
 */
export function useJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'application/merge-patch+json'],
    { parseAs: 'string' },
    (request, body, done) => {
      const text = body as string;
      if (text === '') return done(null, undefined);
      parseJson(request, text, (error, value) => {
        if (error) return done(isValidJson(text) ? forbiddenKey() : error, undefined);
        try {
          checkJson(value, boundsOf(request));
          done(null, value);
        } catch (problem) {
          done(problem as Error, undefined);
        }
      });
    },
  );
}

const boundsOf = (request: FastifyRequest) => ({
  maxDepth: request.routeOptions.config.jsonDepth ?? MAX_JSON_DEPTH,
  maxBytes: request.routeOptions.bodyLimit ?? Infinity,
});

// fastify's guard reports a `__proto__` key as invalid JSON; say what is really wrong.
const forbiddenKey = () =>
  new ApiError(400, 'forbidden_key', 'the body must not contain __proto__ or constructor.prototype keys');

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
