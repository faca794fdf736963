import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';

/**
 * JSON in, and only JSON: `application/json` and the JSON Merge Patch type (RFC 7396) are parsed with
 * fastify's prototype-poisoning guard; any other body type is a 415. A request that names JSON but
 * sends no body (a DELETE from some HTTP clients) has no body rather than a broken one.
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
      parseJson(request, text, (error, value) => done(error && (isValidJson(text) ? forbiddenKey() : error), value));
    },
  );
}

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
