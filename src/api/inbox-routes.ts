import type { FastifyInstance } from 'fastify';
import { INBOX_NAME, type Inbox } from '../webhooks/inbox.js';

/**
 * `POST /inbox/<name>`: a webhook receiver built into the emulator. It keeps the raw body (the
 * signature is over its exact bytes), records every request, and answers like a careful receiver:
 * 200 for a valid signature, 401 otherwise (spec 5.3 rule 4).
 */
export async function inboxRoutes(app: FastifyInstance, { inbox }: { inbox: Inbox }): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post<{ Params: { name: string }; Body: Buffer | undefined }>('/inbox/:name', {
    schema: { hide: true, params: { type: 'object', properties: { name: { type: 'string', pattern: INBOX_NAME } } } },
    handler: async (request, reply) => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      const entry = await inbox.receive(request.params.name, headers, request.body ?? Buffer.alloc(0));
      return reply
        .code(entry.signatureValid ? 200 : 401)
        .send({ received: true, signatureValid: entry.signatureValid });
    },
  });
}
