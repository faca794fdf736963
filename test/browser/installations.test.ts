// Installations, users and roles on the host page (docs/host-page.md, "Organizations, users and the
// install screen"): the top bar's switchers reopening the add-on as another user or organization,
// the sidebar and the main area for a user who may not open it (in the emulator's words), a
// narrower grant's 403s, the install screen (the consent step) changing the grant, access,
// uninstalling and installing again as the control API does, the scopes awaiting consent, and
// openHostPage({ orgId, userId }) saying why a user cannot open the add-on. With the bundled demo
// add-on, which shows the context it got and its API calls' answers. Screenshots go to
// test/output/installations/.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/create-emulator.js';
import type { OrganizationInput } from '../../src/installations/organizations.js';
import { openHostPage, type HostPage, type HostPageOptions } from '../../src/testing/index.js';
import { api, startReceiver, tempDir } from '../helpers.js';
import { SCREENSHOTS, useBrowser } from './browser.js';
import { axeViolations, sidewaysOverflow } from './page-checks.js';

const SHOTS = join(SCREENSHOTS, 'installations');
const SCOPES = ['invoices.*', 'customers.read', 'storage.*'];

/** Acme: the add-on for admins, accountants and usr_sam; Beta: for everyone, with invoices.read only; None: not installed. */
const ORGANIZATIONS: OrganizationInput[] = [
  {
    id: 'org_acme',
    name: 'Acme Ltd',
    users: [
      { id: 'usr_ann', name: 'Ann Lee', role: 'admin' },
      { id: 'usr_bob', name: 'Bob Ray', role: 'accountant' },
      { id: 'usr_vic', name: 'Vic Day', role: 'viewer' },
      { id: 'usr_sam', name: 'Sam Ng', role: 'staff' },
    ],
    installation: { roles: ['admin', 'accountant'], users: ['usr_sam'] },
  },
  {
    id: 'org_beta',
    name: 'Beta GmbH',
    users: [{ id: 'usr_ben', name: 'Ben Ott', role: 'accountant' }],
    installation: { grant: ['invoices.read'] },
  },
  {
    id: 'org_none',
    name: 'None & Co',
    users: [
      { id: 'usr_nia', name: 'Nia Holt', role: 'admin' },
      { id: 'usr_sid', name: 'Sid Paz', role: 'staff' },
    ],
  },
];

const { browser, keep } = useBrowser();
beforeAll(() => mkdir(SHOTS, { recursive: true }));

/** An emulator of the three organizations, with the bundled demo add-on. */
async function closedWorld(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = await createEmulator({
    port: 0,
    demo: true,
    scopes: SCOPES,
    organizations: ORGANIZATIONS,
    ...options,
  });
  keep(emulator);
  await emulator.listen();
  return emulator;
}

async function open(emulator: Emulator, options: HostPageOptions = {}): Promise<HostPage> {
  return keep(await openHostPage(emulator.url, { browser: browser(), ...options }));
}

/** What the demo add-on shows of the `service:context` it got. */
async function addonContext(host: HostPage): Promise<{ orgId: string; userId: string; scopes: string[] }> {
  return JSON.parse((await host.addon.getByTestId('demo-context').textContent())!);
}

/** Waits until the (re)opened demo add-on got the context of this user. */
const addonShowsUser = (host: HostPage, userId: string) =>
  host.addon
    .getByTestId('demo-context')
    .filter({ hasText: `"userId": "${userId}"` })
    .waitFor();

async function switchUser(page: Page, userId: string): Promise<void> {
  await page.getByTestId('user-switcher').click();
  await page.locator(`[data-testid="user-option"][data-user-id="${userId}"]`).click();
}

async function switchOrg(page: Page, orgId: string): Promise<void> {
  await page.getByTestId('org-switcher').click();
  await page.locator(`[data-testid="org-option"][data-org-id="${orgId}"]`).click();
}

/** The demo add-on's call through its button: the status and body it shows. */
async function demoCall(host: HostPage, button: string, path: string): Promise<{ status: number; body: any }> {
  const result = host.addon.getByTestId('demo-result');
  await host.addon.getByTestId(button).click();
  await result.filter({ hasText: `GET ${path} →` }).waitFor();
  const [first, ...rest] = (await result.textContent())!.split('\n');
  return { status: Number(first.split('→ ')[1]), body: JSON.parse(rest.join('\n')) };
}

/** Opens the install screen from the organization's menu, as an admin does. */
async function openInstallScreen(page: Page): Promise<void> {
  await page.getByTestId('org-switcher').click();
  await page.getByTestId('manage-addons').click();
  await page.getByTestId('install-form').waitFor();
}

const unavailable = (page: Page) => page.getByTestId('addon-unavailable');

describe('the top bar’s switchers', () => {
  it('reopen the add-on with a token of the user chosen, in the organization chosen', async () => {
    const emulator = await closedWorld();
    const host = await open(emulator);
    const { page } = host;
    // The emulator's first organization with the add-on, as its first user who may use it.
    expect(await addonContext(host)).toMatchObject({ orgId: 'org_acme', userId: 'usr_ann', scopes: SCOPES });
    expect(await page.getByTestId('org-switcher').textContent()).toContain('Acme Ltd');
    expect(await page.getByTestId('user-switcher').textContent()).toContain('Ann Lee');

    // The organization's users with their roles; the viewer has no access.
    await page.getByTestId('user-switcher').click();
    const users = await page
      .getByTestId('user-option')
      .evaluateAll((options) =>
        options.map((option) => [
          option.getAttribute('data-user-id'),
          option.querySelector('.role-tag')?.textContent,
          option.querySelector('.no-access-tag') !== null,
        ]),
      );
    expect(users).toEqual([
      ['usr_ann', 'admin', false],
      ['usr_bob', 'accountant', false],
      ['usr_vic', 'viewer', true],
      ['usr_sam', 'staff', false],
    ]);
    expect(await axeViolations(page), 'the user menu').toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'user-menu.png') });
    await page.keyboard.press('Escape');
    await page.getByTestId('user-menu').waitFor({ state: 'hidden' });

    const since = host.messages.count();
    await switchUser(page, 'usr_bob');
    await addonShowsUser(host, 'usr_bob');
    expect((await host.session()).claims).toMatchObject({ orgId: 'org_acme', userId: 'usr_bob', scopes: SCOPES });
    // Staff, given access by name.
    await switchUser(page, 'usr_sam');
    await addonShowsUser(host, 'usr_sam');

    // Another organization: its first user who may use the add-on, with its grant.
    await switchOrg(page, 'org_beta');
    await addonShowsUser(host, 'usr_ben');
    expect((await host.session()).claims).toMatchObject({
      orgId: 'org_beta',
      userId: 'usr_ben',
      scopes: ['invoices.read'],
    });
    expect(await page.getByTestId('org-switcher').textContent()).toContain('Beta GmbH');
    const contexts = host.messages
      .list()
      .slice(since)
      .filter((m) => m.type === 'service:context')
      .map((m) => (m.payload as { userId: string }).userId);
    expect(contexts).toEqual(['usr_bob', 'usr_sam', 'usr_ben']);

    // The Session tab offers that organization's grant for the next opening, nothing else.
    await page.getByTestId('tab-session').click();
    expect(
      await page
        .getByTestId('scope-option')
        .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value)),
    ).toEqual(['invoices.read']);

    // The address keeps who the page is for: a reload opens as them again.
    expect(new URL(page.url()).searchParams.get('user')).toBe('usr_ben');
    await page.reload();
    await addonShowsUser(host, 'usr_ben');
  });

  it('a second organization’s narrower grant: the add-on’s calls outside it get 403 naming that grant', async () => {
    const emulator = await closedWorld();
    const host = await open(emulator, { orgId: 'org_beta' });
    expect(await addonContext(host)).toMatchObject({ orgId: 'org_beta', userId: 'usr_ben', scopes: ['invoices.read'] });
    const refused = await demoCall(host, 'demo-list-customers', '/customers?limit=5');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ requiredScope: 'customers.read', grantedScopes: ['invoices.read'] });
    expect((await demoCall(host, 'demo-list-invoices', '/invoices?limit=5')).status).toBe(200);
  });
});

describe('a user who may not open the add-on', () => {
  it('sees no add-on in the sidebar, and why in the main area, in the emulator’s words', async () => {
    const emulator = await closedWorld();
    const host = await open(emulator);
    const { page } = host;
    await switchUser(page, 'usr_vic');
    await unavailable(page).waitFor();
    expect(await unavailable(page).getAttribute('data-code')).toBe('access_denied');
    expect(await page.locator('.unavailable .placeholder-title').textContent()).toBe(
      'Your role, viewer, has no access to Demo add-on',
    );
    expect(await page.getByTestId('unavailable-reason').textContent()).toBe(
      'usr_vic (viewer) may not use the add-on in org_acme: access is for admins, accountants and usr_sam',
    );
    expect(await unavailable(page).textContent()).toContain('Ask an admin of Acme Ltd (Ann Lee) to give you access.');
    expect(await page.getByTestId('open-addon').isVisible()).toBe(false);
    expect(await page.getByTestId('nav-addons').innerText()).toBe('None for you here');
    expect(await page.getByTestId('addon-frame').count()).toBe(0);
    expect(await axeViolations(page), 'no access').toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'no-access.png') });

    // Where it is not installed: a staff user is told to ask an admin; an admin is offered the install screen.
    await switchOrg(page, 'org_none');
    await page.locator('[data-testid="addon-unavailable"][data-code="addon_not_installed"]').waitFor();
    expect(await page.getByTestId('user-switcher').textContent()).toContain('Nia Holt');
    expect(await page.getByTestId('unavailable-reason').textContent()).toMatch(
      /^the add-on is not installed in org_none: install it first/,
    );
    expect(await page.getByTestId('nav-install').isVisible()).toBe(true);
    await switchUser(page, 'usr_sid');
    await page.locator('[data-testid="addon-unavailable"][data-code="addon_not_installed"]').waitFor();
    await expect
      .poll(() => unavailable(page).textContent())
      .toContain('Ask an admin of None & Co (Nia Holt) to install it.');
    expect(await page.getByTestId('unavailable-install').count()).toBe(0);
    expect(await page.getByTestId('nav-install').count()).toBe(0);
    expect(await axeViolations(page), 'not installed').toEqual([]);

    await switchUser(page, 'usr_nia');
    await page.getByTestId('unavailable-install').click();
    await page.getByTestId('install-form').waitFor();
    expect(new URL(page.url()).hash).toBe('#/settings/addons');
    expect(await page.getByTestId('nav-install').getAttribute('aria-current')).toBe('page');
  });

  it('openHostPage({ orgId, userId }) as that user resolves with why, rather than waiting for the add-on', async () => {
    const emulator = await closedWorld();
    // A wait for the add-on would outlast the test.
    const host = await open(emulator, { orgId: 'org_acme', userId: 'usr_vic', timeoutMs: 60_000 });
    expect(await host.unavailable()).toEqual({
      code: 'access_denied',
      title: 'Your role, viewer, has no access to Demo add-on',
      message: 'usr_vic (viewer) may not use the add-on in org_acme: access is for admins, accountants and usr_sam',
    });
    expect(await host.isClosed()).toBe(true);
    await expect(host.session()).rejects.toThrow(
      'openHostPage: the add-on is not open: Your role, viewer, has no access to Demo add-on. usr_vic (viewer) may not use the add-on in org_acme',
    );
    expect(host.messages.list()).toEqual([]);

    // reopen() as another: the add-on opens as them.
    await host.reopen({ userId: 'usr_bob' });
    expect(await host.unavailable()).toBeNull();
    expect((await host.session()).claims).toMatchObject({ orgId: 'org_acme', userId: 'usr_bob' });
    // And where it is not installed, for a user it does not know.
    await host.reopen({ orgId: 'org_none', userId: 'usr_nia' });
    expect(await host.unavailable()).toMatchObject({ code: 'addon_not_installed' });
    await host.reopen({ orgId: 'org_acme', userId: 'usr_zed' });
    expect(await host.unavailable()).toMatchObject({
      code: 'unknown_user',
      message: 'usr_zed is not a user of org_acme (users: usr_ann, usr_bob, usr_vic, usr_sam)',
    });
  });

  it('openHostPage({ orgId, userId, scopes }) opens as that user with that part of the grant', async () => {
    const emulator = await closedWorld();
    const host = await open(emulator, { orgId: 'org_acme', userId: 'usr_sam', scopes: ['invoices.read'] });
    expect(await host.unavailable()).toBeNull();
    expect((await host.session()).claims).toMatchObject({
      orgId: 'org_acme',
      userId: 'usr_sam',
      scopes: ['invoices.read'],
    });
  });
});

describe('the install screen', () => {
  it('changes the grant and who may use it; the next session’s token carries the grant', async () => {
    const emulator = await closedWorld();
    const host = await open(emulator);
    const { page } = host;
    await openInstallScreen(page);
    expect(await page.getByTestId('install-status').getAttribute('data-state')).toBe('installed');
    // Each declared scope with what it allows.
    const options = await page
      .locator('.install-option:has([data-testid="grant-option"])')
      .evaluateAll((labels) =>
        labels.map((label) => [
          (label.querySelector('input') as HTMLInputElement).checked,
          label.querySelector('code')?.textContent,
          label.querySelector('.option-words')?.textContent,
        ]),
      );
    expect(options).toEqual([
      [true, 'invoices.*', 'see, create, change and delete invoices'],
      [true, 'customers.read', 'see customers, and receive their events'],
      [true, 'storage.*', 'see, create, change and delete the add-on’s own data in this organization'],
    ]);
    expect(await axeViolations(page), 'the install screen').toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'install-screen.png'), fullPage: true });

    await page.locator('[data-testid="grant-option"][value="customers.read"]').uncheck();
    await page.locator('[data-testid="grant-option"][value="storage.*"]').uncheck();
    await page.locator('[data-testid="role-option"][value="accountant"]').uncheck();
    // The screen is drawn again after the save: what it shows then is read from the new one.
    await page.getByTestId('install-form').evaluate((form) => form.setAttribute('data-stale', ''));
    await page.getByTestId('save-installation').click();
    await page.getByTestId('toast').filter({ hasText: 'Saved: Demo add-on in Acme Ltd' }).waitFor();
    await page.locator('[data-testid="install-form"]:not([data-stale])').waitFor();
    expect(emulator.organization('org_acme').installation).toMatchObject({
      grantedScopes: ['invoices.*'],
      access: { roles: ['admin'], users: ['usr_sam'] },
      source: 'changed',
    });
    // The screen shows what is in force now.
    await expect.poll(() => page.locator('[data-testid="grant-option"]:checked').evaluateAll((b) => b.length)).toBe(1);

    await page.getByTestId('open-addon').click();
    await addonShowsUser(host, 'usr_ann');
    expect((await host.session()).claims.scopes).toEqual(['invoices.*']);
    expect((await addonContext(host)).scopes).toEqual(['invoices.*']);
    // The accountant lost access: marked in the user menu, refused on switching.
    await page.getByTestId('user-switcher').click();
    await page
      .locator('[data-testid="user-option"][data-user-id="usr_bob"] .no-access-tag')
      .waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await switchUser(page, 'usr_bob');
    await page.locator('[data-testid="addon-unavailable"][data-code="access_denied"]').waitFor();
    expect(await page.getByTestId('unavailable-reason').textContent()).toBe(
      'usr_bob (accountant) may not use the add-on in org_acme: access is for admins and usr_sam',
    );
  });

  it('uninstalls with a confirm (subscriptions removed, data kept) and installs again, as the control API does', async () => {
    const emulator = await closedWorld();
    const receiver = await startReceiver();
    const host = await open(emulator);
    const { page } = host;
    const { token } = await host.session();
    const subscribe = { event: 'invoice.created', webhookUrl: receiver.url };
    expect((await api(`${emulator.apiUrl}/events/subscribe`, { token, body: subscribe })).status).toBe(201);
    expect(
      (await api(`${emulator.apiUrl}/storage/kept`, { token, method: 'PUT', body: { value: 1 } })).status,
    ).toBeLessThan(300);

    await openInstallScreen(page);
    await page.getByTestId('uninstall').click();
    const dialog = page.getByTestId('uninstall-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      "Its webhook subscriptions in Acme Ltd are removed, and its sessions there end at once. The organization's records and the add-on's own data are kept",
    );
    expect(await axeViolations(page), 'the confirm').toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'uninstall-confirm.png') });
    await page.getByTestId('confirm-uninstall').click();
    await page
      .getByTestId('toast')
      .filter({
        hasText: 'Uninstalled Demo add-on from Acme Ltd: 1 webhook subscription removed; records and its data kept',
      })
      .waitFor();
    expect(emulator.organization('org_acme').installation).toBeNull();
    expect(emulator.subscriptions()).toEqual([]);
    expect((await api(`${emulator.apiUrl}/invoices`, { token })).body).toMatchObject({ code: 'addon_not_installed' });
    // Gone from the sidebar and marked in the organizations' menu; the admin is offered to install it.
    await page.locator('[data-testid="install-status"][data-state="not-installed"]').waitFor();
    expect(await page.getByTestId('open-addon').isVisible()).toBe(false);
    expect(await page.getByTestId('nav-install').isVisible()).toBe(true);
    await page.getByTestId('org-switcher').click();
    expect(await page.locator('[data-testid="org-option"][data-org-id="org_acme"]').textContent()).toContain(
      'not installed',
    );
    await page.keyboard.press('Escape');

    await page.getByTestId('install').click();
    await page.getByTestId('toast').filter({ hasText: 'Installed: Demo add-on in Acme Ltd' }).waitFor();
    expect(emulator.organization('org_acme').installation).toMatchObject({ grantedScopes: SCOPES, source: 'changed' });
    await page.getByTestId('open-addon').click();
    await addonShowsUser(host, 'usr_ann');
    const fresh = (await host.session()).token;
    expect((await api(`${emulator.apiUrl}/storage/kept`, { token: fresh })).body.data).toMatchObject({ value: 1 });
    expect((await api(`${emulator.apiUrl}/events/subscriptions`, { token: fresh })).body.data).toEqual([]);
  });

  it('closes an add-on open when it is uninstalled elsewhere, with the reason shown', async () => {
    const emulator = await closedWorld();
    const host = await open(emulator);
    const { page } = host;
    await emulator.uninstall({ orgId: 'org_acme' });
    // Told by the stream's `installations` event (a refused call of the add-on would tell it too).
    await page.locator('[data-testid="addon-unavailable"][data-code="addon_not_installed"]').waitFor();
    expect(await page.getByTestId('addon-frame').count()).toBe(0);
    expect(await page.getByTestId('nav-install').isVisible()).toBe(true);
  });

  it('reads the organizations again when a call of a session that ended before is refused, as for one ended now', async () => {
    const emulator = await closedWorld();
    const { token } = await emulator.token({ userId: 'usr_bob' });
    await emulator.install({ orgId: 'org_acme', roles: ['admin'] });
    await emulator.install({ orgId: 'org_acme', roles: ['admin', 'accountant'], users: ['usr_sam'] });
    const { page } = await open(emulator);
    const read = page.waitForRequest((request) => new URL(request.url()).pathname === '/_emulator/organizations');
    expect((await api(`${emulator.apiUrl}/invoices`, { token })).body).toMatchObject({ code: 'session_revoked' });
    await read;
  });

  it('grants part of a declared wildcard: its actions beneath it, the token carrying the part', async () => {
    const emulator = await closedWorld();
    const host = await open(emulator);
    const { page } = host;
    await openInstallScreen(page);
    const parts = page.locator('[data-testid="grant-part"]');
    expect(
      await parts.evaluateAll((boxes) =>
        boxes.map((b) => [(b as HTMLInputElement).value, (b as HTMLInputElement).checked]),
      ),
    ).toEqual([
      ['invoices.read', true],
      ['invoices.write', true],
      ['invoices.delete', true],
      ['storage.read', true],
      ['storage.write', true],
      ['storage.delete', true],
    ]);
    await page.locator('[data-testid="grant-part"][value="invoices.write"]').uncheck();
    await page.locator('[data-testid="grant-part"][value="invoices.delete"]').uncheck();
    // The wildcard follows its parts: no longer whole.
    expect(await page.locator('[data-testid="grant-option"][value="invoices.*"]').isChecked()).toBe(false);
    await page.getByTestId('install-form').evaluate((form) => form.setAttribute('data-stale', ''));
    await page.getByTestId('save-installation').click();
    await page.getByTestId('toast').filter({ hasText: 'Saved: Demo add-on in Acme Ltd' }).waitFor();
    await page.locator('[data-testid="install-form"]:not([data-stale])').waitFor();
    expect(emulator.organization('org_acme').installation?.grantedScopes).toEqual([
      'invoices.read',
      'customers.read',
      'storage.*',
    ]);
    // The screen shows the part in force; the next session carries it.
    await expect
      .poll(() =>
        page
          .locator('[data-testid="grant-part"]:checked')
          .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value)),
      )
      .toEqual(['invoices.read', 'storage.read', 'storage.write', 'storage.delete']);
    expect(await axeViolations(page), 'the install screen with parts').toEqual([]);
    await page.getByTestId('open-addon').click();
    await expect
      .poll(async () => (await host.session()).claims.scopes)
      .toEqual(['invoices.read', 'customers.read', 'storage.*']);
  });

  it('shows a grant narrower than a declared * as parts of it, saves it back as it was, and grants all again', async () => {
    // Declared: everything; granted (by config, as `addon install --grant` would): two resources' worth.
    const acme = { ...ORGANIZATIONS[0]!, installation: { roles: ['admin'], grant: ['invoices.read', 'customers.*'] } };
    const emulator = await closedWorld({ scopes: ['*'], organizations: [acme] });
    const { page } = await open(emulator);
    await openInstallScreen(page);
    const everything = page.locator('[data-testid="grant-option"][value="*"]');
    const state = (value: string) =>
      page
        .locator(`[data-testid="grant-part"][value="${value}"]`)
        .evaluate((box) => [(box as HTMLInputElement).checked, (box as HTMLInputElement).indeterminate]);
    expect(await everything.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
    expect(await everything.isChecked()).toBe(false);
    // Partly granted, so the parts are unfolded.
    expect(await page.locator('details.scope-parts').evaluate((details) => (details as HTMLDetailsElement).open)).toBe(
      true,
    );
    expect(await state('customers.*')).toEqual([true, false]);
    expect(await state('invoices.*')).toEqual([false, true]);
    expect(await state('invoices.read')).toEqual([true, false]);
    expect(await state('invoices.write')).toEqual([false, false]);
    expect(await state('storage.*')).toEqual([false, false]);
    expect(await axeViolations(page), 'the install screen with the parts of *').toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'install-parts-of-everything.png'), fullPage: true });
    // On a phone, the resources' lines wrap: nothing goes sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, scrollX: 0 });
    await page.setViewportSize({ width: 1280, height: 860 });

    // Saved with no change, the grant stays as it was.
    await page.getByTestId('save-installation').click();
    await page.getByTestId('toast').filter({ hasText: 'Saved: Demo add-on in Acme Ltd' }).waitFor();
    expect([...emulator.organization('org_acme').installation!.grantedScopes].sort()).toEqual([
      'customers.*',
      'invoices.read',
    ]);

    // A part added; then everything, which the boxes below follow.
    await page.locator('[data-testid="grant-part"][value="storage.*"]').check();
    expect(await state('storage.delete')).toEqual([true, false]);
    // The screen is drawn again with the grant now in force: the boxes are checked on the new one.
    await page.getByTestId('install-form').evaluate((form) => form.setAttribute('data-stale', ''));
    await page.getByTestId('save-installation').click();
    await page.locator('[data-testid="install-form"]:not([data-stale])').waitFor();
    expect([...emulator.organization('org_acme').installation!.grantedScopes].sort()).toEqual([
      'customers.*',
      'invoices.read',
      'storage.*',
    ]);
    await everything.check();
    expect(await state('invoices.write')).toEqual([true, false]);
    expect(await state('invoices.*')).toEqual([true, false]);
    await page.getByTestId('save-installation').click();
    await expect.poll(() => emulator.organization('org_acme').installation!.grantedScopes).toEqual(['*']);
  });

  it('follows a change made elsewhere as it happens: a narrowed grant reopens the add-on with it', async () => {
    const emulator = await closedWorld();
    const host = await open(emulator);
    const before = (await host.session()).claims.jti;
    // No call of the add-on, no focus: the stream's `installations` event is what tells the page.
    await emulator.install({ orgId: 'org_acme', grant: ['invoices.read'] });
    await expect.poll(async () => (await host.session()).claims.jti).not.toBe(before);
    expect((await host.session()).claims.scopes).toEqual(['invoices.read']);
  });

  it('asks again for the scopes declared since the consent, and grants them once saved', async () => {
    const dataDir = await tempDir();
    const before = await closedWorld({ dataDir, scopes: ['invoices.*'] });
    await before.install({ orgId: 'org_acme', roles: ['admin'] });
    await before.close();
    // The add-on now declares two more.
    const emulator = await closedWorld({ dataDir });
    expect(emulator.organization('org_acme').installation).toMatchObject({
      grantedScopes: ['invoices.*'],
      pendingScopes: ['customers.read', 'storage.*'],
    });
    const host = await open(emulator);
    const { page } = host;
    await openInstallScreen(page);
    const notice = page.getByTestId('reconsent-notice');
    expect(await notice.getByTestId('pending-scope').allTextContents()).toEqual([
      'customers.read — see customers, and receive their events',
      'storage.* — see, create, change and delete the add-on’s own data in this organization',
    ]);
    expect(await page.locator('[data-testid="grant-option"][value="customers.read"]').isChecked()).toBe(false);
    expect(await axeViolations(page), 'the re-consent notice').toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'reconsent.png'), fullPage: true });

    await page.locator('[data-testid="grant-option"][value="customers.read"]').check();
    await page.getByTestId('save-installation').click();
    await page.getByTestId('toast').filter({ hasText: 'Saved' }).waitFor();
    await notice.waitFor({ state: 'detached' });
    expect(emulator.organization('org_acme').installation).toMatchObject({
      grantedScopes: ['invoices.*', 'customers.read'],
      pendingScopes: [],
    });
  });

  it('is read-only for a user who is not an admin, with a way to an admin', async () => {
    const emulator = await closedWorld();
    const host = await open(emulator, { userId: 'usr_bob' });
    const { page } = host;
    // Not offered to them: reached by its address.
    await page.getByTestId('org-switcher').click();
    expect(await page.getByTestId('manage-addons').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.evaluate(() => (location.hash = '#/settings/addons'));
    await page.getByTestId('not-admin-notice').waitFor();
    expect(await page.getByTestId('not-admin-notice').textContent()).toContain(
      'Only an admin of Acme Ltd installs add-ons and decides what they may do. You are Bob Ray, accountant.',
    );
    expect(await page.getByTestId('save-installation').count()).toBe(0);
    expect(await page.locator('[data-testid="grant-option"]').first().isDisabled()).toBe(true);
    expect(await axeViolations(page), 'read-only').toEqual([]);
    await page.getByRole('button', { name: 'Switch to Ann Lee' }).click();
    await page.getByTestId('save-installation').waitFor();
    expect(await page.getByTestId('user-switcher').textContent()).toContain('Ann Lee');
  });
});

describe('at a phone’s width', () => {
  it('keeps the switchers, the reason and the install screen in the window, axe-core clean', async () => {
    const emulator = await closedWorld();
    const host = await open(emulator, { orgId: 'org_none', viewport: { width: 390, height: 844 } });
    const { page } = host;
    await unavailable(page).waitFor();
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, scrollX: 0 });
    expect(await axeViolations(page), 'not installed').toEqual([]);
    for (const key of ['org', 'user']) {
      await page.getByTestId(`${key}-switcher`).click();
      const menu = await page.getByTestId(`${key}-menu`).boundingBox();
      expect(menu!.x).toBeGreaterThanOrEqual(0);
      expect(menu!.x + menu!.width).toBeLessThanOrEqual(390);
      expect(await sidewaysOverflow(page), key).toEqual({ overflow: 0, scrollX: 0 });
      expect(await axeViolations(page), `${key} menu`).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `${key}-menu-390.png`) });
      await page.keyboard.press('Escape');
    }
    await page.getByTestId('nav-install').click();
    await page.getByTestId('install-form').waitFor();
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, scrollX: 0 });
    expect(await axeViolations(page), 'the install screen').toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'install-screen-390.png'), fullPage: true });
  });
});
