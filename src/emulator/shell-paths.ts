// The shell's in-app paths, as the service's web app has them, and the page each one names. The
// resources' pages come from the emulator's registry, never a list here:
//   /  or /dashboard        the dashboard: every resource's count
//   /<resource>             its records, newest first (?offset=N pages back)
//   /<resource>/<id>        one record, when <id> has the form of that resource's ids
//   /addons/<app id>        the add-on itself
//   /settings/addons        the add-on's installation in the organization: the install screen
// DOM-free: the host page shows these pages (host-ui/src/routes.ts), and mockHost() (src/testing)
// closes the add-on for a navigate to one, as the host page leaves it for the page.
import type { ResourceOutline } from '../domain/resource-outline.js';

export { recordPath } from '../domain/record-search.js';

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
