// The top bar's organization and user chips: each opens a list to switch to another organization of
// the emulated platform, or another of its users (with their roles), as the service's account menu
// does. Choosing one reopens the add-on as that user there (main.ts). Each chip is a menu button of
// the WAI-ARIA Authoring Practices, as a native menu behaves: opening it focuses the first item, the
// arrows, Home and End move among the items, Escape and choosing give the focus back to the chip,
// and Tab (or a click elsewhere) closes the menu.
import { h, replaceChildren } from './dom';
import { icon } from './icons';
import { initials } from './organizations';
import { movedIndex } from './roving-keys';
import type { Role } from './types';

export interface AccountView {
  org: { id: string; name: string };
  user: { id: string; name: string; role: Role | null };
  orgs: Array<{ id: string; name: string; installed: boolean }>;
  /** The organization's users, each with whether the installation there leaves them out. */
  users: Array<{ id: string; name: string; role: Role; denied: boolean }>;
  /** The install screen's link, for an admin; null for anyone else. */
  manageHref: string | null;
}

export interface AccountSwitcher {
  org: HTMLElement;
  user: HTMLElement;
  show(view: AccountView): void;
}

export function createAccountSwitcher(options: {
  addonName: string;
  onOrg(orgId: string): void;
  onUser(userId: string): void;
}): AccountSwitcher {
  const orgLabel = h('span', { class: 'account-org chip-label' });
  const userLabel = h('span', { class: 'account-user chip-label' });
  const avatar = h('span', { class: 'avatar', 'aria-hidden': 'true' });

  const orgList = h('ul', {
    class: 'switcher-list',
    id: 'org-menu-items',
    role: 'menu',
    'aria-labelledby': 'org-menu-heading',
  });
  const userList = h('ul', {
    class: 'switcher-list',
    id: 'user-menu-items',
    role: 'menu',
    'aria-labelledby': 'user-menu-heading',
  });
  const userHeading = h('p', { class: 'switcher-heading', id: 'user-menu-heading' }, 'Users');

  interface Menu {
    chip: HTMLButtonElement;
    menu: HTMLElement;
    items: HTMLElement;
  }
  const menus = new Map<'org' | 'user', Menu>();
  const setOpen = (which: Menu | null) => {
    for (const entry of menus.values()) {
      const open = entry === which;
      entry.menu.hidden = !open;
      entry.chip.setAttribute('aria-expanded', String(open));
    }
  };
  /** Closes every menu, the focus back on the chip of `entry`. */
  const closeTo = (entry: Menu) => {
    setOpen(null);
    entry.chip.focus();
  };

  const switcher = (key: 'org' | 'user', chipContent: Array<Node>, prefix: string, title: string, heading: Node) => {
    const items = key === 'org' ? orgList : userList;
    const menu = h(
      'div',
      { class: 'switcher-menu', id: `${key}-menu`, 'data-testid': `${key}-menu`, hidden: true },
      heading,
      items,
    );
    const focusItem = (index: number) => menuItems(items)[index]?.focus();
    const chip = h(
      'button',
      {
        type: 'button',
        class: 'account-chip',
        'data-testid': `${key}-switcher`,
        'aria-haspopup': 'menu',
        'aria-expanded': 'false',
        'aria-controls': items.id,
        title,
        onclick: () => {
          setOpen(menu.hidden ? entry : null);
          if (!menu.hidden) focusItem(0);
        },
      },
      h('span', { class: 'visually-hidden' }, prefix),
      ...chipContent,
      icon('chevron', 14),
    );
    const entry: Menu = { chip, menu, items };
    menus.set(key, entry);
    // ArrowUp on the chip opens the menu at its last item, ArrowDown at its first.
    chip.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      setOpen(entry);
      focusItem(event.key === 'ArrowDown' ? 0 : menuItems(items).length - 1);
    });
    menu.addEventListener('keydown', (event) => onMenuKey(event, entry));
    return h('div', { class: 'switcher' }, chip, menu);
  };

  const onMenuKey = (event: KeyboardEvent, entry: Menu) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeTo(entry);
      return;
    }
    // Tab leaves from the chip, so the focus goes on to what follows the chip (or precedes it).
    if (event.key === 'Tab') return closeTo(entry);
    // Space chooses a link as Enter does (a button's Space is the browser's).
    if (event.key === ' ' && event.target instanceof HTMLAnchorElement) {
      event.preventDefault();
      event.target.click();
      return;
    }
    const items = menuItems(entry.items);
    const index = movedIndex(event.key, items.indexOf(event.target as HTMLElement), items.length, 'vertical');
    if (index === null) return;
    event.preventDefault();
    items[index].focus();
  };

  const org = switcher(
    'org',
    [icon('building', 16), orgLabel],
    'Organization: ',
    'Organization: switch to another',
    h('p', { class: 'switcher-heading', id: 'org-menu-heading' }, 'Organizations'),
  );
  const user = switcher('user', [avatar, userLabel], 'User: ', 'User: switch to another', userHeading);

  // A click anywhere else closes an open list.
  document.addEventListener('click', (event) => {
    if (!(event.target as Element).closest?.('.switcher')) setOpen(null);
  });

  /** Closes the menu of `kind` with the focus on its chip (not on `<body>`), then does `action`. */
  const choose = (kind: 'org' | 'user', action: () => void) => () => {
    closeTo(menus.get(kind)!);
    action();
  };

  /** One organization or user of a list: checked when current, its name and id, then its tags. */
  const option = (
    kind: 'org' | 'user',
    item: { id: string; name: string },
    current: boolean,
    switchTo: () => void,
    tags: Array<HTMLElement | null>,
  ) =>
    h(
      'li',
      { role: 'none' },
      h(
        'button',
        {
          type: 'button',
          role: 'menuitemradio',
          tabindex: -1,
          class: 'switcher-option',
          'data-testid': `${kind}-option`,
          [`data-${kind}-id`]: item.id,
          'aria-checked': String(current),
          onclick: choose(kind, () => {
            if (!current) switchTo();
          }),
        },
        current ? icon('check', 16) : h('span', { class: 'option-mark' }),
        h(
          'span',
          { class: 'option-text' },
          h('span', { class: 'option-name' }, item.name),
          item.name === item.id ? null : h('code', { class: 'option-id' }, item.id),
        ),
        ...tags,
      ),
    );

  /** The install screen's link, last in the organization's menu, after a line. */
  const manageItems = (href: string, orgName: string) => [
    h('li', { role: 'separator', class: 'switcher-separator' }),
    h(
      'li',
      { role: 'none' },
      h(
        'a',
        {
          role: 'menuitem',
          tabindex: -1,
          class: 'switcher-link',
          href,
          'data-testid': 'manage-addons',
          onclick: choose('org', () => {}),
        },
        icon('settings', 16),
        `Manage ${options.addonName} in ${orgName}`,
      ),
    ),
  ];

  return {
    org,
    user,
    show(view) {
      orgLabel.textContent = view.org.name;
      org.querySelector('.account-chip')!.setAttribute('title', `Organization: ${view.org.name} (${view.org.id})`);
      userLabel.textContent = view.user.name;
      avatar.textContent = initials(view.user);
      user
        .querySelector('.account-chip')!
        .setAttribute(
          'title',
          `User: ${view.user.name} (${view.user.id})${view.user.role ? `, ${view.user.role}` : ''}`,
        );

      replaceChildren(
        orgList,
        ...view.orgs.map((item) =>
          option('org', item, item.id === view.org.id, () => options.onOrg(item.id), [
            item.installed ? null : h('span', { class: 'tag' }, 'not installed'),
          ]),
        ),
        ...(view.manageHref ? manageItems(view.manageHref, view.org.name) : []),
      );

      userHeading.textContent = `Users of ${view.org.name}`;
      replaceChildren(
        userList,
        ...view.users.map((item) =>
          option('user', item, item.id === view.user.id, () => options.onUser(item.id), [
            h('span', { class: 'tag role-tag', 'data-role': item.role }, item.role),
            item.denied ? h('span', { class: 'tag no-access-tag' }, 'no access') : null,
          ]),
        ),
      );
    },
  };
}

/** The items of a menu, in their order. */
const menuItems = (menu: HTMLElement): HTMLElement[] =>
  Array.from(menu.querySelectorAll<HTMLElement>('[role^="menuitem"]'));
