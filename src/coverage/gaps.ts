import type { Dimension } from './coverage-file.js';
import { byEventState, byOperation, byResponse, eventParts, responseParts } from './items.js';

/**
 * What was never met, in sentences a person reads: grouped so that one missing thing is said once
 * ("no test met 429 on any operation", "invoice.overdue never delivered"), not an item a line.
 */

/** Items a sentence names before it says how many more. */
const NAMED = 6;

/** `a, b and c`, or past `named` items, `a, b, c, d, e, f and 12 more`. */
export function listed(items: readonly string[], named = NAMED): string {
  if (items.length <= 1) return items.join('');
  if (items.length > named) return `${items.slice(0, named).join(', ')} and ${items.length - named} more`;
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The gaps of one dimension: `missing` of `surface`, and what was met (an item counted above 0). */
export function gapsOf(dimension: Dimension, surface: readonly string[], met: (item: string) => boolean): string[] {
  const missing = surface.filter((item) => !met(item));
  if (missing.length === 0) return [];
  return GAPS[dimension](missing, surface, met);
}

type Gaps = (missing: string[], surface: readonly string[], met: (item: string) => boolean) => string[];

const GAPS: Readonly<Record<Dimension, Gaps>> = {
  operations: (missing) =>
    grouped(missing, (item) => item.split('/')[1] ?? '').map(
      ([, ops]) => `${listed(ops.sort(byOperation))} never called`,
    ),
  responses: responseGaps,
  events: eventGaps,
  bridge: (missing) =>
    grouped(missing, (item) => item.split(' ')[0]).map(([message, items]) =>
      items.length > 1 && items.every((item) => item !== message)
        ? `${message} ${listed(items.map((item) => item.slice(message.length + 1)))} never sent`
        : `${listed(items)} never sent`,
    ),
  scopes: (missing) => [`${listed(missing)} never used`],
  time: (missing) => {
    const rules = missing.filter((item) => item.startsWith('time rule '));
    return [
      ...missing
        .filter((item) => !item.startsWith('time rule '))
        .map((item) => TIME_WORDS.get(item) ?? `${item}: never`),
      ...(rules.length ? [`${listed(rules, 3)} never fired`] : []),
    ];
  },
};

// Maps: an item is a file's words, and `constructor` must not find Object's.
const TIME_WORDS: ReadonlyMap<string, string> = new Map([
  ['clock advanced', 'the clock never advanced'],
  ['token expired in use', 'no token expired in use'],
]);

/** By response across operations: a status no test met anywhere is one sentence. */
function responseGaps(missing: string[], surface: readonly string[]): string[] {
  const possible = grouped(
    surface.map(responseParts).filter((part) => part.operation !== null),
    (part) => part.response,
  );
  const operationsOf = new Map(possible.map(([response, parts]) => [response, parts.map((part) => part.operation!)]));
  const parts = missing.map(responseParts);
  const refusals = parts.filter((part) => part.operation === null).map((part) => part.response);
  const byStatus = grouped(
    parts.filter((part) => part.operation !== null),
    (part) => part.response,
  ).sort(([a], [b]) => byResponse(a, b));
  const lines = byStatus.map(([response, gaps]) => {
    const never = new Set(gaps.map((gap) => gap.operation!));
    const all = operationsOf.get(response)!;
    const metOn = all.filter((operation) => !never.has(operation)).sort(byOperation);
    if (metOn.length === 0 && all.length > 1) return `no test met ${response} on any operation`;
    // Said by the fewer: the operations it was met on when most lack it.
    if (metOn.length > 0 && metOn.length < never.size)
      return `${response} met only on ${listed(metOn)} (${metOn.length} of ${all.length} operations)`;
    const of = metOn.length ? ` (met on ${metOn.length} of ${all.length})` : '';
    return `${response} never met on ${listed([...never].sort(byOperation))}${of}`;
  });
  if (refusals.length) lines.push(`${listed(refusals.sort(byResponse))} never met`);
  return lines;
}

/** Events no state of which was met are said once; the others by the state they lack. */
function eventGaps(missing: string[], surface: readonly string[], met: (item: string) => boolean): string[] {
  const touched = new Set(surface.filter(met).map((item) => eventParts(item).event));
  const untouched = new Set(surface.map((item) => eventParts(item).event).filter((event) => !touched.has(event)));
  const lines = untouched.size ? [`${listed([...untouched].sort())} never subscribed to nor delivered`] : [];
  const rest = missing.map(eventParts).filter((part) => !untouched.has(part.event));
  for (const [state, parts] of grouped(rest, (part) => part.state).sort(([a], [b]) => byEventState(a, b)))
    lines.push(`${listed(parts.map((part) => part.event).sort())} never ${STATE_WORDS.get(state) ?? state}`);
  return lines;
}

const STATE_WORDS: ReadonlyMap<string, string> = new Map([
  ['subscribed', 'subscribed to'],
  ['delivered', 'delivered'],
  ['answered 2xx', 'answered 2xx'],
  ['retried', 'retried'],
  ['duplicate', 'delivered twice'],
]);

/** Items in groups by `key`, the groups in the order first met. */
function grouped<T>(items: readonly T[], key: (item: T) => string): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return [...groups];
}
