// The session token the host puts in the add-on's URL (spec 1, step 3: `?service_token=<jwt>`).
// Tokens are not to be shown to users or stored (spec 5.1), so it is read once, kept in this
// module's memory only, and removed from the visible URL (and so from the history entry, bookmarks
// and copied links) with history.replaceState.

export const TOKEN_PARAM = 'service_token';

let remembered: string | null = null;

/**
 * The session token from `location.search`, removed from the visible URL. The other query
 * parameters (byte for byte, in their order) and the hash are kept. Idempotent: later calls return
 * the token read first (or a new one, if the URL carries one again). `null` when there is none.
 */
export function readToken(): string | null {
  if (typeof location === 'undefined' || typeof history === 'undefined') return remembered;
  const { pathname, search, hash } = location;
  const token = new URLSearchParams(search).get(TOKEN_PARAM);
  if (token === null) return remembered;
  remembered = token;
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && paramName(part) !== TOKEN_PARAM);
  const url = `${pathname}${kept.length ? `?${kept.join('&')}` : ''}${hash}`;
  history.replaceState(history.state, '', url);
  return token;
}

/** The decoded name of one `name=value` part of a query. */
function paramName(part: string): string {
  const name = part.split('=', 1)[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
