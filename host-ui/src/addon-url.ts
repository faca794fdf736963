// The add-on's URL as configured (`addonUrl` of /_emulator/status), its origin, and the URL the
// frame loads: the same, with the session token in `service_token` (spec section 1, step 3).

export const NO_ADDON_URL = 'No add-on URL configured: run addon dev with --addon-url or set url in addon.config.json';

/** The origin messages must come from and go to; null when the URL cannot host an add-on. */
export function addonOrigin(addonUrl: string): string | null {
  try {
    const url = new URL(addonUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

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
