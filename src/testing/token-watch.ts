import type { BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';
import {
  MAX_TOKEN_SCAN_CHARS,
  MAX_TOKEN_SCAN_ITEMS,
  MAX_TOKEN_SCAN_TOTAL_CHARS,
  MAX_TOKEN_SENT_CHARS,
  TOKEN_SCAN_MS,
  TOKEN_WATCH_KEEP,
} from '../common/limits.js';
import { scanFrame } from './frame-token-scan.js';
import { redactTokens, tokenMarks } from './token-marks.js';

/**
 * Spec 5.1, "Tokens are not to be shown to end users or stored", judged in a real browser: where the
 * add-on's frames put the session tokens the host gave them. Each finding names one of four rules:
 *  - `stored`: in local or session storage, IndexedDB, Cache Storage, or a cookie, of any origin;
 *  - `shown`: in a page's title, visible text, attribute values or form fields, or a console message;
 *  - `sent`: in a request to an origin other than the API's and the add-on's own (its address, a
 *    header, its body), or in a `Referer` sent anywhere;
 *  - `in-url`: still in a frame's address once the page has said ready.
 * Keeping the token in memory (a variable) is what the spec asks, and is no finding.
 */
export interface TokenFinding {
  rule: 'stored' | 'shown' | 'sent' | 'in-url';
  /** Where, in words that never hold the token. */
  where: string;
}

export interface TokenWatch {
  /** `text` with every token the frames were given shown as its first characters, never whole (a report quotes what a page said). */
  redact(text: string): string;
  /**
   * What the frames did with the tokens so far: what they sent and logged since the page opened, and
   * what their storage and pages hold now. Call it once the add-on has said ready (its address may
   * hold the token until then), and again after a reopening.
   */
  findings(page: Page): Promise<TokenFinding[]>;
}

/** A request of the add-on's frames, as kept: bounded, whatever the page sends. */
interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface TokenWatchOptions {
  /** The host page's origin: its own requests and messages are not the add-on's. */
  hostOrigin: string;
  /** Where the API is (`…/api/addon/v1`) and the add-on's origin: the token may go to these. */
  apiUrl: string;
  addonOrigin: string;
}

/** Watches `context` from before the host page opens, for the tokens its add-on frames are given. */
export function watchTokens(context: BrowserContext, options: TokenWatchOptions): TokenWatch {
  const tokens = new Set<string>();
  const sent: SentRequest[] = [];
  const logged: Array<{ origin: string; text: string }> = [];

  context.on('request', (request: Request) => {
    const frame = frameOf(request);
    if (frame === 'host') return;
    // Each time the host opens the add-on, its frame loads the add-on with a new token in its address.
    if (request.isNavigationRequest()) {
      const token = new URL(request.url()).searchParams.get('service_token');
      if (token) tokens.add(token);
    }
    if (sent.length >= TOKEN_WATCH_KEEP) return;
    const body = request.postDataBuffer()?.subarray(0, MAX_TOKEN_SENT_CHARS).toString('latin1') ?? '';
    sent.push({ method: request.method(), url: request.url(), headers: request.headers(), body });
  });
  context.on('console', (message: ConsoleMessage) => {
    const origin = originOf(message.location().url);
    if (origin === options.hostOrigin || logged.length >= TOKEN_WATCH_KEEP) return;
    logged.push({ origin: origin ?? 'a frame', text: message.text().slice(0, MAX_TOKEN_SENT_CHARS) });
  });

  return {
    redact: (text) => redactTokens(text, tokens),
    async findings(page) {
      const marks = tokenMarks(tokens);
      if (!marks.length) return [];
      const holds = (text: string | undefined) => !!text && marks.some((mark) => text.includes(mark));
      const found: TokenFinding[] = [
        ...sent.flatMap((request) => sentFindings(request, holds, options)),
        ...logged.flatMap(({ origin, text }) =>
          holds(text) ? [{ rule: 'shown' as const, where: `a console message of ${origin}` }] : [],
        ),
        ...(await frameFindings(page, marks, holds)),
        ...(await context.cookies()).flatMap((cookie) =>
          holds(cookie.name) || holds(cookie.value)
            ? [
                {
                  rule: 'stored' as const,
                  where: `a cookie of ${cookie.domain}${cookie.partitionKey ? ' (partitioned)' : ''}`,
                },
              ]
            : [],
        ),
      ];
      return unique(found);
    },
  };
}

/** Where a request of the add-on's frames carried the token: anywhere in a Referer, anything elsewhere but to the API and the add-on. */
function sentFindings(
  { method, url, headers, body }: SentRequest,
  holds: (text: string | undefined) => boolean,
  { apiUrl, addonOrigin }: TokenWatchOptions,
): TokenFinding[] {
  const to = originOf(url) ?? 'an address';
  const found: TokenFinding[] = [];
  if (holds(headers.referer)) found.push({ rule: 'sent', where: `the Referer of a ${method} to ${to}` });
  if (url.startsWith(`${apiUrl}/`) || url === apiUrl || to === addonOrigin) return found;
  if (holds(url)) found.push({ rule: 'sent', where: `the address of a ${method} to ${to}` });
  for (const [name, value] of Object.entries(headers))
    if (name !== 'referer' && holds(value))
      found.push({ rule: 'sent', where: `the ${name} header of a ${method} to ${to}` });
  if (holds(body)) found.push({ rule: 'sent', where: `the body of a ${method} to ${to}` });
  return found;
}

/** What each of the add-on's frames holds now: its address, its storage, its page. */
async function frameFindings(
  page: Page,
  marks: string[],
  holds: (text: string | undefined) => boolean,
): Promise<TokenFinding[]> {
  const found: TokenFinding[] = [];
  for (const frame of page.frames()) {
    if (frame === page.mainFrame() || frame.isDetached()) continue;
    const origin = originOf(frame.url()) ?? 'a frame';
    if (holds(frame.url()) || new URL(frame.url()).searchParams.has('service_token'))
      found.push({ rule: 'in-url', where: `the address of the frame at ${origin}` });
    const scan = await withinTime(
      frame.evaluate(scanFrame, {
        marks,
        maxChars: MAX_TOKEN_SCAN_CHARS,
        maxTotalChars: MAX_TOKEN_SCAN_TOTAL_CHARS,
        maxItems: MAX_TOKEN_SCAN_ITEMS,
      }),
    );
    if (!scan) continue;
    found.push(...scan.stored.map((where) => ({ rule: 'stored' as const, where: `${where} of ${origin}` })));
    found.push(...scan.shown.map((where) => ({ rule: 'shown' as const, where: `${where} of ${origin}` })));
  }
  return found;
}

/**
 * What a frame's script answers, or null when it does not within TOKEN_SCAN_MS (a page that never
 * yields) or the frame goes: a hostile page must not hold up the judge.
 */
export const withinTime = <T>(answer: Promise<T>): Promise<T | null> =>
  Promise.race([
    answer.catch(() => null),
    new Promise<null>((resolve) => setTimeout(resolve, TOKEN_SCAN_MS, null).unref()),
  ]);

/** Whose a request is: the host page's own, or the add-on's (its frames, and a worker of theirs). */
function frameOf(request: Request): 'host' | 'addon' {
  try {
    return request.frame().parentFrame() === null ? 'host' : 'addon';
  } catch {
    return 'addon'; // a service worker's request has no frame: the host page has none
  }
}

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

const unique = (findings: TokenFinding[]): TokenFinding[] => {
  const seen = new Set<string>();
  return findings.filter(({ rule, where }) => !seen.has(`${rule} ${where}`) && seen.add(`${rule} ${where}`));
};
