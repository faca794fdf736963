// The host page at every width (docs/host-page.md, "Widths"): no sideways overflow, every drawer tab
// in sight, the add-on's frame never squeezed below 300 px (the drawer overlays it below 900 px), the
// device-width control and openHostPage({ width }), axe-core clean on every tab (a refused call and
// a disabled subscription's notice among what they show), on the install screen and the top bar's
// switchers (which nothing pushes sideways either), and the drawer's layout details
// (deliveries list, session form, toasts clear of every control, parity times). Screenshots of each width go to
// test/output/host-widths/.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/create-emulator.js';
import { openHostPage, type HostPage, type HostPageOptions } from '../../src/testing/index.js';
import { api, startReceiver } from '../helpers.js';
import { axeViolations, sidewaysOverflow, WCAG_22 } from './page-checks.js';
import { useSharedHost } from './browser.js';

const TABS = ['session', 'messages', 'events', 'deliveries', 'audit', 'data', 'clock', 'faults', 'parity', 'coverage'];
/** The width below which the drawer overlays the add-on (layout.ts, styles.css). */
const OVERLAY_BELOW = 900;

const shared = useSharedHost('host-widths', async () => {
  // The bundled demo add-on, as `addon dev` shows it: it fits its frame's height to its content.
  const emulator = await createEmulator({ port: 0, demo: true, scopes: ['customers.read', 'customers.write'] });
  await emulator.listen();
  return emulator;
});

async function open(options: HostPageOptions = {}): Promise<HostPage> {
  const host = await openHostPage(shared.emulator.url, { browser: shared.browser, ...options });
  shared.keep(host);
  return host;
}

/** Opens the host page in a window of this size, with the add-on ready. */
const openAt = (width: number, height: number) => open({ viewport: { width, height } });

const frameWidth = (page: Page) =>
  page.locator('[data-testid="addon-frame"]').evaluate((frame) => (frame as HTMLIFrameElement).clientWidth);
const frameHeight = (page: Page) =>
  page.locator('[data-testid="addon-frame"]').evaluate((frame) => (frame as HTMLIFrameElement).style.height);
const addonInnerWidth = async (host: HostPage) => (await host.addonFrame()).evaluate(() => window.innerWidth);

async function setDrawer(page: Page, open: boolean): Promise<void> {
  const shell = page.locator('.shell');
  if ((await shell.getAttribute('data-drawer')) !== (open ? 'open' : 'closed'))
    await page.getByTestId('drawer-toggle').click();
  await page.locator(`.shell[data-drawer="${open ? 'open' : 'closed'}"]`).waitFor();
}

/** Where a tab sits against its strip and the window, and whether its label is cut. */
const tabPlacement = (page: Page, id: string) =>
  page.getByTestId(`tab-${id}`).evaluate((tab) => {
    const box = tab.getBoundingClientRect();
    const strip = tab.parentElement!;
    const stripBox = strip.getBoundingClientRect();
    return {
      inStrip:
        box.left >= stripBox.left - 0.5 && box.right <= stripBox.right + 0.5 && box.bottom <= stripBox.bottom + 0.5,
      inWindow:
        box.left >= 0 && box.right <= window.innerWidth + 0.5 && box.top >= 0 && box.bottom <= window.innerHeight,
      labelCut: tab.scrollWidth > tab.clientWidth,
      stripScrolls: strip.scrollWidth > strip.clientWidth,
    };
  });

/**
 * Gives every tab something to show: API calls and a refused one, bridge messages, deliveries, a
 * subscription disabled after three failed attempts (its notice and marked delivery), a parity warning.
 */
async function fillTabs(host: HostPage, deliveries: number): Promise<void> {
  const receiver = await startReceiver();
  const failing = await startReceiver({ status: 500 });
  await shared.emulator.subscribe('customer.updated', failing.url);
  await shared.emulator.trigger('customer.updated');
  // The first attempt logged, each advance returns once the retry it made due is.
  await shared.emulator.idle();
  await shared.emulator.advanceClock(60_000);
  await shared.emulator.advanceClock(300_000);
  const { token } = await shared.emulator.token({});
  expect((await api(`${shared.emulator.apiUrl}/customers`, { token: 'not.a.jwt' })).status).toBe(401);
  expect(
    (
      await api(`${shared.emulator.apiUrl}/events/subscribe`, {
        token,
        body: { event: 'customer.created', webhookUrl: receiver.url },
      })
    ).status,
  ).toBe(201);
  for (let i = 0; i < deliveries; i++) await shared.emulator.trigger('customer.created');
  await host.addon.getByTestId('demo-create-customer').click();
  await host.addon.getByTestId('demo-notify-info').click();
  await host.page.getByTestId('audit-row').first().waitFor({ state: 'attached' });
  await host.page.locator('[data-testid="audit-row"][data-refused]').waitFor({ state: 'attached' });
  await host.page.getByTestId('subscription-disabled').waitFor({ state: 'attached' });
  await host.page.getByTestId('parity-warning').first().waitFor({ state: 'attached' });
  await host.page
    .getByTestId('delivery-row')
    .nth(deliveries - 1)
    .waitFor({ state: 'attached' });
}

/** The windows every check runs at: laptop, small laptop, tablet, phones. */
const WIDTHS: Array<[number, number]> = [
  [1366, 800],
  [1024, 768],
  [768, 1024],
  [390, 844],
  [360, 740],
];

/** Two of them, one for each way the drawer is shown: beside the add-on on a laptop, over it on a phone. */
const DRAWER_WIDTHS: Array<[number, number]> = [
  [1366, 800],
  [390, 844],
];

describe('the host page at every width', () => {
  it.each(WIDTHS)(
    '%i × %i: nothing overflows sideways, every tab is in sight, the frame keeps 300 px',
    async (width, height) => {
      const { page } = await openAt(width, height);
      const overlay = width < OVERLAY_BELOW;
      // A narrow window starts with the drawer closed: the add-on is what is seen first.
      expect(await page.locator('.shell').getAttribute('data-drawer')).toBe(overlay ? 'closed' : 'open');
      expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, scrollX: 0 });
      await setDrawer(page, false);
      const closedWidth = await frameWidth(page);
      const closedHeight = await frameHeight(page);

      await setDrawer(page, true);
      const openWidth = await frameWidth(page);
      expect(openWidth).toBeGreaterThanOrEqual(300);
      // Below the breakpoint the drawer lies over the add-on, which keeps its width.
      if (overlay) expect(openWidth).toBe(closedWidth);
      for (const id of TABS) {
        await page.getByTestId(`tab-${id}`).click();
        await expect.poll(() => page.getByTestId(`tab-${id}`).getAttribute('aria-selected')).toBe('true');
        expect(await page.locator(`#tabpanel-${id}`).isVisible()).toBe(true);
        expect(await tabPlacement(page, id), id).toEqual({
          inStrip: true,
          inWindow: true,
          labelCut: false,
          stripScrolls: false,
        });
        // Choosing a tab moves nothing sideways.
        expect(await sidewaysOverflow(page), id).toEqual({ overflow: 0, scrollX: 0 });
      }
      await page.getByTestId('tab-messages').click();
      await page.screenshot({ path: join(shared.shots, `host-${width}x${height}.png`) });

      await setDrawer(page, false);
      expect(await frameWidth(page)).toBe(closedWidth);
      // No tall frame left behind by a squeezed add-on: it has its height again (beside a drawer column
      // the demo add-on fits its height to each new width, so this waits for its last resize).
      await expect.poll(() => frameHeight(page)).toBe(closedHeight);
      expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, scrollX: 0 });
      await page.screenshot({ path: join(shared.shots, `host-${width}x${height}-drawer-closed.png`) });
    },
  );

  it.each(WIDTHS)('%i × %i: the switchers’ lists and the install screen stay in the window', async (width, height) => {
    const { page } = await openAt(width, height);
    await setDrawer(page, false);
    for (const key of ['org', 'user']) {
      await page.getByTestId(`${key}-switcher`).click();
      const menu = await page.getByTestId(`${key}-menu`).boundingBox();
      expect(menu!.x, key).toBeGreaterThanOrEqual(0);
      expect(menu!.x + menu!.width, key).toBeLessThanOrEqual(width);
      expect(await sidewaysOverflow(page), key).toEqual({ overflow: 0, scrollX: 0 });
      await page.keyboard.press('Escape');
      await page.getByTestId(`${key}-menu`).waitFor({ state: 'hidden' });
    }
    await page.evaluate(() => (location.hash = '#/settings/addons'));
    await page.getByTestId('install-form').waitFor();
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, scrollX: 0 });
    await page.screenshot({ path: join(shared.shots, `install-${width}x${height}.png`), fullPage: true });
  });

  it('closes the drawer that covers the add-on with Escape', async () => {
    const { page } = await openAt(390, 844);
    await setDrawer(page, true);
    await page.getByTestId('tab-clock').focus();
    await page.keyboard.press('Escape');
    await page.locator('.shell[data-drawer="closed"]').waitFor();
    expect(await page.getByTestId('drawer-toggle').evaluate((button) => button === document.activeElement)).toBe(true);
  });
});

describe('the device-width control', () => {
  it('gives the frame a tablet’s, a phone’s or any width, centred, and keeps it across reloads', async () => {
    const host = await openAt(1366, 800);
    const { page } = host;
    const control = page.getByTestId('frame-width');
    expect(await control.inputValue()).toBe('desktop');
    const full = await frameWidth(page);
    const fullHeight = await frameHeight(page);

    await control.selectOption('phone');
    await expect.poll(() => frameWidth(page)).toBe(390);
    await expect.poll(() => addonInnerWidth(host)).toBe(390);
    // Centred in the main area.
    const [frameBox, mainBox] = await Promise.all([
      page.getByTestId('addon-frame').boundingBox(),
      page.locator('.main-inner:visible').boundingBox(),
    ]);
    expect(Math.abs(frameBox!.x + frameBox!.width / 2 - (mainBox!.x + mainBox!.width / 2))).toBeLessThan(2);
    // The demo add-on fits its height to its content again at its new width, taller in a narrow one.
    await expect.poll(async () => parseFloat(await frameHeight(page))).toBeGreaterThan(parseFloat(fullHeight));
    await page.screenshot({ path: join(shared.shots, 'width-phone-1366x800.png') });

    // A width wider than the main area beside the drawer: the main area scrolls, never the page.
    await control.selectOption('tablet');
    await expect.poll(() => addonInnerWidth(host)).toBe(768);
    expect(await frameWidth(page)).toBe(768);
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, scrollX: 0 });

    await control.selectOption('custom');
    const custom = page.getByTestId('frame-width-custom');
    await custom.fill('500');
    await custom.press('Enter');
    await expect.poll(() => addonInnerWidth(host)).toBe(500);
    expect(await frameWidth(page)).toBe(500);

    await page.reload();
    await page.getByTestId('addon-frame').waitFor();
    expect(await control.inputValue()).toBe('custom');
    expect(await custom.inputValue()).toBe('500');
    await expect.poll(() => addonInnerWidth(host)).toBe(500);

    await control.selectOption('desktop');
    await expect.poll(() => frameWidth(page)).toBe(full);
    await expect.poll(() => addonInnerWidth(host)).toBe(full);
  });

  it('fits the control and a custom width in a phone’s window', async () => {
    const host = await openAt(360, 740);
    await host.page.getByTestId('frame-width').selectOption('custom');
    const custom = host.page.getByTestId('frame-width-custom');
    await custom.fill('320');
    await custom.press('Enter');
    await expect.poll(() => addonInnerWidth(host)).toBe(320);
    expect(await sidewaysOverflow(host.page)).toEqual({ overflow: 0, scrollX: 0 });
    // On a phone the control sits in the add-on's header row, so the top bar keeps every control whole.
    expect(await host.page.locator('.main-actions [data-testid="frame-width"]').count()).toBe(1);
    const squeezed = await host.page.locator('.topbar').evaluate((bar) =>
      [...bar.querySelectorAll<HTMLElement>('button, select, input, a[href]')]
        .filter((control) => control.checkVisibility())
        .filter((control) => {
          const box = control.getBoundingClientRect();
          return box.right > window.innerWidth || control.scrollWidth > control.clientWidth + 1;
        })
        .map((control) => `${control.tagName.toLowerCase()} ${control.dataset.testid ?? control.className}`),
    );
    expect(squeezed).toEqual([]);
    expect(await axeViolations(host.page, WCAG_22)).toEqual([]);
    await host.page.screenshot({ path: join(shared.shots, 'width-custom-320-360x740.png') });
  });

  it.each([
    ['phone', 390],
    ['tablet', 768],
    [412, 412],
  ] as const)('openHostPage({ width: %s }) opens the add-on %i px wide', async (width, px) => {
    const host = await open({ width });
    expect(await frameWidth(host.page)).toBe(px);
    expect(await addonInnerWidth(host)).toBe(px);
    expect(await host.page.getByTestId('frame-width').inputValue()).toBe(typeof width === 'number' ? 'custom' : width);
  });

  it('refuses a width it cannot show', async () => {
    await expect(open({ width: 100 })).rejects.toThrow(
      "openHostPage: width is 100; use 'desktop', 'tablet', 'phone' or a whole number of pixels from 240 to 3840",
    );
  });
});

describe('the drawer, tab by tab', () => {
  let host: HostPage;
  beforeAll(async () => {
    host = await openAt(1366, 800);
    await fillTabs(host, 7);
  });

  it.each(DRAWER_WIDTHS)('axe-core finds nothing on the shell and on each tab at %i × %i', async (width, height) => {
    const { page } = host;
    await page.setViewportSize({ width, height });
    await setDrawer(page, false);
    expect(await axeViolations(page), 'the shell').toEqual([]);
    await setDrawer(page, true);
    for (const id of TABS) {
      await page.getByTestId(`tab-${id}`).click();
      if (id === 'data') await expect.poll(() => page.locator('.data-panel p').first().textContent()).toMatch(/ of /);
      if (id === 'coverage') await page.getByTestId('coverage-dimension').first().waitFor();
      expect(await axeViolations(page), id).toEqual([]);
      if (id === 'deliveries') {
        await page.getByTestId('delivery-row').first().click();
        await page.getByTestId('delivery-detail').waitFor();
        expect(await axeViolations(page), 'a delivery’s detail').toEqual([]);
      }
    }
    // The top bar's switchers, open; the install screen, a page of the shell.
    for (const key of ['org', 'user']) {
      await page.getByTestId(`${key}-switcher`).click();
      await page.getByTestId(`${key}-menu`).waitFor();
      expect(await axeViolations(page), `the ${key} menu`).toEqual([]);
      await page.keyboard.press('Escape');
    }
    await page.evaluate(() => (location.hash = '#/settings/addons'));
    await page.getByTestId('install-form').waitFor();
    expect(await axeViolations(page), 'the install screen').toEqual([]);
    await setDrawer(page, false);
    expect(await axeViolations(page), 'the install screen, drawer closed').toEqual([]);
    // Back to the add-on, which the rest of these tests use.
    await host.reopen();
    await page.setViewportSize({ width: 1366, height: 800 });
  });

  it('shows whole delivery rows, and the detail pane only for a chosen delivery', async () => {
    const { page } = host;
    await page.reload();
    await page.getByTestId('tab-deliveries').click();
    const list = page.locator('.delivery-list');
    await expect.poll(() => page.getByTestId('delivery-row').count()).toBeGreaterThanOrEqual(7);
    const rows = () =>
      list.evaluate((ol) => {
        const box = ol.getBoundingClientRect();
        const heights = [...ol.children].map((row) => row.getBoundingClientRect().height);
        const cut = [...ol.children].filter((row) => {
          const r = row.getBoundingClientRect();
          const inside = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
          return inside > 0.5 && inside < r.height - 0.5;
        }).length;
        return { height: box.height, rowHeight: heights[0], cut };
      });
    // Nothing chosen: no detail pane, the list has the tab and shows whole rows.
    expect(await page.getByTestId('delivery-detail').count()).toBe(0);
    expect(await page.locator('.deliveries-panel .split-bottom').isVisible()).toBe(false);
    let shown = await rows();
    expect(shown.cut).toBe(0);
    expect(shown.height % shown.rowHeight).toBe(0);

    await page.getByTestId('delivery-row').nth(5).click();
    await page.getByTestId('delivery-detail').waitFor();
    await page.screenshot({ path: join(shared.shots, 'deliveries-1366x800.png') });
    shown = await rows();
    expect(shown.height).toBe(4 * shown.rowHeight);
    expect(shown.cut).toBe(0);
    // The chosen row is in sight in the shorter list.
    const chosen = await page.locator('.delivery-item.selected').boundingBox();
    const listBox = await list.boundingBox();
    expect(chosen!.y).toBeGreaterThanOrEqual(listBox!.y - 0.5);
    expect(chosen!.y + chosen!.height).toBeLessThanOrEqual(listBox!.y + listBox!.height + 0.5);
    // Scrolled by a wheel, it stops on a row's edge.
    await list.hover();
    await page.mouse.wheel(0, 70);
    await expect.poll(async () => (await rows()).cut).toBe(0);
  });

  it('leaves room between the session form’s button and the heading below it', async () => {
    const { page } = host;
    await page.getByTestId('tab-session').click();
    const button = await page.getByTestId('apply-session').boundingBox();
    const heading = await page.getByRole('heading', { name: 'Scopes used' }).boundingBox();
    expect(heading!.y - (button!.y + button!.height)).toBeGreaterThanOrEqual(16);
  });

  it.each(DRAWER_WIDTHS)('shows a toast clear of the drawer’s tabs at %i × %i', async (width, height) => {
    const { page } = host;
    await page.setViewportSize({ width, height });
    await setDrawer(page, true);
    // The run at the other size may have left its toast, for a few seconds more: this one's is new.
    await page.evaluate(() =>
      document.querySelectorAll('[data-testid="toast"]').forEach((t) => t.classList.add('seen')),
    );
    await host.addon.getByTestId('demo-notify-success').dispatchEvent('click');
    const toast = page.locator('[data-testid="toast"]:not(.seen)');
    await toast.waitFor();
    const [toastBox, tabsBox] = await Promise.all([toast.boundingBox(), page.getByRole('tablist').boundingBox()]);
    const overlaps =
      toastBox!.x < tabsBox!.x + tabsBox!.width &&
      tabsBox!.x < toastBox!.x + toastBox!.width &&
      toastBox!.y < tabsBox!.y + tabsBox!.height &&
      tabsBox!.y < toastBox!.y + toastBox!.height;
    expect(overlaps).toBe(false);
    await page.setViewportSize({ width: 1366, height: 800 });
  });

  it('shows parity warnings with readable emulated times', async () => {
    const { page } = host;
    await page.getByTestId('tab-parity').click();
    const since = page.getByTestId('parity-since').first();
    await since.waitFor();
    const text = (await since.textContent())!;
    expect(text).toMatch(/since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(emulated\)$/);
    expect(text).not.toMatch(/\dT\d/);
  });
});

interface Box {
  what: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The boxes of the host page's visible controls: what a reader can click or reach by Tab. */
const controls = (page: Page) =>
  page.evaluate(() => {
    // The location bar is no control, but a reader looks there for where the add-on is.
    const selector =
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"], .location';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.checkVisibility({ visibilityProperty: true }) && !element.closest('[inert]'))
      .filter((element) => !element.closest('.toast-stack'))
      .map((element) => {
        const box = element.getBoundingClientRect();
        const what =
          element.dataset.testid ?? `${element.tagName.toLowerCase()} ${element.textContent?.trim().slice(0, 40)}`;
        return { what, left: box.left, top: box.top, right: box.right, bottom: box.bottom };
      })
      .filter((box) => box.right > box.left && box.bottom > box.top);
  });

const meets = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Where toasts show: an error toast from the add-on's `service:notify` covers none of the host
 * page's controls (the location bar and its Reload/Close buttons, the drawer, the top bar, the
 * sidebar). The add-on's own content fills its area, so a toast may lie over it, as a desktop app's
 * notifications lie over the page.
 */
describe('toasts', () => {
  it.each([
    { width: 390, height: 844, drawer: false },
    { width: 1024, height: 768, drawer: true },
    { width: 1366, height: 900, drawer: false },
  ])('cover no control at $width px (drawer open: $drawer)', async ({ width, height, drawer }) => {
    const host = await openAt(width, height);
    const { page } = host;
    await setDrawer(page, drawer);

    await host.addon.getByTestId('demo-notify-error').dispatchEvent('click');
    await host.addon.getByTestId('demo-notify-success').dispatchEvent('click');
    const toasts = page.getByTestId('toast');
    await expect.poll(() => toasts.count()).toBe(2);
    // In the toasts by keyboard, the reader keeps them from going (toast.ts).
    const error = page.locator('[data-testid="toast"][data-level="error"]');
    await error.getByRole('button', { name: 'Dismiss' }).focus();
    // The toasts' entry has ended (a box mid-animation is not where it stays).
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));

    const under = await controls(page);
    expect(under.map((box) => box.what)).toEqual(expect.arrayContaining(['button Reload', 'button Close']));
    for (const toast of await toasts.all()) {
      const box = (await toast.boundingBox())!;
      const area = { what: 'toast', left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
      // Wholly in the window.
      expect(area.left).toBeGreaterThanOrEqual(0);
      expect(area.right).toBeLessThanOrEqual(width);
      expect(area.bottom).toBeLessThanOrEqual(height);
      expect(under.filter((control) => meets(area, control)).map((control) => control.what)).toEqual([]);
      // Its close button: 24 px at least (WCAG 2.2's target size).
      expect(await toast.getByRole('button', { name: 'Dismiss' }).count()).toBe(1);
      const close = (await toast.getByRole('button', { name: 'Dismiss' }).boundingBox())!;
      expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(24);
    }
    expect(await axeViolations(page, WCAG_22)).toEqual([]);
    await page.screenshot({ path: join(shared.shots, `toasts-${width}.png`) });
    // Dismissed by the keyboard.
    expect(await error.count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => error.count()).toBe(0);
  });
});
