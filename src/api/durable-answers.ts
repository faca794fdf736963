import type { FastifyInstance } from 'fastify';
import { toErrorBody } from './error-body.js';
import { ApiError } from '../common/errors.js';

/**
 * No answer shows the world before the journal holds it. A write's own answer waits for its journal
 * line already; this makes every other answer (a read of a record another call is writing, an
 * export, the inbox) wait for the changes in memory when it is sent, so nothing anyone was shown can
 * vanish in a kill. When those changes could not be written (and were taken back), the answer becomes
 * a 503 rather than show what is gone. With nothing waiting to be written, it costs nothing.
 */
export function useDurableAnswers(app: FastifyInstance, settled: () => Promise<void> | null): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    const waiting = settled();
    if (!waiting) return done(null, payload);
    waiting.then(
      () => done(null, payload),
      (error: Error) => {
        const body = toErrorBody(new ApiError(503, 'store_unavailable', `the store could not write: ${error.message}`));
        void reply.code(503).type('application/json');
        done(null, JSON.stringify(body));
      },
    );
  });
}
