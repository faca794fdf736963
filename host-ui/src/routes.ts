// The host page's in-app paths (src/emulator/shell-paths.ts names the page each one is, from the
// emulator's registry: GET /_emulator/resources) as links and in its address. The host page keeps the
// path in its address's fragment (`/#/invoices/inv_1`): the emulator serves the page at `/` alone.

export {
  DASHBOARD_PATH,
  INSTALL_PATH,
  parsePath,
  recordPath,
  type PageRoute,
  type Route,
} from '../../src/emulator/shell-paths.js';

export const addonPath = (appId: string) => `/addons/${encodeURIComponent(appId)}`;
export const listPath = (resource: string, offset = 0) =>
  `/${encodeURIComponent(resource)}${offset > 0 ? `?offset=${offset}` : ''}`;

/** An in-app path as a link of the host page. */
export const href = (path: string) => `#${path}`;

/** The in-app path the host page's address holds, or null for none (the add-on, as on opening). */
export function pathInAddress(): string | null {
  const hash = location.hash.replace(/^#/, '');
  return hash.startsWith('/') ? hash : null;
}

/**
 * Who the page opens the add-on as, when its address says (`?org=org_beta&user=usr_ben`, and
 * `&scopes=invoices.read,customers.read` for a part of the grant): a link to the page as a given
 * user, and how openHostPage({ orgId, userId, scopes }) opens it. Absent: the emulator's own.
 */
export function sessionInAddress(): { orgId?: string; userId?: string; scopes?: string[] } {
  const params = new URLSearchParams(location.search);
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const scopes = params.get('scopes');
  return {
    orgId: text('org'),
    userId: text('user'),
    scopes: scopes === null ? undefined : scopes.split(',').filter(Boolean),
  };
}

/** Keeps the session's organization and user in the address, so a reload opens as them again. */
export function writeSessionToAddress(session: { orgId: string; userId: string; scopes: string[] | null }): void {
  const params = new URLSearchParams(location.search);
  params.set('org', session.orgId);
  params.set('user', session.userId);
  if (session.scopes) params.set('scopes', session.scopes.join(','));
  else params.delete('scopes');
  history.replaceState(history.state, '', `${location.pathname}?${params}${location.hash}`);
}
