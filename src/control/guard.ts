import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { foreignPage } from '../api/foreign-pages.js';
import { ApiError } from '../errors.js';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The control API mints tokens with any scope and moves the clock, so no web page may reach it, even
 * on localhost. It answers only when
 *  - the connection comes from a loopback address,
 *  - the Host header names a loopback host (a DNS-rebinding page arrives with its own host name),
 *  - there is no Origin header, or it is the emulator's own (the host page); a page on any other
 *    origin, the add-on's included, gets 403 (no CSRF), and no CORS headers are ever sent,
 *  - the browser does not mark the request as cross-site or same-site (Sec-Fetch-Site).
 */
export function guardControlApi(app: FastifyInstance, ownOrigins: () => ReadonlySet<string>): void {
  app.addHook('onRequest', async (request) => {
    const problem = refusal(request, ownOrigins());
    if (problem) throw new ApiError(403, problem[0], problem[1]);
  });
}

function refusal(request: FastifyRequest, ownOrigins: ReadonlySet<string>): [string, string] | null {
  if (!isLoopbackAddress(request.socket.remoteAddress)) {
    return ['forbidden_client', 'the control API answers only connections from this machine'];
  }
  if (!LOOPBACK_NAMES.has(hostName(request.headers.host ?? ''))) {
    return ['forbidden_host', 'the control API answers only requests addressed to localhost or 127.0.0.1'];
  }
  const page = foreignPage(request.headers, ownOrigins);
  return page ? ['forbidden_origin', `the control API does not answer ${page}`] : null;
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}

/** `127.0.0.1:4455` -> `127.0.0.1`; `[::1]:4455` -> `[::1]`. */
function hostName(host: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return name.toLowerCase();
}
