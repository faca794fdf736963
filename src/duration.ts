import { UserError } from './errors.js';

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The longest duration the emulator takes anywhere: 100 years, as far as its clock may run ahead. */
export const MAX_DURATION_MS = 36_500 * UNITS.d;

/**
 * Parses `90s`, `5m`, `1h`, `1h30m`, `2d` or a bare number of seconds into milliseconds, at most
 * MAX_DURATION_MS: a longer one is a typo, and would put dates out of the range of `Date`.
 */
export function parseDuration(text: string): number {
  const ms = toMilliseconds(String(text).trim(), text);
  if (ms > MAX_DURATION_MS) throw new UserError(`duration "${text}" is longer than 100 years (36500d)`);
  return ms;
}

function toMilliseconds(input: string, text: string): number {
  if (/^\d+$/.test(input)) return Number(input) * 1000;
  const parts = [...input.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)];
  const consumed = parts.map((p) => p[0]).join('');
  if (parts.length === 0 || consumed !== input) {
    throw new UserError(`invalid duration "${text}": use forms like 90s, 5m, 1h or 1h30m`);
  }
  return Math.round(parts.reduce((sum, [, n, unit]) => sum + Number(n) * UNITS[unit], 0));
}
