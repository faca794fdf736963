// The host page by keyboard alone (docs/host-page.md, "Keyboard"): page.keyboard only, no clicks,
// the focused element asserted at each step, at a phone's, a laptop's and a desktop's width. The
// organization and user menus behave as the WAI-ARIA Authoring Practices' menu button, and axe-core
// (with WCAG 2.2's AA rules: target-size) finds nothing on what these steps open.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/create-emulator.js';
import type { OrganizationInput } from '../../src/installations/organizations.js';
import { openHostPage, type HostPage } from '../../src/testing/index.js';
import { useBrowser } from './browser.js';
import { axeViolations, WCAG_22 } from './page-checks.js';

const WIDTHS = [390, 1024, 1366];

/** Acme, with the add-on for everyone and Ann an admin (its menu ends with the install screen's link), and Beta. */
const ORGANIZATIONS: OrganizationInput[] = [
  {
    id: 'org_acme',
    name: 'Acme Ltd',
    users: (['admin', 'accountant', 'viewer'] as const).map((role, index) => ({
      id: ['usr_ann', 'usr_bob', 'usr_vic'][index],
      name: ['Ann Lee', 'Bob Ray', 'Vic Day'][index],
      role,
    })),
    installation: {},
  },
  { id: 'org_beta', name: 'Beta GmbH', users: [{ id: 'usr_ben', name: 'Ben Ott', role: 'admin' }] },
];

const { browser, keep } = useBrowser();

/** The host page at this width, as Ann in Acme, and its emulator. */
async function openAt(width: number): Promise<{ page: Page; addon: HostPage['addon']; emulator: Emulator }> {
  const emulator = keep(
    await createEmulator({ port: 0, demo: true, scopes: ['customers.read'], organizations: ORGANIZATIONS }),
  );
  await emulator.listen();
  const host = keep(await openHostPage(emulator.url, { browser: browser(), viewport: { width, height: 800 } }));
  return { page: host.page, addon: host.addon, emulator };
}

/** What has the focus: its testid, its id in a list, its role (or tag) and its words. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      testid: element?.dataset.testid ?? null,
      id: element?.dataset.orgId ?? element?.dataset.userId ?? null,
      role: element?.getAttribute('role') ?? element?.tagName.toLowerCase() ?? null,
    };
  });

/** Presses `key` and gives what has the focus then. */
async function press(page: Page, key: string) {
  await page.keyboard.press(key);
  return focused(page);
}

/** Tabs until `testid` has the focus, as a keyboard user does (at most 150 stops: the add-on's own are among them). */
async function tabTo(page: Page, testid: string): Promise<void> {
  for (let stop = 0; stop < 150; stop++) {
    if ((await focused(page)).testid === testid) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`no tab stop reaches ${testid}`);
}

const item = (testid: string, id: string | null, role = 'menuitemradio') => ({ testid, id, role });
const button = (testid: string) => ({ testid, id: null, role: 'button' });
const chip = (key: 'org' | 'user') => button(`${key}-switcher`);
const expanded = (page: Page, key: 'org' | 'user') => page.getByTestId(`${key}-switcher`).getAttribute('aria-expanded');

/** Which part of the page has the focus: the top bar, the sidebar, the main area or the drawer. */
const regionOfFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement!;
    const region = element.closest('header, nav, main, aside');
    return region
      ? { HEADER: 'topbar', NAV: 'sidebar', MAIN: 'main', ASIDE: 'drawer' }[region.tagName]
      : element.tagName;
  });

/** The drawer's tab in force, and whether its panel alone shows, labelled by it. */
const selectedTab = (page: Page) =>
  page.evaluate(() => {
    const selected = Array.from(document.querySelectorAll('[role="tab"][aria-selected="true"]'));
    const shown = Array.from(document.querySelectorAll<HTMLElement>('[role="tabpanel"]')).filter(
      (panel) => !panel.hidden,
    );
    const stops = Array.from(document.querySelectorAll<HTMLElement>('[role="tab"]')).filter(
      (tab) => tab.tabIndex === 0,
    );
    return {
      selected: selected.map((tab) => tab.id),
      panelLabelledBy: shown.map((panel) => panel.getAttribute('aria-labelledby')),
      tabStops: stops.map((tab) => tab.id),
    };
  });
const tab = (id: string) => ({ testid: `tab-${id}`, id: null, role: 'tab' });
const tabShown = (id: string) => ({ selected: [`tab-${id}`], panelLabelledBy: [`tab-${id}`], tabStops: [`tab-${id}`] });

describe.each(WIDTHS)('by keyboard alone at %i px', (width) => {
  it('walks the organization and user menus as menu buttons: arrows, Home/End, Escape, Tab out, Enter and Space', async () => {
    const { page, addon } = await openAt(width);
    await tabTo(page, 'org-switcher');

    // Enter opens the menu on its first item; the arrows move and wrap, Home and End go to the ends.
    expect(await press(page, 'Enter')).toEqual(item('org-option', 'org_acme'));
    expect(await expanded(page, 'org')).toBe('true');
    expect(await axeViolations(page, WCAG_22), 'the org menu').toEqual([]);
    expect(await press(page, 'ArrowDown')).toEqual(item('org-option', 'org_beta'));
    expect(await press(page, 'ArrowDown')).toEqual(item('manage-addons', null, 'menuitem'));
    expect(await press(page, 'ArrowDown')).toEqual(item('org-option', 'org_acme'));
    expect(await press(page, 'ArrowUp')).toEqual(item('manage-addons', null, 'menuitem'));
    expect(await press(page, 'Home')).toEqual(item('org-option', 'org_acme'));
    expect(await press(page, 'End')).toEqual(item('manage-addons', null, 'menuitem'));
    // Escape closes it, the focus back on its chip.
    expect(await press(page, 'Escape')).toEqual(chip('org'));
    expect(await expanded(page, 'org')).toBe('false');
    expect(await page.getByTestId('org-menu').isHidden()).toBe(true);

    // Tab out of an open menu closes it and goes on to the next tab stop, the user's chip.
    await press(page, 'Space');
    expect(await press(page, 'ArrowDown')).toEqual(item('org-option', 'org_beta'));
    expect(await press(page, 'Tab')).toEqual(chip('user'));
    expect(await page.getByTestId('org-menu').isHidden()).toBe(true);
    expect(await expanded(page, 'org')).toBe('false');

    // ArrowUp on the chip opens at the last item; Enter chooses a user, the focus back on the chip.
    expect(await press(page, 'ArrowUp')).toEqual(item('user-option', 'usr_vic'));
    expect(await press(page, 'ArrowUp')).toEqual(item('user-option', 'usr_bob'));
    expect(await press(page, 'Enter')).toEqual(chip('user'));
    await addon.getByTestId('demo-context').filter({ hasText: '"userId": "usr_bob"' }).waitFor();
    expect(await focused(page)).toEqual(chip('user'));
    expect(await page.getByTestId('user-menu').isHidden()).toBe(true);

    // ArrowDown opens at the first item; Space chooses too.
    expect(await press(page, 'ArrowDown')).toEqual(item('user-option', 'usr_ann'));
    expect(await axeViolations(page, WCAG_22), 'the user menu').toEqual([]);
    expect(await press(page, 'Space')).toEqual(chip('user'));
    await addon.getByTestId('demo-context').filter({ hasText: '"userId": "usr_ann"' }).waitFor();
    expect(await focused(page)).toEqual(chip('user'));
    expect(await page.getByTestId('user-switcher').getAttribute('title')).toContain('Ann Lee');
  });

  it('moves between the drawer’s tabs with the arrows, Home and End, the tab in force its one tab stop', async () => {
    const { page } = await openAt(width);
    await tabTo(page, 'drawer-toggle');
    // A narrow window starts with the drawer closed: Enter opens it.
    if ((await page.locator('.shell').getAttribute('data-drawer')) === 'closed') await press(page, 'Enter');
    await tabTo(page, 'tab-session');
    expect(await press(page, 'ArrowRight')).toEqual(tab('messages'));
    expect(await selectedTab(page)).toEqual(tabShown('messages'));
    expect(await press(page, 'End')).toEqual(tab('coverage'));
    expect(await selectedTab(page)).toEqual(tabShown('coverage'));
    expect(await press(page, 'ArrowRight')).toEqual(tab('session'));
    expect(await press(page, 'ArrowLeft')).toEqual(tab('coverage'));
    expect(await press(page, 'Home')).toEqual(tab('session'));
    expect(await press(page, 'ArrowLeft')).toEqual(tab('coverage'));
    expect(await press(page, 'End')).toEqual(tab('coverage'));
    expect(await press(page, 'Home')).toEqual(tab('session'));
    expect(await selectedTab(page)).toEqual(tabShown('session'));
    // Tab leaves the tablist for the panel, past the other tabs.
    expect((await press(page, 'Tab')).role).not.toBe('tab');
  });

  it('opens the install screen from the menu and asks before uninstalling, on the safe choice', async () => {
    const { page, emulator } = await openAt(width);
    const installed = () => emulator.organization('org_acme').installation !== null;
    await tabTo(page, 'org-switcher');
    await press(page, 'Enter');
    expect(await press(page, 'End')).toEqual(item('manage-addons', null, 'menuitem'));
    await press(page, 'Enter');
    await page.getByTestId('install-form').waitFor();
    // The install form's choices, then its buttons, are tab stops in order.
    await tabTo(page, 'grant-option');
    await tabTo(page, 'save-installation');
    expect(await press(page, 'Tab')).toEqual(button('uninstall'));

    // The dialog opens on Cancel: Enter twice leaves the add-on installed, the focus back on Uninstall.
    expect(await press(page, 'Enter')).toEqual(button('cancel-uninstall'));
    expect(await axeViolations(page, WCAG_22), 'the uninstall dialog').toEqual([]);
    expect(await press(page, 'Enter')).toEqual(button('uninstall'));
    expect(await page.getByTestId('uninstall-dialog').isHidden()).toBe(true);
    expect(installed()).toBe(true);

    // Escape cancels; while it is open, Tab and Shift+Tab stay within it, wrapping around.
    expect(await press(page, 'Space')).toEqual(button('cancel-uninstall'));
    expect(await press(page, 'Escape')).toEqual(button('uninstall'));
    expect(installed()).toBe(true);
    await press(page, 'Enter');
    expect(await press(page, 'Tab')).toEqual(button('confirm-uninstall'));
    expect(await press(page, 'Tab')).toEqual(button('cancel-uninstall'));
    expect(await press(page, 'Shift+Tab')).toEqual(button('confirm-uninstall'));
    expect(await press(page, 'Shift+Tab')).toEqual(button('cancel-uninstall'));
    expect(await press(page, 'Escape')).toEqual(button('uninstall'));

    // Chosen on purpose, it uninstalls.
    await press(page, 'Enter');
    expect(await press(page, 'Shift+Tab')).toEqual(button('confirm-uninstall'));
    await press(page, 'Enter');
    await page.getByTestId('install').waitFor();
    expect(installed()).toBe(false);
  });

  it('has a skip link to the main content as its first tab stop', async () => {
    const { page } = await openAt(width);
    expect(await press(page, 'Tab')).toEqual({ testid: 'skip-link', id: null, role: 'a' });
    expect(await page.getByTestId('skip-link').isVisible()).toBe(true);
    expect(await axeViolations(page, WCAG_22), 'the skip link').toEqual([]);
    expect(await press(page, 'Enter')).toEqual({ testid: null, id: null, role: 'main' });
    await page.keyboard.press('Tab');
    expect(await regionOfFocus(page)).toBe('main');
  });

  it.runIf(width < 640)('makes what the open drawer covers inert: the next tab stop is in the drawer', async () => {
    const { page } = await openAt(width);
    await tabTo(page, 'drawer-toggle');
    await press(page, 'Enter');
    await page.locator('.shell[data-drawer="open"]').waitFor();
    await page.keyboard.press('Tab');
    expect(await regionOfFocus(page)).toBe('drawer');
    expect(await axeViolations(page, WCAG_22), 'the drawer over the page').toEqual([]);
    // Closed again, the page under it is reachable again.
    await page.keyboard.press('Escape');
    expect(await focused(page)).toEqual(button('drawer-toggle'));
    await page.keyboard.press('Tab');
    expect(await regionOfFocus(page)).toBe('sidebar');
    // The skip link shows the main content: a drawer covering it closes.
    await tabTo(page, 'drawer-toggle');
    await press(page, 'Enter');
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, 'skip-link');
    expect(await press(page, 'Enter')).toEqual({ testid: null, id: null, role: 'main' });
    expect(await page.locator('.shell').getAttribute('data-drawer')).toBe('closed');
  });
});
