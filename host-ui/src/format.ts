// Display formats shared by the panels. Times are the emulator's (emulated, UTC), so they are shown
// in UTC too: the local zone would disagree with the CLI and the audit log.

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2026-11-22T00:21:10.490Z` -> `00:21:10`. */
export function timeOfDay(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** `2026-11-22 00:21:10 UTC`. */
export function dateTime(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${timeOfDay(iso)} UTC`;
}

/** A remaining lifetime: `59:12`, or `1:02:03` from an hour up. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** A clock offset for people: `0s`, `1h 30m`, `2d 3h`. */
export function span(ms: number): string {
  let seconds = Math.round(ms / 1000);
  if (seconds <= 0) return '0s';
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    const count = Math.floor(seconds / size);
    if (count > 0) parts.push(`${count}${unit}`);
    seconds -= count * size;
  }
  return parts.slice(0, 2).join(' ');
}

/**
 * The currency of an organization's records that name none: the emulated organizations keep their
 * books in US dollars, the default of every resource's `currency` field (src/domain/resources/).
 */
export const DEFAULT_CURRENCY = 'USD';

/** The page's language (`navigator.language`); none outside a browser, where Intl takes its own. */
const readerLocale = (): string | undefined => (typeof navigator === 'undefined' ? undefined : navigator.language);

/**
 * An amount in a currency, as the reader's locale writes it: `$1,234.50`, `€1,234.50`, `1.234,50 €`.
 * A code `Intl` refuses (a record's own text, however it is malformed) shows the number and the code
 * (`1,234.50 ABCD`); a locale it refuses falls back to en-US, so this never throws.
 */
export function money(amount: number, currency: unknown = DEFAULT_CURRENCY, locale = readerLocale()): string {
  const code = typeof currency === 'string' && currency !== '' ? currency : DEFAULT_CURRENCY;
  const format = (options: Intl.NumberFormatOptions) => {
    try {
      return new Intl.NumberFormat(locale, options).format(amount);
    } catch {
      return new Intl.NumberFormat('en-US', options).format(amount);
    }
  };
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
  } catch {
    return `${format({ minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${code}`;
  }
  return format({ style: 'currency', currency: code });
}

/**
 * An id short enough for a table's column, its prefix and both ends kept: `inv_3f9a…c1d2` (the whole
 * id is a copy button away). Short ids stay whole.
 */
export function shortId(id: string): string {
  const body = id.indexOf('_') + 1;
  return id.length - body <= 10 ? id : `${id.slice(0, body + 4)}…${id.slice(-4)}`;
}

export { tokenPreview } from '../../src/bridge/host-intake.js';

export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A delivery's body is stored as the exact text sent; indent it when it is JSON. */
export function prettyJsonText(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** `customers` -> `Customers`. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
