import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { foreignPage } from '../api/foreign-pages.js';
import { ApiError } from '../common/errors.js';

/** The names of this machine a request may be addressed to (`addon mcp` talks only to them too). */
export const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

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
  const name = hostName(request.headers.host ?? '');
  if (name === null || !LOOPBACK_NAMES.has(name)) {
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

/**
 * A Host header (RFC 9110 7.2) is a name, or an IPv6 literal in brackets, then an optional port, and
 * nothing else: a header that only begins like one (`[::1].evil.example`, `localhost:1@evil.example`,
 * `127.0.0.1:1,evil.example`) is no host at all, not the loopback name it starts with.
 */
const HOST = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/i;

/** `127.0.0.1:4455` -> `127.0.0.1`; `[::1]:4455` -> `[::1]`; null for what is not a host and port. */
function hostName(host: string): string | null {
  return HOST.exec(host)?.[1].toLowerCase() ?? null;
}
