import { finished } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { MAX_DRAINED_BODY_BYTES } from '../common/limits.js';
import { payloadTooLarge } from './error-body.js';

/** The methods whose body fastify never parses: a body sent with them is no one's business. */
const BODYLESS = new Set(['GET', 'HEAD', 'TRACE']);

/**
 * A body whose Content-Length is over its route's limit is read to its end and thrown away before the
 * 413 is sent. fastify would answer at once and close the connection, while a client that writes its
 * whole body before it reads (fetch does) is still writing: it gets a broken pipe or a reset instead
 * of the 413, one time in three or more. Reading costs at most MAX_DRAINED_BODY_BYTES; a larger body
 * is left to fastify, which closes the connection on it, as does a body without a Content-Length.
 * A preParsing hook runs after the token, rate limit and scope checks, so their answers come first.
 */
export function useDrainedOversizeBodies(app: FastifyInstance): void {
  // A callback hook: every request passes it, and most have nothing to read here.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (BODYLESS.has(request.method)) return done(null, payload);
    const length = Number(request.headers['content-length']);
    const limit = request.routeOptions.bodyLimit;
    if (!(length > limit) || length > MAX_DRAINED_BODY_BYTES) return done(null, payload);
    payload.resume();
    // A client that gives up halfway needs no answer; the 413 goes nowhere then.
    const answer = () => done(payloadTooLarge(limit), payload);
    finished(payload).then(answer, answer);
  });
}
