import type { FaultRule } from './fault-rule.js';

/** A rule ready to match: its path pattern split once, when it was added. */
export interface RuleEntry {
  rule: FaultRule;
  /** `/invoices/*` as ['', 'invoices', '*']; null for a rule without a path, which matches every path. */
  segments: string[] | null;
  /** It has an outcome (status, rateLimited, ...), not only a latency. */
  givesOutcome: boolean;
}

/** A path as segments, the way patterns are split: `/invoices/inv_1/` as ['', 'invoices', 'inv_1']. */
export const segmentsOf = (path: string): string[] => path.replace(/\/+$/, '').split('/');

/** `*` stands for one segment; segments match whole, and the counts must agree. */
export const matchesPath = (segments: string[] | null, path: string[]): boolean =>
  segments === null || (segments.length === path.length && segments.every((s, i) => s === '*' || s === path[i]));

/**
 * The API rules, by the first segment of the paths they can match (`/customers/...`), each list in
 * the order the rules were added. Every API call is matched against the rules, so a rule for another
 * resource should cost it nothing: a call looks only at the rules naming its first segment and those
 * that can match any (no path, or `/*...`). Lists are made on first use and hold only first segments
 * some rule names, however many paths the calls bring.
 */
export function indexApiRules(entries: readonly RuleEntry[]): (first: string) => readonly RuleEntry[] {
  const named = new Set<string>();
  for (const { segments } of entries) if (segments && segments[1] !== '*') named.add(segments[1] ?? '');
  const lists = new Map<string | null, RuleEntry[]>();
  return (first) => {
    const key = named.has(first) ? first : null;
    let list = lists.get(key);
    if (!list) {
      list = entries.filter(({ segments }) => !segments || segments[1] === '*' || (segments[1] ?? '') === key);
      lists.set(key, list);
    }
    return list;
  };
}
