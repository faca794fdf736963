// The shell's in-app paths, as the service's web app has them, and the page each one names. The
// resources' pages come from the emulator's registry (GET /_emulator/resources), never a list here:
//   /  or /dashboard        the dashboard: every resource's count
//   /<resource>             its records, newest first (?offset=N pages back)
//   /<resource>/<id>        one record, when <id> has the form of that resource's ids
//   /addons/<app id>        the add-on itself
//   /settings/addons        the add-on's installation in the organization: the install screen
// The host page keeps the path in its address's fragment (`/#/invoices/inv_1`): the emulator serves
// the page at `/` alone.
import type { ResourceOutline } from './types';

export type Route =
  | { kind: 'addon' }
  | { kind: 'dashboard' }
  | { kind: 'install' }
  | { kind: 'list'; resource: ResourceOutline; offset: number }
  | { kind: 'record'; resource: ResourceOutline; id: string };

/** A page of the shell: any route but the add-on's. */
export type PageRoute = Exclude<Route, { kind: 'addon' }>;

export const DASHBOARD_PATH = '/dashboard';
export const INSTALL_PATH = '/settings/addons';
export const addonPath = (appId: string) => `/addons/${encodeURIComponent(appId)}`;
export const listPath = (resource: string, offset = 0) =>
  `/${encodeURIComponent(resource)}${offset > 0 ? `?offset=${offset}` : ''}`;
export const recordPath = (resource: string, id: string) =>
  `/${encodeURIComponent(resource)}/${encodeURIComponent(id)}`;

/** An in-app path as a link of the host page. */
export const href = (path: string) => `#${path}`;

const BASE = 'http://service.invalid';

/** The page an in-app path names, or null when it names nothing the shell knows. */
export function parsePath(path: string, resources: readonly ResourceOutline[], appId: string): Route | null {
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return null;
  }
  // `//elsewhere/x` is another site's address, not an in-app path.
  if (url.origin !== BASE || !path.startsWith('/')) return null;
  let segments: string[];
  try {
    segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  if (segments.length === 0 || (segments.length === 1 && `/${segments[0]}` === DASHBOARD_PATH))
    return { kind: 'dashboard' };
  if (segments.length === 2 && segments[0] === 'addons' && segments[1] === appId) return { kind: 'addon' };
  if (`/${segments.join('/')}` === INSTALL_PATH) return { kind: 'install' };
  const resource = resources.find((r) => r.name === segments[0]);
  if (!resource) return null;
  if (segments.length === 1) {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return { kind: 'list', resource, offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0 };
  }
  if (segments.length === 2 && new RegExp(resource.idPattern).test(segments[1]))
    return { kind: 'record', resource, id: segments[1] };
  return null;
}

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
