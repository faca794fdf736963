/**
 * Whether a webhook URL names this machine (localhost, 127.0.0.0/8, [::1]): where a receiver the
 * add-on runs in development listens. The platform could never deliver there, so such a URL says
 * nothing about the HTTPS one the add-on registers in production (docs/check.md#paritywarnings).
 */
export function onThisMachine(url: URL): boolean {
  // URL has already made the host canonical: lower case, `127.1` as `127.0.0.1`, IPv6 in brackets.
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
}
