import type { FastifyReply, FastifyRequest } from 'fastify';

/** A live emulator happening, as the host page and `addon logs --follow` receive it. */
export interface LiveEvent {
  name: 'audit' | 'refused' | 'delivery' | 'subscription-disabled' | 'clock' | 'parity' | 'installations' | 'coverage';
  data: unknown;
}

/** A server-sent event stream being answered: `send` writes one event, `end` closes it. */
export interface EventStream {
  send(name: string, data: unknown): void;
  end(): void;
}

/**
 * Answers with server-sent events from now on, each `event: <name>` with JSON data; the first line
 * is a comment, so the client sees the stream open at once.
 */
export function openEventStream(reply: FastifyReply, comment: string): EventStream {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  reply.raw.write(`: ${comment}\n\n`);
  return {
    send: (name, data) => void reply.raw.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`),
    end: () => reply.raw.end(),
  };
}

/** Answers with server-sent events: each LiveEvent `subscribe` reports, until the client goes away. */
export function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  subscribe: (send: (event: LiveEvent) => void) => () => void,
): void {
  const stream = openEventStream(reply, 'emulator events');
  const stop = subscribe(({ name, data }) => stream.send(name, data));
  request.raw.on('close', stop);
}
