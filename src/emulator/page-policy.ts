/**
 * What the emulator's own origin tells a browser about its pages. Framed by a page of another site,
 * the host page works in full for that page (it mints tokens, moves the clock and drives the drawer
 * under the user's clicks), so no other site may frame any page of this origin.
 */
import { URL } from '../common/node-web.js';

/** On every page and file of the emulator's own origin: it may be framed by itself only. */
export const FRAMED_BY_ITSELF: Readonly<Record<string, string>> = {
  'content-security-policy': "frame-ancestors 'self'",
  // For browsers that predate frame-ancestors; those that know it ignore this.
  'x-frame-options': 'SAMEORIGIN',
};

/**
 * The host page's own policy. The Vite build is a script and a style sheet on this origin with
 * nothing inline (styles are set through the CSSOM, which a policy does not restrict), and the page
 * talks to this origin alone (the control API, /_emulator/stream, the catalog), so `'self'` is all it
 * needs; the add-on's origin is the one it frames.
 */
export function hostPageHeaders(addonUrl: string | null): Record<string, string> {
  const policy = [
    "default-src 'self'",
    `frame-src ${frameSource(addonUrl)}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
  return { ...FRAMED_BY_ITSELF, 'content-security-policy': policy };
}

/**
 * The add-on's origin, as a CSP source. The frame loads it with a token in the query and the add-on
 * may move between its own paths, so the origin, not the URL. A policy cannot name an IPv6 host
 * (`http://[::1]:5173`), so such an add-on gets its scheme; no add-on, no frame.
 */
function frameSource(addonUrl: string | null): string {
  if (!addonUrl) return "'none'";
  const url = new URL(addonUrl);
  return url.hostname.startsWith('[') ? url.protocol : url.origin;
}
