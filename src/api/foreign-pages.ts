import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a browser says a request was made by a page of another site, the one rule the control API
 * (control/guard.ts) and the built-in inbox (api/inbox-routes.ts) refuse by. Tools (the CLI, curl, a
 * backend, a webhook sender, fetch from Node) send neither `Origin` nor `Sec-Fetch-Site`, and pages
 * cannot forge either; `ownOrigins` are the emulator's own (the host page's), empty until it listens.
 * Answers what the request is, for the refusal's message ("pages from http://evil.example"), or null.
 */
export function foreignPage(headers: IncomingHttpHeaders, ownOrigins: ReadonlySet<string>): string | null {
  const origin = headers.origin;
  // Every cross-origin request but a no-cors GET/HEAD carries Origin; `null` is a sandboxed frame or
  // a file: page, and a rebinding page has its own host name in it.
  if (origin !== undefined && !ownOrigins.has(origin)) return `pages from ${origin}`;
  // What arrives without Origin (an <img>, a no-cors GET). `same-site` too: every localhost port is
  // the same site as the emulator.
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return 'requests from other sites';
  return null;
}
