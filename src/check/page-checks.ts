import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Request, Response } from 'playwright-core';
import type { Emulator } from '../emulator/create-emulator.js';
import { browserFor, type BrowserChoice, type ThirdPartyCookies } from '../testing/host-browser.js';
import { openHostPage, type HostPage } from '../testing/host-page.js';
import { withinTime } from '../testing/token-watch.js';
import { FRAME_EVENTS_REPORTED, MAX_SHOWN_CHARS } from '../common/limits.js';
import { bridgeVerdict } from './bridge-verdict.js';
import { idsOf } from './check-list.js';
import type { CheckResult } from './check-result.js';
import { errorsSeen, listedOf, postsSeen, type Seen } from './frame-seen.js';
import { watchAddonFrame, type FrameEvent, type FrameWatchOptions } from './frame-watch.js';
import { cookieSet, cookiesWritten, thirdPartyVerdict, type CookieSet } from './third-party-verdict.js';
import { tokenVerdicts } from './token-verdicts.js';
import { fail, pass, resultOf, skip, warn, type Verdict } from './verdict.js';

export interface PageCheckOptions {
  addonUrl: string;
  browser?: BrowserChoice;
  /** Third-party cookies in the add-on's frame: blocked by default, as Safari blocks them. */
  thirdPartyCookies?: ThirdPartyCookies;
  /** How long the add-on is watched after each load (real time: it is a browser's), default 1.5 s. */
  watchMs?: number;
}

const READY_WITHIN_MS = 5000;
/** How many retries of a call that failed with a 500 are "a few"; more is a retry loop. */
const FEW_RETRIES = 3;
const BINDING = '__addonCheckFrame';
/** How often the frame reports its counts of what it did not report one by one (frame-watch.ts). */
const COUNTS_EVERY_MS = 250;
/**
 * After the first load's watch, the reports are let settle before the load is judged: until neither
 * the frame nor the host has told anything new for two of the frame's report intervals, at most this
 * long. A flood still running when the watch ends (on a busy machine, 20,000 posts can take seconds)
 * is otherwise judged by its first hundred messages, which are no flood.
 */
const SETTLE_MAX_MS = 5000;

/** One API call the add-on's frame made, and what came back. */
interface ApiCall {
  key: string;
  status: number | null;
}

/**
 * The page checks (docs/check.md#page): the add-on opened in the host page, headless, as a user
 * would; its frame watched while it loads normally, then again with the API answering 500, 429 and
 * 401 in turn (fault rules), and axe-core run inside it.
 */
export async function pageChecks(emulator: Emulator, options: PageCheckOptions): Promise<CheckResult[]> {
  let browser;
  try {
    browser = await browserFor(options.browser);
  } catch (error) {
    // No Chromium, no playwright-core, or a Chromium that will not start here: the machine's to fix,
    // and no verdict on the add-on.
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    return idsOf('page').map((id) => resultOf(id, skip(`no browser to open the host page: ${reason}`)));
  }
  try {
    return await inBrowser(emulator, options, browser.browser);
  } finally {
    if (browser.owned) await browser.browser.close();
  }
}

async function inBrowser(
  emulator: Emulator,
  options: PageCheckOptions,
  browser: BrowserChoice,
): Promise<CheckResult[]> {
  const watchMs = options.watchMs ?? 1500;
  const origin = new URL(options.addonUrl).origin;
  const events: Seen[] = [];
  const calls: ApiCall[] = [];
  /** What the first load's frame did with cookies, and how its own origin answered it (page.third-party-context). */
  const cookies: CookieSet[] = [];
  const ownAnswers: number[] = [];
  let firstLoad = true;
  let frameRequestedAt = 0;
  const prepare = async (context: BrowserContext) => {
    await context.exposeBinding(
      BINDING,
      (_source, event: FrameEvent) => void events.push({ ...event, at: performance.now() }),
    );
    const watching: FrameWatchOptions = {
      binding: BINDING,
      origin,
      reported: FRAME_EVENTS_REPORTED,
      shown: MAX_SHOWN_CHARS,
      everyMs: COUNTS_EVERY_MS,
    };
    await context.addInitScript(watchAddonFrame, watching);
    context.on('request', (request: Request) => {
      if (!fromFrame(request)) return;
      if (request.isNavigationRequest() && request.url().startsWith(origin)) frameRequestedAt = performance.now();
      if (request.url().startsWith(emulator.apiUrl))
        calls.push({ key: `${request.method()} ${request.url().slice(emulator.apiUrl.length)}`, status: null });
    });
    context.on('response', (response: Response) => {
      const request = response.request();
      if (firstLoad && fromFrame(request)) {
        void response.headerValues('set-cookie').then(
          (values) => cookies.push(...values.flatMap((value) => cookieSet(value, 'a response'))),
          () => {},
        );
        if (request.url().startsWith(origin) && !request.isNavigationRequest()) ownAnswers.push(response.status());
      }
      const call = calls.findLast(
        (c) =>
          c.status === null &&
          `${response.request().method()} ${response.url().slice(emulator.apiUrl.length)}` === c.key,
      );
      if (call) call.status = response.status();
    });
  };
  const watch = () => new Promise((resolve) => setTimeout(resolve, watchMs));
  const results: CheckResult[] = [];
  const thirdPartyCookies = options.thirdPartyCookies ?? 'blocked';
  const host = await openHostPage(emulator, {
    addonUrl: options.addonUrl,
    browser,
    waitForReady: false,
    prepare,
    thirdPartyCookies,
  });
  try {
    results.push(resultOf('page.ready', await readyVerdict(events, () => frameRequestedAt)));
    await watch();
    await settled(() => `${events.length} ${host.messages.count()} ${host.messages.dropped().overRate}`);
    const loadCalls = calls.length;
    results.push(resultOf('page.errors', errorsVerdict(events)));
    results.push(resultOf('page.target-origin', originVerdict(events)));
    results.push(resultOf('page.bridge-limits', bridgeVerdict(events, host.messages)));
    results.push(...(await accessibility(host)));
    // The token's whereabouts after the first load, and what of the frame's cookies the browser kept.
    const firstFindings = await host.tokenFindings();
    firstLoad = false;
    const storage = await storageWritten(host);
    let reopened = false;
    const faulted = async (
      id: string,
      rule: Parameters<Emulator['faults']['add']>[0],
      judgeIt: (seen: ApiCall[], exceptions: string[]) => Verdict,
    ) => {
      if (!loadCalls) return resultOf(id, skip('the add-on made no API call on load, so none could fail'));
      const added = emulator.faults.add(rule);
      const [callsFrom, eventsFrom] = [calls.length, events.length];
      reopened = true;
      try {
        await host.reopen();
        await watch();
      } finally {
        emulator.faults.clear(added.id);
      }
      return resultOf(id, judgeIt(calls.slice(callsFrom), errorsSeen(events.slice(eventsFrom), ['exception'])));
    };
    results.push(await faulted('page.server-error', { status: 500 }, serverErrorVerdict));
    results.push(await faulted('page.rate-limit', { rateLimited: true }, rateLimitVerdict));
    results.push(await faulted('page.expired-session', { expiredToken: true }, expiredVerdict));
    const ready = readyIn(events) !== undefined;
    results.push(
      resultOf(
        'page.third-party-context',
        thirdPartyVerdict({
          thirdPartyCookies,
          set: [...cookies, ...cookiesWritten(events)],
          ownAnswers,
          ready,
          storage,
        }),
      ),
    );
    // Again after a reopening (a reload), which the faulted checks made unless the add-on called no API.
    if (!reopened) {
      await host.reopen();
      await watch();
    }
    results.push(...tokenVerdicts([...firstFindings, ...(await host.tokenFindings())]));
  } finally {
    await host.close();
  }
  // What the page said (an exception's message, a console error) may quote its token: never whole in a report.
  return results.map((result) => ({ ...result, evidence: result.evidence.map(host.redactTokens) }));
}

/**
 * Resolves once `state` (what has been reported so far) has not changed for two of the frame's report
 * intervals, or after SETTLE_MAX_MS. Real time: the reports come from a browser working in real time.
 */
async function settled(state: () => string): Promise<void> {
  const deadline = performance.now() + SETTLE_MAX_MS;
  let last = state();
  let stillSince = performance.now();
  while (performance.now() < deadline && performance.now() - stillSince < 2 * COUNTS_EVERY_MS) {
    await new Promise((resolve) => setTimeout(resolve, COUNTS_EVERY_MS / 5));
    const now = state();
    if (now !== last) [last, stillSince] = [now, performance.now()];
  }
}

/** A request of the add-on's frame (any frame below the host page), not of the host page itself. */
const fromFrame = (request: Request): boolean => {
  try {
    return request.frame().parentFrame() !== null;
  } catch {
    // A service worker's request has no frame.
    return false;
  }
};

async function readyVerdict(events: Seen[], requestedAt: () => number): Promise<Verdict> {
  const deadline = performance.now() + READY_WITHIN_MS;
  let ready: Seen | undefined;
  while (!(ready = readyIn(events)) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 25));
  if (!ready) return fail(`no service:ready within ${READY_WITHIN_MS / 1000} s of the add-on's page being requested`);
  const ms = Math.max(0, Math.round(ready.at - requestedAt()));
  return ms <= READY_WITHIN_MS
    ? pass(`service:ready ${ms} ms after the page was requested`)
    : fail(`service:ready only after ${ms} ms`);
}

/** The add-on's service:ready: reported one by one, or, after a flood of others, only counted. */
const readyIn = (events: Seen[]): Seen | undefined =>
  events.find(
    (e) =>
      (e.kind === 'post' && e.type === 'service:ready') ||
      (e.kind === 'counts' && e.counted.some((row) => row.kind === 'post' && row.type === 'service:ready')),
  );

function errorsVerdict(events: Seen[]): Verdict {
  const errors = errorsSeen(events, ['exception', 'console']);
  return errors.length ? fail(...errors) : pass('no uncaught exception and no console error while loading');
}

function originVerdict(events: Seen[]): Verdict {
  const posts = postsSeen(events);
  if (!posts.count) return skip('no message to the host was seen through window.parent (window.top cannot be watched)');
  const origins = listedOf([...new Set(posts.rows.map((row) => row.targetOrigin))], undefined, 'target origins');
  const said = `${posts.count} message(s) to the host; targetOrigin ${origins.join(', ')}`;
  const star = [...new Set(posts.rows.filter((row) => row.targetOrigin === '*').map((row) => row.type || '(no type)'))];
  return star.length
    ? warn(
        said,
        `${listedOf(star, undefined, 'types').join(', ')} posted to "*": any page framing the add-on reads them`,
      )
    : pass(said);
}

/** Calls of the same method and path made again after one was refused with `status`. */
function retriesAfter(calls: ApiCall[], status: number): { retries: number; first: ApiCall | undefined } {
  const refused = new Set<string>();
  let retries = 0;
  for (const call of calls) {
    if (refused.has(call.key)) retries++;
    if (call.status === status) refused.add(call.key);
  }
  return { retries, first: calls.find((c) => c.status === status) };
}

const listCalls = (calls: ApiCall[]) =>
  `calls: ${
    calls
      .map((c) => `${c.key} → ${c.status ?? '…'}`)
      .slice(0, 6)
      .join(', ') || 'none'
  }${calls.length > 6 ? ` … ${calls.length} in all` : ''}`;

function serverErrorVerdict(calls: ApiCall[], exceptions: string[]): Verdict {
  const { retries } = retriesAfter(calls, 500);
  const evidence = [
    'every API call answered 500 (a fault rule), the add-on reopened',
    listCalls(calls),
    `retries of a failed call: ${retries}`,
  ];
  if (exceptions.length) return fail(...evidence, ...exceptions);
  return retries > FEW_RETRIES ? fail(...evidence, `more than ${FEW_RETRIES}: a retry loop`) : pass(...evidence);
}

function rateLimitVerdict(calls: ApiCall[], exceptions: string[]): Verdict {
  const { retries } = retriesAfter(calls, 429);
  const evidence = [
    'every API call answered 429 with Retry-After (a fault rule), the add-on reopened',
    listCalls(calls),
  ];
  if (exceptions.length) return fail(...evidence, ...exceptions);
  return retries
    ? fail(...evidence, `${retries} call(s) repeated within the watch, long before Retry-After`)
    : pass(...evidence, 'no call repeated before Retry-After');
}

function expiredVerdict(calls: ApiCall[], exceptions: string[]): Verdict {
  const unauthorized = calls.filter((c) => c.status === 401).length;
  const evidence = [
    'every API call answered 401 token_expired (a fault rule), the add-on reopened',
    listCalls(calls),
    `401s: ${unauthorized}`,
  ];
  if (exceptions.length) return fail(...evidence, ...exceptions);
  return unauthorized > FEW_RETRIES
    ? fail(...evidence, 'a storm of 401s: only a new session helps')
    : pass(...evidence);
}

/** What the add-on's frame wrote in its storage, in words: a third-party frame's storage is partitioned. */
async function storageWritten(host: HostPage): Promise<string[]> {
  const frame = await host.addonFrame().catch(() => null);
  if (!frame) return [];
  const written = await withinTime(
    frame.evaluate(async () => {
      const areas = (['localStorage', 'sessionStorage'] as const).flatMap((area) => {
        try {
          const count = window[area].length;
          return count ? [`${area} (${count} key${count === 1 ? '' : 's'})`] : [];
        } catch {
          return [];
        }
      });
      const databases = await indexedDB.databases().catch(() => []);
      return [
        ...areas,
        ...(databases.length ? [`IndexedDB (${databases.length} database${databases.length === 1 ? '' : 's'})`] : []),
      ];
    }),
  );
  return written ?? [];
}

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
}

/** axe-core (WCAG 2 A and AA) inside the add-on's frame: a warning per rule it finds broken. */
async function accessibility(host: HostPage): Promise<CheckResult[]> {
  let source: string;
  try {
    source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  } catch {
    return [resultOf('page.accessibility', skip('axe-core is not installed'))];
  }
  const frame = await host.addonFrame();
  // Evaluated through the browser's debugging protocol: the add-on's Content-Security-Policy does not apply.
  await frame.evaluate(`${source}\n;undefined`);
  const result = (await frame.evaluate(
    "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] })",
  )) as AxeResult;
  if (!result.violations.length) return [resultOf('page.accessibility', pass('axe-core: no WCAG 2 A/AA violation'))];
  return result.violations.map((v) =>
    resultOf(
      'page.accessibility',
      warn(
        `${v.help} (${v.impact ?? 'no impact given'})`,
        ...v.nodes.slice(0, 3).map((n) => `at ${n.target.join(' ')}`),
      ),
      0,
      v.id,
    ),
  );
}
