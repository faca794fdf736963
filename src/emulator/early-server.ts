import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
/** In fastify's initialConfig (with its defaults), though its type names only some. */
interface ServerTimeouts {
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number | null;
}
type ClientErrorListener = (error: Error, socket: Socket) => void;

/**
 * An HTTP server that listens before the app that answers on it exists (`addon exec`: the command
 * starts once the URL is known, and may end without a request, so the routes are built only for one).
 * A request or connection error that comes first starts `build` and waits for it; fastify is handed
 * this server (`serverFactory`) and then answers everything, so each answer is fastify's own.
 */
export function earlyServer(build: (serverFactory: FastifyServerOptions['serverFactory']) => Promise<FastifyInstance>) {
  let handler: Handler | null = null;
  let building: Promise<FastifyInstance> | null = null;
  const server: Server = createServer((request, response) => {
    if (handler) handler(request, response);
    else
      void app().then(
        () => handler!(request, response),
        () => response.destroy(),
      );
  });
  // Before the app: a malformed request waits for it too, for fastify's answer (its clientError listener).
  const early: ClientErrorListener = (error, socket) =>
    void app().then(
      () => server.listeners('clientError').forEach((listener) => (listener as ClientErrorListener)(error, socket)),
      () => socket.destroy(),
    );
  server.on('clientError', early);

  /** The app, built by the first to ask (a request, `inject`, coverage's operations). */
  function app(): Promise<FastifyInstance> {
    let fastifyHandler: Handler | undefined;
    building ??= build((httpHandler) => {
      // fastify adds its own clientError listener next.
      server.off('clientError', early);
      fastifyHandler = httpHandler as Handler;
      return server;
    }).then((built) => {
      // What fastify sets on a server it makes itself, from its own options.
      const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } =
        built.initialConfig as ServerTimeouts;
      server.keepAliveTimeout = keepAliveTimeout;
      server.requestTimeout = requestTimeout;
      server.setTimeout(connectionTimeout);
      if (maxRequestsPerSocket) server.maxRequestsPerSocket = maxRequestsPerSocket;
      // Only once it is ready: before, fastify's router has no routes yet.
      handler = fastifyHandler!;
      return built;
    });
    return building;
  }

  return {
    server,
    app,
    /** The app if one was asked for (built or being built), else null. */
    started: () => building,
  };
}
