import type { BrowserContext, Frame, FrameLocator, Page, Route } from 'playwright-core';
import type { SessionClaims } from '../auth/tokens.js';
import type { EmulatorStatus } from '../control/status.js';
import { CONTROL_PREFIX, EMULATOR_HEADER } from '../control/control-api.js';
import {
  framePixels,
  MAX_FRAME_WIDTH,
  MIN_FRAME_WIDTH,
  parseFrameWidth,
  type FrameWidth,
} from '../emulator/frame-width.js';
import { hostPageOrigin } from '../emulator/host-page-origin.js';
import { hostPageHeaders } from '../emulator/page-policy.js';
import { UserError } from '../common/errors.js';
import { blockThirdPartyCookies, browserFor, type BrowserChoice, type ThirdPartyCookies } from './host-browser.js';
import { hostCoverage } from './host-coverage.js';
import { FLUSH_COVERAGE } from '../coverage/bridge-report.js';
import {
  createHostLog,
  describeLog,
  messagesOf,
  navigationsIn,
  watchHost,
  type HostEntry,
  type HostMessages,
  type HostToast,
} from './host-log.js';
import { everyStep } from './every-step.js';
import { hostWaits, type HostWaits } from './host-waits.js';
import { watchTokens, type TokenFinding } from './token-watch.js';

export type { BridgeMessage, DroppedMessages, HostMessages, HostToast } from './host-log.js';
export type { HostWaits } from './host-waits.js';
export type { BrowserChoice } from './host-browser.js';
export type { FrameWidth } from '../emulator/frame-width.js';

/** Who the add-on is opened for: the next session token carries these. */
export interface SessionChoice {
  /** A part of the installation's grant; default: the whole grant of the organization it opens in. */
  scopes?: string[];
  /** Organization id; default: the emulator's. */
  orgId?: string;
  /**
   * User id; default: the emulator's, or with `orgId` alone the organization's first user who may
   * use the add-on. A user who may not (not installed there, no access) gets the host's reason
   * instead of the add-on: see `unavailable()`.
   */
  userId?: string;
}

/** Why the host page shows no add-on for the session's user, as the emulator refused to open it. */
export interface HostRefusal {
  /** The emulator's code: `addon_not_installed`, `access_denied`, `unknown_user`, `unknown_organization`, `scope_not_granted`. */
  code: string;
  /** The emulator's message, as the page shows it (`usr_vic (viewer) may not use the add-on in org_acme: access is for admins`). */
  message: string;
  /** The page's title over it (`Your role, viewer, has no access to Demo add-on`). */
  title: string;
}

export interface HostPageOptions extends SessionChoice {
  /** The add-on's page; default: the emulator's add-on URL (`addonUrl`, or the demo add-on of `addon dev`). */
  addonUrl?: string;
  /** A Playwright Browser to open the page in (shared between tests), or a Chromium to launch. */
  browser?: BrowserChoice;
  /** How long a wait may take before it fails with what the host saw; default 10 s. */
  timeoutMs?: number;
  /** Where a failed wait writes a screenshot of the host page (a .png path). */
  screenshotOnFailure?: string;
  /** Resolve only once the add-on said `service:ready` and got `service:context` (default true). */
  waitForReady?: boolean;
  /** The browser window's size; default 1280 × 860. */
  viewport?: { width: number; height: number };
  /**
   * The add-on frame's width, as the host page's device-width control sets it: `'desktop'` (the
   * whole main area, the default), `'tablet'` (768 px), `'phone'` (390 px), or CSS pixels (240 to
   * 3840). The add-on's window has that width; a main area narrower than it scrolls sideways.
   */
  width?: FrameWidth;
  /**
   * Runs on the page's browser context before the host page opens: init scripts, bindings, routes
   * or listeners of your own (`addon check` watches the add-on's frame this way).
   */
  prepare?(context: BrowserContext): Promise<void>;
  /**
   * Third-party cookies in the add-on's frame, which is cross-site as in production: `'blocked'`
   * (the default), as Safari blocks them for every user, or `'allowed'`, as Chrome's default lets them.
   */
  thirdPartyCookies?: ThirdPartyCookies;
}

export interface HostPage extends HostWaits {
  /** The host page (Playwright), for anything outside the add-on. */
  readonly page: Page;
  /** Whether third-party cookies are blocked in the add-on's frame (the option, `'blocked'` by default). */
  readonly thirdPartyCookies: ThirdPartyCookies;
  /** The add-on's frame, for ordinary locators and clicks; it follows the frame across reopenings. */
  readonly addon: FrameLocator;
  /** The add-on's frame itself (to `evaluate` in it). */
  addonFrame(): Promise<Frame>;
  /**
   * The bridge traffic both ways, as the host logged it, the messages it ignored included: the newest
   * 500 (docs/limits.md#the-bridge).
   */
  readonly messages: HostMessages;
  /**
   * The toasts the host showed (`service:notify`, its own errors, a disabled webhook subscription),
   * oldest first, the newest 500; each message as shown, cut at 300 characters.
   */
  toasts(): HostToast[];
  /**
   * The in-app paths the add-on navigated to (`service:navigate`), in order: those the host showed a
   * page of the shell for, and those it only noted in its location bar.
   */
  navigations(): string[];
  /**
   * The iframe's height in pixels, as the host set it (`service:resize`), once the add-on's window has
   * taken it; null while closed.
   */
  frameHeight(): Promise<number | null>;
  /** Whether the add-on is closed (`service:close`, the host's Close, or a navigation to one of the shell's pages). */
  isClosed(): Promise<boolean>;
  /** Whether the host shows its "Session expired" state. */
  isExpired(): Promise<boolean>;
  /**
   * Why the add-on is not there for the session's user (the add-on is not installed in the
   * organization, the user's role has no access, ...), as the host page shows the emulator's
   * refusal; null when nothing was refused. `openHostPage` and `reopen` resolve without waiting for
   * the add-on then; `session()` and `addonFrame()` fail with the reason.
   */
  unavailable(): Promise<HostRefusal | null>;
  /** The session token the add-on was opened with, and its claims; fails when it is `unavailable()`. */
  session(): Promise<{ token: string; claims: SessionClaims }>;
  /** Moves the emulated clock past the token's expiry and waits until the host shows it expired. */
  expireSession(): Promise<void>;
  /** Opens the add-on again with a new session, with other scopes, org or user if given (or says why it cannot). */
  reopen(choice?: SessionChoice): Promise<void>;
  /**
   * Spec 5.1 judged ("tokens are not to be shown to end users or stored"): where the add-on's frames
   * put the session tokens they were given since the page opened: `stored` (storage or a cookie of any
   * origin), `shown` (a page's text, attributes, title, a console message), `sent` (a request to
   * another origin than the API's and the add-on's, a Referer anywhere) and `in-url` (still in a
   * frame's address). What they sent and logged is kept from the start; storage and pages are read
   * when called: once the add-on has said ready, and again after `reopen()`. Empty when all is well;
   * a finding never holds the token (docs/testing.md).
   */
  tokenFindings(): Promise<TokenFinding[]>;
  /** `text` with each session token the add-on was given cut to its first characters: for what a report quotes of the page. */
  redactTokens(text: string): string;
  /** A screenshot of the whole host page; resolves with the path. */
  screenshot(path: string): Promise<string>;
  /** Closes the page, and the browser if `openHostPage` launched it. */
  close(): Promise<void>;
}

/** The host's parts that `openHostPage` reads (host-ui/src): one place for the selectors. */
const SELECTORS = {
  frame: '[data-testid="addon-frame"]',
  panel: '[data-testid="addon-panel"]',
  expired: '[data-testid="session-expired"]',
  unavailable: '[data-testid="addon-unavailable"]',
  reason: '[data-testid="unavailable-reason"]',
  /** The add-on's `service:ready` in the host's message log. */
  ready: '[data-testid="message-row"][data-direction="in"][data-type="service:ready"]',
};
const BINDING = '__addonDevkitHostLog';
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Opens the emulator's host page headless, with the add-on in its iframe, and resolves once the
 * add-on has said `service:ready` and got `service:context` (docs/templates.md, "Test your add-on's UI").
 *
 *   const host = await openHostPage(emulator, { addonUrl: 'http://127.0.0.1:5173/' });
 *   await host.addon.getByRole('button', { name: 'Save' }).click();
 *   await host.messages.waitFor('service:notify', (m) => m.payload.level === 'success');
 *
 * `emulator` is what `startEmulator()` returns, or the URL of a running `addon dev`. The add-on URL
 * is what the host page is told by the emulator's status, changed for this page only; scopes, org
 * and user go in the page's address (`?org=…&user=…&scopes=…`, as a link to the page as that user
 * does). The emulator itself is unchanged. When the user may not open the add-on, it resolves as
 * soon as the page says why: see `unavailable()`.
 */
export async function openHostPage(
  emulator: string | { url: string },
  options: HostPageOptions = {},
): Promise<HostPage> {
  const base = new URL(typeof emulator === 'string' ? emulator : emulator.url).origin;
  const status = await statusOf(base);
  const addonUrl = options.addonUrl ?? status.addonUrl;
  if (!addonUrl)
    throw new UserError('openHostPage: the emulator has no add-on URL; pass { addonUrl } or start it with one');
  // The page is opened on a site other than the add-on's, so that its frame is cross-site as in production.
  const pageOrigin = hostPageOrigin(base, addonUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const width = options.width ?? 'desktop';
  if (parseFrameWidth(String(width)) === null)
    throw new UserError(
      `openHostPage: width is ${JSON.stringify(width)}; use 'desktop', 'tablet', 'phone' or a whole number of pixels from ${MIN_FRAME_WIDTH} to ${MAX_FRAME_WIDTH}`,
    );
  let choice: SessionChoice = { scopes: options.scopes, orgId: options.orgId, userId: options.userId };
  // A coverage file of the page's own, when ADDON_COVERAGE_DIR asks for one that nothing else writes.
  const coverage = await hostCoverage(base);

  const { browser, owned } = await browserFor(options.browser);
  let context: BrowserContext;
  try {
    // Reduced motion: the host page's transitions (a resized frame, a toast) end at once in a test.
    const viewport = options.viewport ?? { width: 1280, height: 860 };
    context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  } catch (error) {
    if (owned) await browser.close();
    throw error;
  }
  const tokens = watchTokens(context, {
    hostOrigin: pageOrigin,
    apiUrl: status.apiUrl,
    addonOrigin: new URL(addonUrl).origin,
  });
  const log = createHostLog();
  await context.exposeBinding(BINDING, (_source, entries: HostEntry[]) => {
    log.add(entries);
    coverage?.count(entries);
  });
  await context.addInitScript(watchHost, BINDING);
  await options.prepare?.(context);
  const page = await context.newPage();
  const thirdPartyCookies = options.thirdPartyCookies ?? 'blocked';
  if (thirdPartyCookies === 'blocked')
    await blockThirdPartyCookies(context, page).catch(async (error: unknown) => {
      await context.close();
      if (owned) await browser.close();
      throw error instanceof UserError ? new UserError(`openHostPage: ${error.message}`) : error;
    });
  // What the host page learns from the emulator, for this page only: the add-on.
  await page.route(
    `${pageOrigin}${CONTROL_PREFIX}/status`,
    whileOpen(page, async (route) => {
      const response = await route.fetch();
      const told: EmulatorStatus = await response.json();
      await route.fulfill({ response, json: { ...told, addonUrl } });
    }),
  );
  /** The host page's address: the frame's width (host-ui/src/frame-width.ts) and the session (routes.ts). */
  const pageUrl = () => {
    const params = new URLSearchParams();
    if (width !== 'desktop') params.set('width', String(width));
    if (choice.orgId) params.set('org', choice.orgId);
    if (choice.userId) params.set('user', choice.userId);
    if (choice.scopes) params.set('scopes', choice.scopes.join(','));
    const query = params.toString();
    return `${pageOrigin}/${query ? `?${query}` : ''}`;
  };
  if (addonUrl !== status.addonUrl) await letFrame(context, page, pageOrigin, addonUrl);

  const failure = async (what: string): Promise<Error> => {
    const shot = options.screenshotOnFailure
      ? await page.screenshot({ path: options.screenshotOnFailure, fullPage: true }).then(
          () => `\nScreenshot of the host page: ${options.screenshotOnFailure}`,
          () => '',
        )
      : '';
    return new Error(`openHostPage: ${what} within ${timeoutMs} ms.\n${describeLog(log)}${shot}`);
  };

  const messages = messagesOf(log, timeoutMs, failure);
  const { waitFor } = messages;

  const frameElement = () => page.locator(SELECTORS.frame);
  /**
   * Waits on a page just loaded for the add-on's ready and the host's context, or for the host to
   * say why the add-on is not there for this user; resolves to whether the add-on opened.
   */
  const open = async (since: number): Promise<boolean> => {
    if (options.waitForReady === false) return true;
    await page
      .locator(`${SELECTORS.unavailable}, ${SELECTORS.ready}`)
      .first()
      .waitFor({ state: 'attached', timeout: timeoutMs })
      .catch(async () => {
        throw await failure('no service:ready');
      });
    if (await page.locator(SELECTORS.unavailable).count()) return false;
    await waitFor('service:ready', undefined, { since });
    await waitFor('service:context', undefined, { since });
    return true;
  };
  /** Fails, with the page's reason, when the add-on is not there for the session's user. */
  const mustBeOpen = async () => {
    const refusal = await host.unavailable();
    if (refusal)
      throw new Error(`openHostPage: the add-on is not open: ${refusal.title}. ${refusal.message} (${refusal.code})`);
  };

  const host: HostPage = {
    page,
    thirdPartyCookies,
    addon: page.frameLocator(SELECTORS.frame),
    async addonFrame() {
      await mustBeOpen();
      const frame = await (await frameElement().elementHandle({ timeout: timeoutMs }))?.contentFrame();
      if (!frame) throw await failure('no add-on frame');
      return frame;
    },
    messages,
    ...hostWaits(waitFor),
    toasts: log.toasts.items,
    navigations: () => navigationsIn(log),
    async frameHeight() {
      if ((await frameElement().count()) === 0) return null;
      const height = Number.parseFloat(await frameElement().evaluate((frame) => (frame as HTMLElement).style.height));
      // The browser resizes a frame of another origin in that frame's own process, a moment later:
      // wait until the add-on's window has the height, so that a click near its edge next lands in it.
      const frame = await host.addonFrame();
      await frame.waitForFunction((expected) => window.innerHeight === expected, height, { timeout: timeoutMs });
      return height;
    },
    isClosed: async () => (await page.locator(SELECTORS.panel).getAttribute('data-state')) !== 'open',
    isExpired: () => page.locator(SELECTORS.expired).isVisible(),
    async unavailable() {
      const card = page.locator(SELECTORS.unavailable);
      if (!(await card.isVisible())) return null;
      return {
        code: (await card.getAttribute('data-code')) ?? '',
        message: ((await card.locator(SELECTORS.reason).textContent()) ?? '').trim(),
        title: ((await card.locator('.placeholder-title').textContent()) ?? '').trim(),
      };
    },
    async session() {
      await mustBeOpen();
      const src = await frameElement().getAttribute('src', { timeout: timeoutMs });
      const token = new URL(src ?? '', base).searchParams.get('service_token') ?? '';
      return { token, claims: JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) };
    },
    async expireSession() {
      const { claims } = await host.session();
      const clock = await control<{ nowMs: number }>(base, '/clock');
      const seconds = Math.max(1, Math.ceil((claims.exp * 1000 - clock.nowMs) / 1000) + 1);
      await control(base, '/clock/advance', { by: `${seconds}s` });
      await page
        .locator(SELECTORS.expired)
        .waitFor({ state: 'visible', timeout: timeoutMs })
        .catch(async () => {
          throw await failure('the host did not show the expired session');
        });
    },
    async reopen(next = {}) {
      choice = { ...choice, ...next };
      const since = log.messages.total;
      // The add-on's page, as this session: not one of the shell's pages that the add-on or a test
      // moved to, nor the user the page's switchers chose.
      await page.evaluate(() => history.replaceState(null, '', location.pathname));
      await page.goto(pageUrl());
      await open(since);
    },
    tokenFindings: () => tokens.findings(page),
    redactTokens: (text) => tokens.redact(text),
    async screenshot(path) {
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      // The page's last bridge report reaches the emulator before the page goes: a test that closes
      // its emulator next still has it counted (its pagehide report could arrive after).
      await page
        .evaluate(
          (name) => (window as unknown as Record<string, (() => Promise<void>) | undefined>)[name]?.(),
          FLUSH_COVERAGE,
        )
        .catch(() => {});
      // Each even when one before it throws (a crashed browser's context): no browser is left running.
      await everyStep([() => context.close(), () => (owned ? browser.close() : undefined), () => coverage?.close()]);
    },
  };

  try {
    // The host page takes the width from its address (host-ui/src/frame-width.ts), for this page only.
    await page.goto(pageUrl());
    const opened = await open(0);
    const px = framePixels(width);
    if (px !== null && opened && options.waitForReady !== false) {
      // The add-on's window is resized in its own process: wait until it has the width.
      const frame = await host.addonFrame();
      await frame.waitForFunction((expected) => window.innerWidth === expected, px, { timeout: timeoutMs });
    }
    return host;
  } catch (error) {
    await host.close();
    throw error;
  }
}

/** The emulator's status, after making sure an emulator answered. */
async function statusOf(base: string): Promise<EmulatorStatus> {
  const response = await fetch(`${base}${CONTROL_PREFIX}/status`).catch(() => null);
  if (!response?.headers.has(EMULATOR_HEADER))
    throw new UserError(`openHostPage: no addon emulator answers at ${base}`);
  return response.json() as Promise<EmulatorStatus>;
}

async function control<T>(base: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${CONTROL_PREFIX}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new UserError(`openHostPage: the emulator refused ${path}: ${answer.message}`);
  return answer as T;
}

/**
 * The host page's policy lets it frame the emulator's add-on alone (emulator/page-policy.ts): another
 * add-on, told to this page only, needs the policy told too. A page a route fulfils has no address
 * Chromium can see, so it counts as a public site, whose frame of a loopback add-on needs the
 * local-network-access permission; a Playwright too old to know it has no such check to pass either.
 * (Routing also turns off the cache, so the page is never answered from it with the old policy.)
 */
async function letFrame(context: BrowserContext, page: Page, pageOrigin: string, addonUrl: string): Promise<void> {
  await context.grantPermissions(['local-network-access']).catch(() => {});
  // The page itself, with or without a query (`?width=`).
  await page.route(
    (url) => url.origin === pageOrigin && url.pathname === '/',
    whileOpen(page, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), ...hostPageHeaders(addonUrl) } });
    }),
  );
}

/**
 * A route's handler that gives up quietly once the page is closed under it: Playwright closes the
 * browser it launched at SIGTERM or SIGINT, and a request in flight then failed as an unhandled
 * rejection that ended the process with a stack (`addon mcp`'s host_page stopped by its client).
 */
const whileOpen =
  (page: Page, handle: (route: Route) => Promise<void>) =>
  (route: Route): Promise<void> =>
    handle(route).catch((error: unknown) => {
      if (!page.isClosed()) throw error;
    });
