import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WorldGate } from '../state/world-gate.js';

/**
 * Holds a request while work that takes the whole world runs (a scenario, state/world-gate.ts), so it
 * neither sees a half-made world nor changes one that may be rolled back under it. The wait is the
 * last step before the route's handler, so a body still being read cannot slip into the run.
 * `passes(request)` names the requests that neither change nor read the world.
 */
export function useWorldGate(
  app: FastifyInstance,
  gate: WorldGate,
  passes: (request: FastifyRequest) => boolean = () => false,
): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const waiting = passes(request) ? null : gate.passage();
    if (waiting) void waiting.then(() => done());
    else done();
  });
}
