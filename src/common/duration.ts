import { UserError } from './errors.js';

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The longest duration the emulator takes anywhere: 100 years, as far as its clock may run ahead. */
export const MAX_DURATION_MS = 36_500 * UNITS.d;

const TOO_SHORT = 'must be at least 1ms';

/** One or more `<number><unit>`, no spaces: `90s`, `1h30m`, `1.5h`. */
const FORM = /^(\d+(\.\d+)?(ms|s|m|h|d))+$/;

/**
 * What is wrong with a text of a duration's form (or a bare number), said after its name (`has no
 * unit: ...`); undefined for one the kit takes, and for a text of another form altogether, which
 * its reader says it does not take. A bare number is refused rather than read in a unit of our choosing:
 * `5` is 5 ms to one reader, 5 s or 5 min to another. Zero is refused too: moving the clock, timing
 * out, holding a delivery or living for no time at all is a slip, never what was meant.
 */
export function durationProblem(text: string): string | undefined {
  const input = String(text).trim();
  const bare = /^\d+(\.\d+)?$/.test(input);
  if (!bare && !FORM.test(input)) return undefined;
  const ms = bare ? Number(input) : toMilliseconds(input);
  if (ms < 1) return TOO_SHORT;
  if (bare) return `has no unit: write ${input}s, ${input}m, ${input}h or ${input}d`;
  if (ms > MAX_DURATION_MS) return 'is longer than 100 years (36500d)';
  return undefined;
}

/**
 * Parses `90s`, `5m`, `1h`, `1h30m` or `2d` into milliseconds, at least 1 and at most
 * MAX_DURATION_MS: a longer one is a typo, and would put dates out of the range of `Date`.
 */
export function parseDuration(text: string): number {
  const input = String(text).trim();
  const problem = durationProblem(input);
  if (problem) throw new UserError(`duration "${text}" ${problem}`);
  if (!FORM.test(input)) throw new UserError(`invalid duration "${text}": use forms like 90s, 5m, 1h or 1h30m`);
  return toMilliseconds(input);
}

function toMilliseconds(input: string): number {
  const parts = input.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g);
  return Math.round([...parts].reduce((sum, [, n, unit]) => sum + Number(n) * UNITS[unit], 0));
}
