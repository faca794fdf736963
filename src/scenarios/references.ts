import { parseDuration } from '../common/duration.js';
import { UserError } from '../common/errors.js';

/**
 * `${name.field.path}` in a scenario's values: a record an earlier step named with `as`, or the
 * emulated time, `${today}`, `${today-30d}`, `${now}`, `${now+1h}`. A value that is one reference
 * alone takes the referred value as it is (a number stays a number); inside a longer string, its text.
 */
const REFERENCE = /\$\{([^}]*)\}/g;
const WHOLE = /^\$\{([^}]*)\}$/;
const TIME = /^(today|now)(?:([+-])(.+))?$/;

export type Reference = { time: 'today' | 'now'; offsetMs: number } | { name: string; path: string[] };

/** Parses the text between `${` and `}`; throws a message for one that is not a reference. */
export function parseReference(expression: string): Reference {
  const time = TIME.exec(expression);
  if (time) {
    const sign = time[2] === '-' ? -1 : 1;
    return { time: time[1] as 'today' | 'now', offsetMs: time[3] ? sign * parseDuration(time[3]) : 0 };
  }
  const [name, ...path] = expression.split('.');
  if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(name) || path.some((part) => part === ''))
    throw new UserError(
      `\${${expression}} is not a reference: use \${name.field}, \${today}, \${today-30d} or \${now}`,
    );
  return { name, path };
}

/** Every reference written anywhere in `value`, with where it stands (a JSON pointer). */
export function referencesIn(value: unknown, at = ''): Array<{ expression: string; at: string }> {
  if (typeof value === 'string') return [...value.matchAll(REFERENCE)].map((m) => ({ expression: m[1], at }));
  if (Array.isArray(value)) return value.flatMap((item, i) => referencesIn(item, `${at}/${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => referencesIn(item, `${at}/${key}`));
  return [];
}

/** How many references `value` holds, counted no further than `atMost + 1` (the value is checked first). */
export function countReferences(value: unknown, atMost: number): number {
  let count = 0;
  const visit = (item: unknown): void => {
    if (count > atMost) return;
    if (typeof item === 'string') for (const _ of item.matchAll(REFERENCE)) if (++count > atMost) return;
    if (item && typeof item === 'object') for (const child of Object.values(item)) visit(child);
  };
  visit(value);
  return count;
}

/** `value` with each reference replaced by what `lookup` gives for it. */
export function resolveReferences(
  value: unknown,
  lookup: (reference: Reference, expression: string, whole: boolean) => unknown,
): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return lookup(parseReference(whole[1]), whole[1], true);
    return value.replace(REFERENCE, (_, expression: string) =>
      String(lookup(parseReference(expression), expression, false)),
    );
  }
  if (Array.isArray(value)) return value.map((item) => resolveReferences(item, lookup));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveReferences(item, lookup)]));
  return value;
}

/**
 * The value at `path` in a record; undefined when there is none. Only the record's own fields count:
 * `${acme.constructor}` names nothing, not the function every object inherits.
 */
export function valueAt(record: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (value, key) =>
      value && typeof value === 'object' && Object.hasOwn(value, key)
        ? (value as Record<string, unknown>)[key]
        : undefined,
    record,
  );
}

/** The emulated time a time reference stands for: ISO 8601 for `now`, YYYY-MM-DD for `today`. */
export function timeOf(reference: { time: 'today' | 'now'; offsetMs: number }, nowMs: number): string {
  const iso = new Date(nowMs + reference.offsetMs).toISOString();
  return reference.time === 'today' ? iso.slice(0, 10) : iso;
}
