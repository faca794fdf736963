import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from '../common/errors.js';
import { INBOX_NAME, type Inbox } from '../webhooks/inbox.js';
import { foreignPage } from './foreign-pages.js';

/**
 * `POST /inbox/<name>`: a webhook receiver built into the emulator. It keeps the raw body (the
 * signature is over its exact bytes), records every request it takes, and answers like a careful
 * receiver: 200 for a valid signature, 401 otherwise (spec 5.3 rule 4). It takes nothing from a web
 * page of another site, which could otherwise fill it from any tab (a text/plain POST needs no
 * preflight): the refusal comes before the body is read, so nothing of it is kept.
 */
export async function inboxRoutes(
  app: FastifyInstance,
  { inbox, ownOrigins }: { inbox: Inbox; ownOrigins: () => ReadonlySet<string> },
): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const page = pageRequest(request.headers, ownOrigins());
    if (page) throw new ApiError(403, 'forbidden_origin', `the inbox does not take ${page}`);
  });
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

/** The modes of requests a browser makes for a page without asking the server (CORS) first. */
const PAGE_MODES = new Set(['navigate', 'nested-navigate', 'no-cors']);

/**
 * A request a browser made for a page of another site: what `foreignPage` says (Origin,
 * Sec-Fetch-Site), and also a form post, link or no-cors request (`Sec-Fetch-Mode`) that does not say
 * it comes from the emulator's own page or the user (`Sec-Fetch-Site` same-origin or none). No webhook
 * sender makes such a request. `Sec-Fetch-Mode: cors` alone proves nothing: fetch from Node sends it
 * on every request, the emulator's own deliveries included.
 */
function pageRequest(headers: IncomingHttpHeaders, ownOrigins: ReadonlySet<string>): string | null {
  const page = foreignPage(headers, ownOrigins);
  if (page) return page;
  const mode = headers['sec-fetch-mode'];
  const site = headers['sec-fetch-site'];
  if (mode && PAGE_MODES.has(mode) && site !== 'same-origin' && site !== 'none') {
    return `${mode} requests that do not say which site they come from`;
  }
  return null;
}
