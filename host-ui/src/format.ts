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
