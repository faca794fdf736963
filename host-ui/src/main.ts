// The host page of `addon dev`: the service's web app around the developer's add-on, plus the
// developer drawer. This module wires the parts together; each concept lives in its own module.
import './styles.css';
import { scopeList } from '../../src/auth/scopes.js';
import { createAccountSwitcher } from './account-switcher';
import { createAddonPanel } from './addon-panel';
import { addonOrigin, NO_ADDON_URL } from './addon-url';
import { frameUrl } from '../../src/emulator/frame-url.js';
import { connectBridge, type Bridge } from './bridge';
import { FLUSH_COVERAGE } from '../../src/coverage/bridge-report.js';
import { reportBridgeCoverage } from './bridge-coverage';
import type { AddonMessage } from '../../src/bridge/addon-messages.js';
import { EmulatedClock, everySecond } from './clock';
import { control, ControlError } from './control-client';
import { installPage } from './install-page';
import { Organizations } from './organizations';
import { h } from './dom';
import { createDrawer } from './drawer';
import { placeOnPhones } from './phone-slot';
import { createWidthControl, framePixels, initialFrameWidth } from './frame-width';
import { createShell, type AddonEntry } from './layout';
import {
  addonPath,
  href,
  INSTALL_PATH,
  parsePath,
  pathInAddress,
  sessionInAddress,
  writeSessionToAddress,
  type Route,
} from './routes';
import { createShellPages } from './shell-pages';
import { createAuditPanel } from './panels/audit-panel';
import { createClockPanel } from './panels/clock-panel';
import { createCoveragePanel } from './panels/coverage-panel';
import { createDataPanel } from './panels/data-panel';
import { createFaultsPanel } from './panels/faults-panel';
import { createDeliveriesPanel } from './panels/deliveries-panel';
import { createEventsPanel } from './panels/events-panel';
import { createMessagesPanel } from './panels/messages-panel';
import { createParityPanel } from './panels/parity-panel';
import { createSessionPanel } from './panels/session-panel';
import { Session, type SessionSettings } from './session';
import { openStream } from './stream';
import { toast, toastError } from './toast';
import type { EmulatorStatus, OrganizationsAnswer, ResourceOutline } from './types';
import { ACCESS_REFUSALS, ENDED_SESSIONS, isRefusal, unavailableReason } from './unavailable';

/** What the location bar says of a `service:navigate` to a path that names no page of the shell. */
const UNKNOWN_PATH_NOTE = 'not a page of the emulated service';

async function start(app: HTMLElement): Promise<void> {
  let status: EmulatorStatus;
  let resources: ResourceOutline[];
  let organizations: OrganizationsAnswer;
  try {
    [status, resources, organizations] = await Promise.all([
      control.status(),
      control.resources().then((answer) => answer.data),
      control.organizations(),
    ]);
  } catch (error) {
    app.replaceChildren(
      h(
        'div',
        { class: 'fatal', role: 'alert' },
        h('h1', {}, 'The emulator does not answer'),
        h('p', {}, (error as Error).message),
        h('p', { class: 'muted' }, 'Is addon dev still running? Reload this page once it is.'),
      ),
    );
    return;
  }
  document.title = `${status.name} · addon dev`;

  const clock = new EmulatedClock(status.clock);
  const orgs = new Organizations(organizations, status.organizations === null);
  // Who it opens as: the address's organization and user (openHostPage's, a link's), else the
  // emulator's; an organization named alone opens as its first user who may use the add-on.
  const asked = sessionInAddress();
  const firstOrg = asked.orgId ?? status.orgId;
  await orgs.ensure(firstOrg);
  const session = new Session({
    orgId: firstOrg,
    userId: asked.userId ?? orgs.userFor(firstOrg, status.userId),
    scopes: asked.scopes ?? null,
  });
  const addonUrl = status.addonUrl;
  const origin = addonUrl ? addonOrigin(addonUrl) : null;

  const ownPath = addonPath(status.appId);
  const routeOf = (path: string | null): Route | null =>
    path === null ? { kind: 'addon' } : parsePath(path, resources, status.appId);

  // The main area shows the add-on or one of the service's pages. Leaving the add-on for a page
  // closes it, as the service does; its sidebar entry opens it again, with a new session.
  let view: 'addon' | 'page' = 'addon';
  const showAddonView = () => {
    view = 'addon';
    pages.element.hidden = true;
    panel.element.hidden = false;
    shell.setCurrent('addon');
    if (routeOf(pathInAddress())?.kind !== 'addon') history.pushState(null, '', href(ownPath));
  };

  /** Shows what the address names: a page of the shell, or the add-on (opened if it is not). */
  const followAddress = () => {
    const path = pathInAddress();
    const route = routeOf(path);
    if (route?.kind === 'addon') {
      if (view !== 'addon') void openAddon();
      return;
    }
    if (view === 'addon') closeAddon();
    view = 'page';
    panel.element.hidden = true;
    pages.element.hidden = false;
    const page = route ?? { kind: 'unknown' as const, path: path ?? '/' };
    shell.setCurrent(page.kind === 'list' || page.kind === 'record' ? page.resource.name : page.kind);
    pages.show(page, path ?? '/');
  };

  // The organization and user whose opening the emulator refused, and its code: the main area says
  // why, and the sidebar leaves the add-on out for them, whatever the organizations answer said.
  let refused: { orgId: string; userId: string; code: string } | null = null;
  const refusedNow = () =>
    refused !== null && refused.orgId === session.settings.orgId && refused.userId === session.settings.userId;

  const openAddon = async (settings?: SessionSettings) => {
    if (view !== 'addon') showAddonView();
    if (!addonUrl || !origin) {
      panel.showProblem(
        addonUrl
          ? `The add-on URL ${addonUrl} is not an http(s) URL; set url in addon.config.json or --addon-url.`
          : NO_ADDON_URL,
      );
      return;
    }
    try {
      const minted = await session.open(settings);
      if (!minted) return; // superseded by a later opening
      refused = null;
      panel.load(frameUrl(addonUrl, minted.token));
      checkExpiry();
      if (settings) writeSessionToAddress(session.settings);
      showAvailability();
    } catch (error) {
      // The session's own user may not open it (not installed, no access): the main area says why,
      // in the emulator's words. Settings the Session tab asked for are only refused: a toast.
      if (!settings && isRefusal(error)) {
        const { orgId, userId } = session.settings;
        refused = { orgId, userId, code: error.code };
        panel.showUnavailable(unavailableReason(error, { orgs, orgId, userId, addonName: status.name }));
        showAvailability();
        return;
      }
      toastError(error);
      // A refused reopening leaves a running add-on as it was; a first opening shows how to retry.
      if (!panel.frame() && !refusedNow()) panel.close();
    }
  };

  /** Another organization or user, from the top bar: the add-on shown reopens as them (or says why not). */
  const switchTo = (orgId: string, userId: string) => {
    session.choose({ orgId, userId, scopes: null });
    writeSessionToAddress(session.settings);
    if (view === 'addon') {
      panel.close();
      void openAddon();
    }
  };

  const closeAddon = () => {
    session.close();
    panel.close();
  };

  const width = initialFrameWidth();
  const widthControl = createWidthControl(width, (chosen) => panel.setWidth(framePixels(chosen)));
  const account = createAccountSwitcher({
    addonName: status.name,
    onOrg: (orgId) => void orgs.ensure(orgId).then(() => switchTo(orgId, orgs.userFor(orgId, session.settings.userId))),
    onUser: (userId) => switchTo(session.settings.orgId, userId),
  });
  const shell = createShell(status.name, {
    onOpenAddon: () => void openAddon(),
    topbarTools: widthControl.element,
    account,
    resources,
    installPath: INSTALL_PATH,
    search: (query) => control.search(query, session.settings.orgId),
  });
  const panel = createAddonPanel({ name: status.name, origin, onOpen: () => void openAddon(), onClose: closeAddon });
  panel.setWidth(framePixels(width));
  placeOnPhones(widthControl.element, widthControl.element.parentElement!, panel.actions);
  shell.main.appendChild(panel.element);
  const pages = createShellPages({
    resources,
    session,
    addonPath: ownPath,
    addonName: status.name,
    installPage: () =>
      installPage({
        orgs,
        session,
        addonName: status.name,
        appId: status.appId,
        addonPath: ownPath,
        scopeResources: scopeList(resources.map(({ name }) => name)).resources,
        switchUser: (userId) => switchTo(session.settings.orgId, userId),
      }),
  });
  shell.main.appendChild(pages.element);

  const messages = createMessagesPanel(clock);
  const deliveries = createDeliveriesPanel();
  const audit = createAuditPanel();
  const data = createDataPanel(session, resources);
  const faults = createFaultsPanel();
  const sessionPanel = createSessionPanel({
    status,
    session,
    clock,
    orgs,
    installHref: href(INSTALL_PATH),
    reopen: (settings) => void openAddon(settings),
  });
  const parity = createParityPanel(status.strict);
  const coverage = createCoveragePanel();
  const drawer = createDrawer([
    { id: 'session', label: 'Session', panel: sessionPanel },
    { id: 'messages', label: 'Messages', panel: messages },
    {
      id: 'events',
      label: 'Events',
      panel: createEventsPanel({ session, onDeliveries: (list) => list.forEach(deliveries.upsert) }),
    },
    { id: 'deliveries', label: 'Deliveries', panel: deliveries },
    { id: 'audit', label: 'Audit', panel: audit },
    { id: 'data', label: 'Data', panel: data },
    { id: 'clock', label: 'Clock', panel: createClockPanel(clock) },
    { id: 'faults', label: 'Faults', panel: faults },
    { id: 'parity', label: 'Parity', panel: parity },
    { id: 'coverage', label: 'Coverage', panel: coverage },
  ]);
  shell.drawerSlot.appendChild(drawer.element);
  messages.onWarnings((count) => drawer.setBadge('messages', count));
  parity.onCount((count) => drawer.setBadge('parity', count));
  deliveries.onDisabledCount((count) => drawer.setBadge('deliveries', count));
  app.replaceChildren(shell.root);

  // The session expires on the emulated clock: check every second and whenever the clock jumps.
  const checkExpiry = () => {
    const left = session.remainingMs(clock.now());
    panel.setExpired(left !== null && left <= 0);
  };
  everySecond(checkExpiry);
  clock.onChange(checkExpiry);

  /** The top bar's chips and the sidebar's Add-ons, for the session's organization and user. */
  const showAvailability = () => {
    const { orgId, userId } = session.settings;
    const org = orgs.find(orgId);
    const user = orgs.user(orgId, userId);
    const admin = user?.role === 'admin';
    account.show({
      org: { id: orgId, name: org?.name ?? orgId },
      user: user ?? { id: userId, name: userId, role: null },
      orgs: [...orgs.list(), ...(org ? [] : [{ id: orgId, name: orgId, installation: null }])].map((item) => ({
        id: item.id,
        name: item.name,
        installed: item.installation !== null,
      })),
      users: orgs.users(orgId, userId).map((item) => ({
        ...item,
        denied: orgs.availability(orgId, item.id).kind === 'no-access',
      })),
      manageHref: admin ? href(INSTALL_PATH) : null,
    });
    const kind = orgs.availability(orgId, userId).kind;
    const entry: AddonEntry =
      kind === 'available' && !(refusedNow() && ACCESS_REFUSALS.has(refused!.code))
        ? 'open'
        : kind === 'not-installed' && admin
          ? 'install'
          : 'none';
    shell.setAddonEntry(entry);
  };
  session.onChange(showAvailability);
  // An organization the Session tab named that the list leaves out (the open world's others) is read.
  session.onChange(() => void orgs.ensure(session.settings.orgId));
  showAvailability();

  // The organizations read again (a change on the install screen, or made elsewhere and seen on a
  // resync, a refused call or the window's focus): what shows them follows, and an add-on open in an
  // organization whose installation changed reopens with a fresh token, or closes with the reason
  // shown.
  const installations = () => new Map(orgs.list().map((org) => [org.id, JSON.stringify(org.installation)] as const));
  let seen = JSON.stringify(orgs.list());
  let known = installations();
  orgs.onChange(() => {
    const now = JSON.stringify(orgs.list());
    if (now === seen) return;
    seen = now;
    const wasRefused = refusedNow();
    refused = null;
    showAvailability();
    if (pages.shown() === 'install') pages.refresh();
    const before = known.get(session.settings.orgId);
    known = installations();
    // Only a change of what was known: an organization read for the first time changed nothing.
    const changedHere = before !== undefined && before !== known.get(session.settings.orgId);
    // The add-on open, or the reason it was not shown: opened again, as the installation now says.
    if (changedHere && view === 'addon' && (session.current || panel.frame() || wasRefused)) void openAddon();
  });
  const readOrganizations = () => void orgs.reload().catch(() => {});
  // Back from a terminal where `addon install` ran, say.
  window.addEventListener('focus', readOrganizations);

  if (origin) {
    // Only this page sees the bridge: it tells the emulator's coverage what it carried.
    const bridgeCoverage = reportBridgeCoverage((report, keepalive) =>
      control.reportBridge(report, keepalive).then(
        () => true,
        (error: unknown) => !(error instanceof ControlError && error.code === 'coverage_off'),
      ),
    );
    // For openHostPage's close (src/testing/host-page.ts): the add-on's frame, of another origin,
    // cannot reach this window's properties.
    Object.assign(window, { [FLUSH_COVERAGE]: () => bridgeCoverage.flush() });
    const bridge: Bridge = connectBridge({
      origin,
      frame: panel.frame,
      log: (entry) => {
        messages.add(entry);
        bridgeCoverage.note(entry);
      },
      onIgnored: messages.noteIgnored,
      onDropped: () => {
        messages.noteDropped();
        bridgeCoverage.dropped();
      },
      strict: status.strict,
      onMessage: (message: AddonMessage) => {
        switch (message.type) {
          case 'service:ready': {
            const current = session.current;
            if (!current) return;
            const { orgId, userId, scopes } = current.claims;
            bridge.post('service:context', { orgId, userId, token: current.token, scopes });
            return;
          }
          case 'service:navigate': {
            // A page the shell has: the service moves there, leaving the add-on. Any other path is
            // only shown, with a note, and nothing else changes.
            const route = parsePath(message.path, resources, status.appId);
            if (route && route.kind !== 'addon') {
              // Moved now, not on the hashchange a new fragment brings a task later: whoever sees
              // the message logged (openHostPage's waitForNavigate) sees the add-on closed already.
              history.pushState(null, '', href(message.path));
              followAddress();
            } else panel.setPath(message.path, route ? undefined : UNKNOWN_PATH_NOTE);
            return;
          }
          case 'service:notify':
            toast(message.message, message.level);
            // The emulator says so in the terminal and the Parity tab (docs/parity.md).
            if (message.parity) void control.reportParity('notify-level', message.parity).catch(() => {});
            return;
          case 'service:resize':
            panel.setHeight(message.height);
            return;
          case 'service:close':
            closeAddon();
            return;
        }
      },
    });
  }

  // Live updates: one stream for everything, opened before the first reads so nothing falls in
  // between (the panels drop what they see twice).
  const stream = openStream();
  stream.onState((state) => shell.setLive(state, () => stream.reconnect()));
  stream.on('audit', (entry) => {
    audit.add(entry);
    data.noteApiCall(entry);
    pages.noteApiCall(entry);
    sessionPanel.noteApiCall();
    // A call a rule touched changed its hits.
    if (entry.faults) void faults.reload();
  });
  stream.on('refused', (refusal) => {
    audit.addRefused(refusal);
    // A session ended by an uninstall or by access taken away, now or before: the installation changed.
    if (ENDED_SESSIONS.has(refusal.code)) readOrganizations();
  });
  stream.on('delivery', ({ delivery }) => deliveries.upsert(delivery));
  stream.on('subscription-disabled', (report) => {
    deliveries.noteDisabled(report);
    // As the `addon dev` terminal says it.
    toast(
      `Webhook subscription to ${report.event} at ${report.webhookUrl} disabled after ${report.attempts} failed attempts; re-subscribe to enable it`,
      'warning',
    );
  });
  stream.on('clock', (state) => clock.update(state));
  stream.on('parity', (warning) => parity.add(warning));
  stream.on('coverage', ({ hits }) => coverage.update(hits));
  // An install, a change or an uninstall made anywhere (addon install, the harness, a state restored).
  stream.on('installations', readOrganizations);
  stream.onResync(() => {
    readOrganizations();
    coverage.resync();
    void parity.reload().catch(() => {});
    void audit.reload();
    void deliveries.reload();
    control.clock().then(
      (state) => clock.update(state),
      () => undefined,
    );
  });
  void audit.reload();
  void deliveries.reload();
  void parity.reload().catch(() => {});

  // Back and forward, and the page's links, move between the pages and the add-on.
  window.addEventListener('hashchange', followAddress);
  // As in the service, where following the add-on's sidebar link is what opens it; an address that
  // names a page (a reload there) shows that page.
  if (routeOf(pathInAddress())?.kind === 'addon') {
    shell.setCurrent('addon');
    void openAddon();
  } else followAddress();
}

void start(document.getElementById('app')!);
