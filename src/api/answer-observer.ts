import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What is told each answer of an add-on API call (request-path.ts step 8): coverage, when it is on
 * (coverage/answers.ts). The API only offers the place; the emulator fills it, so that the API, a
 * floor below coverage, does not import it.
 */
export interface AnswerObserver {
  /** Adds its hooks to the API's scope, before the pipeline's: the scope decision is still there to read. */
  observe(app: FastifyInstance): void;
  /** A call a fault rule reset or left hanging has no answer: the pipeline tells it here. */
  dropped(request: FastifyRequest): void;
}
