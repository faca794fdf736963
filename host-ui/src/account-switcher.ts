// The top bar's organization and user chips: each opens a list to switch to another organization of
// the emulated platform, or another of its users (with their roles), as the service's account menu
// does. Choosing one reopens the add-on as that user there (main.ts). A disclosure, not an ARIA
// menu: the lists are plain buttons, reached with Tab, closed with Escape or a click elsewhere.
import { h, replaceChildren } from './dom';
import { icon } from './icons';
import { initials } from './organizations';
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

  const orgList = h('ul', { class: 'switcher-list', 'aria-labelledby': 'org-menu-heading' });
  const orgFoot = h('div', { class: 'switcher-foot' });
  const userList = h('ul', { class: 'switcher-list', 'aria-labelledby': 'user-menu-heading' });
  const userHeading = h('p', { class: 'switcher-heading', id: 'user-menu-heading' }, 'Users');

  const menus: Array<{ chip: HTMLButtonElement; menu: HTMLElement }> = [];
  const setOpen = (which: { chip: HTMLButtonElement; menu: HTMLElement } | null) => {
    for (const entry of menus) {
      const open = entry === which;
      entry.menu.hidden = !open;
      entry.chip.setAttribute('aria-expanded', String(open));
    }
  };

  const switcher = (
    key: 'org' | 'user',
    chipContent: Array<Node>,
    prefix: string,
    title: string,
    ...menuContent: Node[]
  ) => {
    const menu = h('div', { class: 'switcher-menu', id: `${key}-menu`, 'data-testid': `${key}-menu`, hidden: true });
    menuContent.forEach((node) => menu.appendChild(node));
    const chip = h(
      'button',
      {
        type: 'button',
        class: 'account-chip',
        'data-testid': `${key}-switcher`,
        'aria-expanded': 'false',
        'aria-controls': menu.id,
        title,
        onclick: () => setOpen(menu.hidden ? entry : null),
      },
      h('span', { class: 'visually-hidden' }, prefix),
      ...chipContent,
      icon('chevron', 14),
    );
    const entry = { chip, menu };
    menus.push(entry);
    const element = h('div', { class: 'switcher' }, chip, menu);
    // Escape closes it and gives the focus back to its chip, as any disclosure.
    element.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || menu.hidden) return;
      event.stopPropagation();
      setOpen(null);
      chip.focus();
    });
    return element;
  };

  const org = switcher(
    'org',
    [icon('building', 16), orgLabel],
    'Organization: ',
    'Organization: switch to another',
    h('p', { class: 'switcher-heading', id: 'org-menu-heading' }, 'Organizations'),
    orgList,
    orgFoot,
  );
  const user = switcher('user', [avatar, userLabel], 'User: ', 'User: switch to another', userHeading, userList);

  // A click anywhere else closes an open list.
  document.addEventListener('click', (event) => {
    if (!(event.target as Element).closest?.('.switcher')) setOpen(null);
  });

  const choose = (action: () => void) => () => {
    setOpen(null);
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
      {},
      h(
        'button',
        {
          type: 'button',
          class: 'switcher-option',
          'data-testid': `${kind}-option`,
          [`data-${kind}-id`]: item.id,
          'aria-current': current ? 'true' : null,
          onclick: choose(() => {
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
      );
      replaceChildren(
        orgFoot,
        view.manageHref
          ? h(
              'a',
              {
                class: 'switcher-link',
                href: view.manageHref,
                'data-testid': 'manage-addons',
                onclick: () => setOpen(null),
              },
              icon('settings', 16),
              `Manage ${options.addonName} in ${view.org.name}`,
            )
          : null,
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
