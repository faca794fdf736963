// The developer drawer: one tab per tool. Panels are built once and kept, so a tab that is hidden
// still follows the stream and shows current data when it comes back.
import { h } from './dom';
import { movedIndex } from './roving-keys';

export interface Panel {
  element: HTMLElement;
  /** Called each time the tab is shown (for panels that load on demand). */
  onShow?(): void;
}

export interface DrawerTab {
  id: string;
  label: string;
  panel: Panel;
}

export interface Drawer {
  element: HTMLElement;
  select(id: string): void;
  /** A small count on a tab (e.g. malformed messages); 0 hides it. */
  setBadge(id: string, count: number): void;
}

export function createDrawer(tabs: DrawerTab[]): Drawer {
  const buttons = new Map<string, HTMLButtonElement>();
  const badges = new Map<string, HTMLElement>();
  const bodies = new Map<string, HTMLElement>();
  let current = '';

  const select = (id: string) => {
    current = id;
    for (const tab of tabs) {
      const active = tab.id === id;
      buttons.get(tab.id)!.setAttribute('aria-selected', String(active));
      buttons.get(tab.id)!.tabIndex = active ? 0 : -1;
      bodies.get(tab.id)!.hidden = !active;
    }
    tabs.find((tab) => tab.id === id)?.panel.onShow?.();
  };

  const tablist = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Developer tools' });
  const content = h('div', { class: 'drawer-body' });
  for (const tab of tabs) {
    const badge = h('span', { class: 'tab-badge', hidden: true });
    const button = h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: `tab-${tab.id}`,
        class: 'tab',
        'data-testid': `tab-${tab.id}`,
        'aria-controls': `tabpanel-${tab.id}`,
        onclick: () => select(tab.id),
      },
      tab.label,
      badge,
    );
    const body = h(
      'section',
      { class: 'tabpanel', role: 'tabpanel', id: `tabpanel-${tab.id}`, 'aria-labelledby': `tab-${tab.id}` },
      tab.panel.element,
    );
    buttons.set(tab.id, button);
    badges.set(tab.id, badge);
    bodies.set(tab.id, body);
    tablist.appendChild(button);
    content.appendChild(body);
  }

  // The arrows, Home and End move between tabs and show each (the tabs pattern, selection following
  // the focus): the tab in force is the tablist's one tab stop, so Tab goes on into its panel.
  tablist.addEventListener('keydown', (event) => {
    const index = movedIndex(
      event.key,
      tabs.findIndex((tab) => tab.id === current),
      tabs.length,
      'horizontal',
    );
    if (index === null) return;
    event.preventDefault();
    const next = tabs[index];
    select(next.id);
    buttons.get(next.id)!.focus();
  });

  select(tabs[0].id);
  return {
    element: h('div', { class: 'drawer-inner' }, tablist, content),
    select,
    setBadge(id, count) {
      const badge = badges.get(id);
      if (!badge) return;
      badge.hidden = count === 0;
      badge.textContent = String(count);
    },
  };
}
