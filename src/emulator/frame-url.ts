// The URL the add-on's frame loads: the add-on's own, with the session token in `service_token`
// (spec section 1, step 3). DOM-free: the host page loads it in its iframe, and mockHost()
// (src/testing) puts it in the test window's address.

/**
 * Adds `service_token` to the add-on URL. The URL's own query is kept as written (appended to, not
 * re-encoded), and a `service_token` already in it is replaced rather than repeated.
 */
export function frameUrl(addonUrl: string, token: string): string {
  const url = new URL(addonUrl);
  if (url.searchParams.has('service_token')) {
    url.searchParams.set('service_token', token);
    return url.href;
  }
  const param = `service_token=${encodeURIComponent(token)}`;
  url.search = url.search && url.search !== '?' ? `${url.search}&${param}` : param;
  return url.href;
}
