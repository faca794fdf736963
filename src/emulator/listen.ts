import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { UserError } from '../common/errors.js';
import { URL } from '../common/node-web.js';

/** Listens and answers the URL a browser should use; a port or host that will not do is the user's to fix. */
export async function listenOn(app: FastifyInstance | Server, port: number, host: string): Promise<string> {
  const bound = await (
    'inject' in app ? app.listen({ port, host }).then((address) => new URL(address).port) : bind(app, port, host)
  ).catch((error: NodeJS.ErrnoException) => {
    const problem = LISTEN_PROBLEMS[error.code ?? ''];
    throw problem ? new UserError(problem(port, host)) : error;
  });
  return `http://${browsableHost(host)}:${bound}`;
}

/** A plain server's listen, as fastify's for one address: its port. */
const bind = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

const LISTEN_PROBLEMS: Record<string, (port: number, host: string) => string> = {
  EADDRINUSE: (port) => `port ${port} is in use: stop what runs there or pass --port`,
  EACCES: (port) => `no permission to listen on port ${port}: pass --port with a number above 1023`,
  ERR_SOCKET_BAD_PORT: (port) => `${port} is not a port: pass --port with a number from 0 to 65535`,
  EADDRNOTAVAIL: (_port, host) => `cannot listen on host ${host}: it is not an address of this machine`,
  ENOTFOUND: (_port, host) => `cannot listen on host ${host}: no such host`,
  EAI_AGAIN: (_port, host) => `cannot listen on host ${host}: no such host`,
};

/**
 * The origins the emulator at `url` answers on: that one, and loopback by each of its names at its
 * port (the host page, the inbox and the control API take them as the emulator's own).
 */
export function originsAt(url: string): ReadonlySet<string> {
  const { port } = new URL(url);
  return new Set([url, `http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`]);
}

/** Where an emulator that will listen on `port` of `host` will be: what `listenOn` will answer. */
export const plannedUrl = (port: number, host: string): string => `http://${browsableHost(host)}:${port}`;

/** A wildcard bind is reached through loopback. */
function browsableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
