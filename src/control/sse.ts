import type { FastifyReply, FastifyRequest } from 'fastify';

/** A live emulator happening, as the host page and `addon logs --follow` receive it. */
export interface LiveEvent {
  name: 'audit' | 'refused' | 'delivery' | 'subscription-disabled' | 'clock' | 'parity' | 'installations';
  data: unknown;
}

/**
 * Answers with server-sent events: each LiveEvent `subscribe` reports becomes `event: <name>` with
 * JSON data, until the client goes away.
 */
export function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  subscribe: (send: (event: LiveEvent) => void) => () => void,
): void {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  reply.raw.write(': emulator events\n\n');
  const stop = subscribe(({ name, data }) => reply.raw.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`));
  request.raw.on('close', stop);
}
