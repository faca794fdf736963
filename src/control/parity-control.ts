import type { FastifyInstance } from 'fastify';
import { object } from '../domain/schema.js';
import type { ParityLog } from '../parity/parity-log.js';

export type { ParityWarning } from '../parity/parity-log.js';

/** The kinds the host page finds (in the bridge) and reports here; the others the emulator finds itself. */
const REPORTED_BY_THE_HOST = ['notify-level'] as const;

/** `GET /_emulator/parity` (addon dev's terminal, the drawer) and the host page's reports. */
export function parityControlRoutes(app: FastifyInstance, parity: ParityLog): void {
  app.get('/parity', { schema: { hide: true } }, async () => ({ data: parity.list(), strict: parity.strict }));

  app.post<{ Body: { kind: (typeof REPORTED_BY_THE_HOST)[number]; detail: string } }>('/parity', {
    schema: {
      hide: true,
      body: object(
        {
          kind: { type: 'string', enum: [...REPORTED_BY_THE_HOST] },
          detail: { type: 'string', maxLength: 200 },
        },
        ['kind', 'detail'],
      ),
    },
    handler: async (request, reply) => {
      parity.note(request.body.kind, request.body.detail);
      return reply.code(204).send();
    },
  });
}
