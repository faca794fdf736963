import type { ThirdPartyCookies } from '../testing/host-browser.js';
import { listedOf, type Seen } from './frame-seen.js';
import { fail, pass, warn, type Verdict } from './verdict.js';

/**
 * page.third-party-context (docs/check.md): in production the add-on's frame is on another site than
 * the service's page, a third-party context, and a strict browser keeps none of its cookies there but
 * partitioned ones. What the frame set, and whether the page still worked without them.
 */

/** A cookie the add-on's frame set: by a response's Set-Cookie, or by a script. */
export interface CookieSet {
  name: string;
  sameSite: 'Lax' | 'Strict' | 'None' | null;
  partitioned: boolean;
  by: 'a response' | 'a script';
}

/** `sid=…; Path=/; SameSite=Lax` as the cookie it sets; nothing for a text that names none. */
export function cookieSet(text: string, by: CookieSet['by']): CookieSet[] {
  const [pair = '', ...attributes] = text.split(';').map((part) => part.trim());
  const name = pair.slice(0, Math.max(0, pair.indexOf('='))).trim();
  if (!name) return [];
  const value = (key: string) =>
    attributes
      .find((a) => a.toLowerCase().startsWith(`${key}=`))
      ?.slice(key.length + 1)
      .toLowerCase();
  const sameSite = { lax: 'Lax', strict: 'Strict', none: 'None' }[value('samesite') ?? ''] as CookieSet['sameSite'];
  return [{ name, sameSite: sameSite ?? null, partitioned: attributes.some((a) => /^partitioned$/i.test(a)), by }];
}

/** The cookies the frame's scripts wrote (frame-watch.ts). */
export const cookiesWritten = (events: Seen[]): CookieSet[] =>
  events.flatMap((event) => (event.kind === 'cookie' ? cookieSet(event.text, 'a script') : []));

/** Why a strict production browser keeps no such cookie in a cross-site frame; null for one it keeps. */
function lostBecause({ sameSite, partitioned }: CookieSet): string | null {
  if (sameSite === 'Lax' || sameSite === 'Strict')
    return `SameSite=${sameSite}: never stored nor sent from a cross-site frame`;
  if (sameSite === null) return 'no SameSite, so Lax: never stored nor sent from a cross-site frame';
  return partitioned ? null : 'a third-party cookie: blocked by Safari, and by Chrome for the users who chose so';
}

export interface ThirdPartySeen {
  thirdPartyCookies: ThirdPartyCookies;
  set: CookieSet[];
  /** How the add-on's own origin answered the frame's requests (not its page's loads). */
  ownAnswers: number[];
  ready: boolean;
  /** What the frame wrote in its storage, in words. */
  storage: string[];
}

/** Its first line of evidence says the mode, which the report's summary line repeats (reports/text.ts). */
export function thirdPartyVerdict({ thirdPartyCookies, set, ownAnswers, ready, storage }: ThirdPartySeen): Verdict {
  const mode =
    thirdPartyCookies === 'blocked'
      ? "third-party cookies blocked in the add-on's frame, as in Safari"
      : "third-party cookies allowed in the add-on's frame (--third-party-cookies allowed)";
  const named = new Map(set.map((cookie) => [cookie.name, cookie]));
  const lost = [...named.values()].flatMap((cookie) => {
    const why = lostBecause(cookie);
    return why ? [`cookie ${JSON.stringify(cookie.name.slice(0, 40))}, set by ${cookie.by}: ${why}`] : [];
  });
  const stored = storage.length
    ? `storage written: ${storage.join(', ')}, partitioned in a third-party frame (not the add-on's own site's)`
    : 'no storage written';
  if (!lost.length) {
    const cookies = named.size
      ? `cookies set from the frame: ${[...named.keys()].join(', ')}, all partitioned (kept)`
      : 'no cookie set from the frame';
    return pass(mode, cookies, stored);
  }
  const refused = ownAnswers.filter((status) => status === 401 || status === 403);
  if (!ready || refused.length)
    return fail(
      mode,
      ...listedOf(lost),
      !ready
        ? 'the page never said service:ready without them'
        : `without them, the add-on's own origin refused ${refused.length} of its requests (${[...new Set(refused)].join(', ')})`,
      stored,
    );
  return warn(mode, ...listedOf(lost), 'the page still worked: if it needs them, it will not in production', stored);
}
