// The frame of the service's web app around the add-on: top bar, sidebar, main area and the
// developer drawer. The sidebar leads to the service's pages (a dashboard and each resource's
// records, from the emulator's registry) and to the add-on.
import { h, replaceChildren } from './dom';
import { capitalized } from './format';
import { icon, type IconName } from './icons';
import { DASHBOARD_PATH, href, listPath } from './routes';
import { createSearchBox } from './search-box';
import type { ResourceOutline, SearchAnswer } from './types';

export interface Shell {
  root: HTMLElement;
  main: HTMLElement;
  drawerSlot: HTMLElement;
  /**
   * What the sidebar has under Add-ons: the add-on's entry (`open`), for an admin of an organization
   * without it a way to install it (`install`), or nothing (not installed, or no access).
   */
  setAddonEntry(state: AddonEntry): void;
  /** Marks the sidebar entry of what the main area shows: `addon`, `install`, `dashboard`, a resource's name, or none. */
  setCurrent(entry: string | null): void;
  /** Streaming status in the top bar. */
  setLive(state: 'connecting' | 'live' | 'down', onRetry: () => void): void;
}

export type AddonEntry = 'open' | 'install' | 'none';

/** The icons of the platform's resources; another resource (a package user's own) gets `records`. */
const RESOURCE_ICONS: Record<string, IconName> = {
  invoices: 'invoice',
  customers: 'customers',
  products: 'products',
  expenses: 'expenses',
  tickets: 'tickets',
  orders: 'orders',
};

/**
 * Below this width the drawer overlays the add-on instead of taking a column of its own, and starts
 * closed (styles.css has the same number in its media queries).
 */
export const DRAWER_OVERLAY_BELOW = 900;
/**
 * Below this width the open drawer covers the whole page under the top bar (the sidebar's row of
 * icons and the main area), which is then inert: no tab stops hidden under it (styles.css has it too).
 */
export const DRAWER_COVERS_BELOW = 640;
/** The media query of a window that narrow: a phone's (phone-slot.ts places the width control by it). */
export const PHONE_QUERY = `(max-width: ${DRAWER_COVERS_BELOW - 0.02}px)`;

export function createShell(
  addonName: string,
  options: {
    onOpenAddon(): void;
    topbarTools: HTMLElement;
    /** The organization and user switchers (account-switcher.ts). */
    account: { org: HTMLElement; user: HTMLElement };
    resources: readonly ResourceOutline[];
    /** The install screen's in-app path. */
    installPath: string;
    /** The top bar's search: the current organization's records whose text holds `query`. */
    search(query: string): Promise<SearchAnswer>;
  },
): Shell {
  const { onOpenAddon } = options;
  const liveLabel = h('span', { class: 'live-label' }, 'connecting');
  const live = h(
    'button',
    { type: 'button', class: 'live-indicator', 'data-state': 'connecting', disabled: true },
    liveLabel,
  );
  const drawerSlot = h('div', { class: 'drawer-slot' });
  // Focusable by script alone, for the skip link.
  const main = h('main', { class: 'main', id: 'main', tabindex: -1 });
  const sidebar = h('nav', { class: 'sidebar', 'aria-label': 'Service navigation' });

  const overlaying = window.matchMedia(`(max-width: ${DRAWER_OVERLAY_BELOW - 0.02}px)`);
  const covering = window.matchMedia(PHONE_QUERY);
  const root = h('div', { class: 'shell' });
  const setCovered = () => {
    const covered = root.dataset.drawer === 'open' && covering.matches;
    main.inert = covered;
    sidebar.inert = covered;
  };
  covering.addEventListener('change', setCovered);
  const setDrawer = (open: boolean) => {
    root.dataset.drawer = open ? 'open' : 'closed';
    drawerToggle.setAttribute('aria-pressed', String(open));
    setCovered();
  };
  // The focus to the page, a drawer that covers it making way.
  const toMain = () => {
    if (covering.matches) setDrawer(false);
    main.focus();
  };
  // The first tab stop: past the top bar and the sidebar, to the page.
  const skipLink = h(
    'a',
    {
      class: 'skip-link',
      href: '#main',
      'data-testid': 'skip-link',
      onclick: (event: Event) => {
        event.preventDefault();
        toMain();
      },
    },
    'Skip to main content',
  );
  const drawerToggle = h(
    'button',
    {
      type: 'button',
      class: 'topbar-button',
      'data-testid': 'drawer-toggle',
      'aria-controls': 'developer-drawer',
      title: 'Show or hide the developer drawer',
      onclick: () => setDrawer(root.dataset.drawer !== 'open'),
    },
    icon('panel', 16),
    h('span', { class: 'topbar-button-label' }, 'Developer'),
  );
  // Over the add-on (a narrow window) it starts closed, so the add-on is seen first.
  setDrawer(!overlaying.matches);
  const drawer = h('aside', { class: 'drawer', id: 'developer-drawer', 'aria-label': 'Developer tools' }, drawerSlot);
  // Escape closes it while it covers the add-on, as any overlay.
  drawer.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !overlaying.matches || root.dataset.drawer !== 'open') return;
    setDrawer(false);
    drawerToggle.focus();
  });
  // A link in it to one of the shell's pages (a record's id in the Data tab) shows that page: a drawer
  // that covers the main area makes way for it.
  drawer.addEventListener('click', (event) => {
    if (!overlaying.matches || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!(event.target as Element).closest('a[href^="#/"]')) return;
    setDrawer(false);
  });

  // A record found opens as a link to it would, a drawer that covers the page making way for it.
  const search = createSearchBox({
    search: options.search,
    open(path) {
      location.hash = href(path);
      toMain();
    },
  });

  const addonEntry = h(
    'button',
    {
      type: 'button',
      class: 'nav-item nav-addon',
      'data-testid': 'open-addon',
      title: `Open ${addonName}`,
      onclick: onOpenAddon,
    },
    icon('addon'),
    h('span', { class: 'nav-label' }, addonName),
  );

  // A link each: the icon-only sidebar of a narrower window names them by their title.
  const pageEntry = (key: string, path: string, name: IconName, label: string) =>
    h(
      'a',
      { class: 'nav-item nav-page', href: href(path), title: label, 'data-testid': `nav-${key}` },
      icon(name),
      h('span', { class: 'nav-label' }, label),
    );
  const pageEntries = new Map<string, HTMLElement>([
    ['dashboard', pageEntry('dashboard', DASHBOARD_PATH, 'dashboard', 'Dashboard')],
    ...options.resources.map((resource): [string, HTMLElement] => [
      resource.name,
      pageEntry(
        resource.name,
        listPath(resource.name),
        RESOURCE_ICONS[resource.name] ?? 'records',
        capitalized(resource.name),
      ),
    ]),
  ]);
  const installEntry = h(
    'a',
    {
      class: 'nav-item nav-page',
      href: href(options.installPath),
      title: `Install ${addonName}`,
      'data-testid': 'nav-install',
    },
    icon('settings'),
    h('span', { class: 'nav-label' }, `Install ${addonName}`),
  );
  const noAddon = h('p', { class: 'nav-empty', hidden: true }, 'None for you here');
  const addonSection = h('div', { class: 'nav-section nav-addons', 'data-testid': 'nav-addons' }, addonEntry, noAddon);
  const entries = new Map<string, HTMLElement>([...pageEntries, ['addon', addonEntry], ['install', installEntry]]);

  replaceChildren(
    sidebar,
    h('div', { class: 'nav-section' }, ...pageEntries.values()),
    h('div', { class: 'nav-heading' }, 'Add-ons'),
    addonSection,
  );
  replaceChildren(
    root,
    skipLink,
    h(
      'header',
      { class: 'topbar' },
      h(
        'div',
        { class: 'brand' },
        h('span', { class: 'brand-mark', 'aria-hidden': 'true' }),
        h('span', { class: 'brand-name' }, 'Service'),
        h('span', { class: 'env-badge', title: 'This is the local add-on emulator, not the service' }, 'emulator'),
      ),
      search,
      h(
        'div',
        { class: 'account' },
        options.topbarTools,
        live,
        options.account.org,
        options.account.user,
        drawerToggle,
      ),
    ),
    sidebar,
    main,
    drawer,
  );

  return {
    root,
    main,
    drawerSlot,
    setAddonEntry(state) {
      addonEntry.hidden = state !== 'open';
      noAddon.hidden = state !== 'none';
      // In the page only while it is offered: the sidebar's links are the service's pages.
      if (state === 'install') addonSection.insertBefore(installEntry, noAddon);
      else installEntry.remove();
    },
    setCurrent(current) {
      for (const [key, entry] of entries) {
        entry.classList.toggle('active', key === current);
        if (key === current) entry.setAttribute('aria-current', 'page');
        else entry.removeAttribute('aria-current');
      }
    },
    setLive(state, onRetry) {
      live.dataset.state = state;
      liveLabel.textContent = { connecting: 'connecting…', live: 'live', down: 'offline · retry' }[state];
      live.title = {
        connecting: 'Connecting to the emulator’s event stream',
        live: 'Audit entries, deliveries and clock changes arrive live',
        down: 'No live updates (the event stream is unavailable). Click to retry.',
      }[state];
      live.disabled = state !== 'down';
      live.onclick = state === 'down' ? onRetry : null;
    },
  };
}
