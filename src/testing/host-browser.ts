import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { UserError } from '../common/errors.js';

/**
 * The browser `openHostPage()` drives: a Playwright Browser the caller launched (shared between
 * tests, the fastest), a Chromium executable, or, when neither is given, the first of: the system
 * Chromium, the one shipped inside the `@sparticuz/chromium` npm package.
 */
export type BrowserChoice = Browser | { executablePath: string };

/** Where a system Chromium is looked for: `CHROMIUM_PATH`, then the usual Linux and macOS paths. */
export const SYSTEM_CHROMIUMS = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
].filter((path): path is string => Boolean(path));

/**
 * Headless, with no network beyond what the page asks for and nothing that phones home. Not
 * @sparticuz/chromium's own `args`: those are tuned for AWS Lambda and turn off web security and site
 * isolation, under which the host page's origin checks would not be what they are in a browser.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // Chromium 150's tracking protection denies a third-party frame all its storage with its cookies, as
  // Chrome does for the users who block third-party cookies, while Chromium 147 partitions it: one
  // model for every Chromium, Safari's and Firefox's, whose third-party frames keep partitioned storage
  // while their cookies are blocked (blockThirdPartyCookies). docs/host-page.md says so.
  '--disable-features=TrackingProtection3pcd',
];

/** playwright-core, an optional peer dependency: a one-line error when it is not installed. */
export async function playwright(): Promise<typeof import('playwright-core')> {
  try {
    return await import('playwright-core');
  } catch {
    throw new UserError('openHostPage needs playwright-core: npm install --save-dev playwright-core');
  }
}

/** A Chromium to launch: a system one, else the npm-shipped one (where to look is a parameter for tests). */
export async function findChromium(
  systemPaths: readonly string[] = SYSTEM_CHROMIUMS,
  shipped: () => Promise<{ default: { executablePath(): Promise<string> } }> = () => import('@sparticuz/chromium'),
): Promise<string> {
  const system = systemPaths.find((path) => existsSync(path));
  if (system) return system;
  try {
    return await (await shipped()).default.executablePath();
  } catch {
    throw new UserError(
      'openHostPage found no Chromium: install one (Debian: apt install chromium; or set CHROMIUM_PATH), ' +
        'add the npm package @sparticuz/chromium@153.0.0, or pass { browser: { executablePath } }',
    );
  }
}

/** A browser to open pages in, and whether closing the host page should close it too. */
export async function browserFor(choice?: BrowserChoice): Promise<{ browser: Browser; owned: boolean }> {
  if (choice && 'newContext' in choice) return { browser: choice, owned: false };
  const executablePath = choice?.executablePath ?? (await findChromium());
  const { chromium } = await playwright();
  const launch = () => chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  // A Chromium that dies as it starts (seen once in a few thousand launches on a loaded 2-core
  // machine: SIGSEGV before it answered) is started once more; a second death is said as it is.
  const browser = await launch().catch((error: unknown) => (diedStarting(error) ? launch() : Promise.reject(error)));
  return { browser, owned: true };
}

/** Whether a launch failed because the browser's process ended under it, not for a reason a retry would meet again. */
const diedStarting = (error: unknown): boolean =>
  error instanceof Error && /process did exit: exitCode=\S+, signal=SIG/.test(error.message);

/**
 * Third-party cookies in a page's frames: `blocked` as Safari blocks them for every user (and Chrome
 * for those who chose so, Firefox in its strict mode), or `allowed` as Chrome's default lets them.
 */
export type ThirdPartyCookies = 'blocked' | 'allowed';

/**
 * Blocks third-party cookies in `page`'s frames: a cookie set or sent from a frame of another site
 * than the page's is dropped, unless it is partitioned (CHIPS), as a strict production browser does.
 * Chromium's own control (the DevTools protocol's Network.setCookieControls, Chromium 131 and later),
 * which holds while the session that set it is attached: for the page's life.
 */
export async function blockThirdPartyCookies(context: BrowserContext, page: Page): Promise<void> {
  const session = await context.newCDPSession(page);
  try {
    await session.send('Network.enable');
    // Chromium 131-14x takes the grants' and heuristics' switches too (off, as Safari has neither), and
    // refuses the call without them; a protocol that dropped them takes the restriction alone.
    const strict = { enableThirdPartyCookieRestriction: true };
    const withSwitches = { ...strict, disableThirdPartyCookieMetadata: true, disableThirdPartyCookieHeuristics: true };
    await session
      .send('Network.setCookieControls', withSwitches as typeof strict)
      .catch(() => session.send('Network.setCookieControls', strict));
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new UserError(
      `this Chromium cannot block third-party cookies (${reason}): use Chromium 131 or later, or pass { thirdPartyCookies: 'allowed' }`,
    );
  }
}
