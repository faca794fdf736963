import type { FastifyInstance } from 'fastify';
import { FAULT_RULE_SCHEMA, type FaultRuleSpec } from '../faults/fault-rule.js';
import type { FaultSet } from '../faults/fault-set.js';

const hide = { hide: true };

/** `addon faults`: the rules in force, with their hits; add one; clear one or all (docs/faults.md). */
export function faultControlRoutes(app: FastifyInstance, faults: FaultSet): void {
  app.get('/faults', { schema: hide }, async () => ({ data: faults.list(), seed: faults.seed }));

  app.post<{ Body: FaultRuleSpec }>('/faults', {
    schema: { ...hide, body: FAULT_RULE_SCHEMA },
    handler: async (request, reply) => reply.code(201).send(faults.add(request.body)),
  });

  app.delete('/faults', { schema: hide }, async () => ({ cleared: faults.clear() }));

  app.delete<{ Params: { id: string } }>('/faults/:id', {
    schema: { ...hide, params: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } } } },
    handler: async (request) => ({ cleared: faults.clear(request.params.id) }),
  });
}
