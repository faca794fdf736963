// The frame of the service's web app around the add-on: top bar, sidebar, main area and the
// developer drawer. Only the add-on's sidebar entry does anything; the other entries are there so
// the add-on is seen in the surroundings it will have in production.
import { h, replaceChildren } from './dom';
import { icon, type IconName } from './icons';

export interface Shell {
  root: HTMLElement;
  main: HTMLElement;
  drawerSlot: HTMLElement;
  /** Org and user shown in the top bar (those of the current session). */
  setAccount(orgId: string, userId: string): void;
  /** Highlights the add-on's sidebar entry while it is open. */
  setAddonActive(active: boolean): void;
  /** Streaming status in the top bar. */
  setLive(state: 'connecting' | 'live' | 'down', onRetry: () => void): void;
}

const INERT_ENTRIES: Array<[IconName, string]> = [
  ['dashboard', 'Dashboard'],
  ['invoice', 'Invoices'],
  ['customers', 'Customers'],
  ['products', 'Products'],
  ['expenses', 'Expenses'],
  ['reports', 'Reports'],
];

export function createShell(addonName: string, onOpenAddon: () => void): Shell {
  const org = h('span', { class: 'account-org' });
  const user = h('span', { class: 'account-user' });
  const avatar = h('span', { class: 'avatar', 'aria-hidden': 'true' });
  const live = h(
    'button',
    { type: 'button', class: 'live-indicator', 'data-state': 'connecting', disabled: true },
    'connecting',
  );
  const drawerSlot = h('div', { class: 'drawer-slot' });
  const main = h('main', { class: 'main', id: 'main' });

  const root = h('div', { class: 'shell', 'data-drawer': 'open' });
  const drawerToggle = h(
    'button',
    {
      type: 'button',
      class: 'topbar-button',
      'aria-pressed': 'true',
      title: 'Show or hide the developer drawer',
      onclick: () => {
        const open = root.dataset.drawer !== 'open';
        root.dataset.drawer = open ? 'open' : 'closed';
        drawerToggle.setAttribute('aria-pressed', String(open));
      },
    },
    icon('panel', 16),
    'Developer',
  );

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

  replaceChildren(
    root,
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
      h('div', { class: 'topbar-search', 'aria-hidden': 'true' }, 'Search invoices, customers…'),
      h(
        'div',
        { class: 'account' },
        live,
        h('span', { class: 'account-chip', title: 'Organization' }, icon('building', 16), org),
        h('span', { class: 'account-chip', title: 'User' }, avatar, user),
        drawerToggle,
      ),
    ),
    h(
      'nav',
      { class: 'sidebar', 'aria-label': 'Service navigation' },
      h(
        'div',
        { class: 'nav-section' },
        ...INERT_ENTRIES.map(([name, label]) =>
          h(
            'span',
            { class: 'nav-item inert', title: 'Not part of the emulator' },
            icon(name),
            h('span', { class: 'nav-label' }, label),
          ),
        ),
      ),
      h('div', { class: 'nav-heading' }, 'Add-ons'),
      h('div', { class: 'nav-section' }, addonEntry),
    ),
    main,
    h('aside', { class: 'drawer', 'aria-label': 'Developer tools' }, drawerSlot),
  );

  return {
    root,
    main,
    drawerSlot,
    setAccount(orgId, userId) {
      org.textContent = orgId;
      user.textContent = userId;
      avatar.textContent = userId.replace(/^usr_/, '').slice(0, 2).toUpperCase();
    },
    setAddonActive(active) {
      addonEntry.classList.toggle('active', active);
      addonEntry.setAttribute('aria-current', active ? 'page' : 'false');
    },
    setLive(state, onRetry) {
      live.dataset.state = state;
      live.textContent = { connecting: 'connecting…', live: 'live', down: 'offline · retry' }[state];
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
