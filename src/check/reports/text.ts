import type { CheckReport, CheckStatus } from '../check-result.js';

/**
 * What the reports share: evidence split into lines, the summary's phrases, and durations. The text
 * a check carries comes partly from the add-on under check (a response body, a header), so each
 * report makes it safe for its own medium; these helpers only shape it.
 */

/** Evidence as lines: one entry may hold a whole response body with newlines of its own. */
export const evidenceLines = (evidence: readonly string[]): string[] =>
  evidence.flatMap((entry) => entry.split(/\r\n|\r|\n/));

/** A duration as the summary says it: `14.2 s`. */
export const seconds = (ms: number): string => `${(Math.max(0, ms) / 1000).toFixed(1)} s`;

/** The part before the first dot of a check's id, as `--only` selects it. */
export const groupOf = (id: string): string => id.split('.', 1)[0];

export interface SummaryPhrase {
  status: CheckStatus;
  count: number;
  text: string;
}

/** `12 passed`, `1 failed`, `2 warnings`, `3 skipped`: always all four, in this order. */
export function summaryPhrases(report: CheckReport): SummaryPhrase[] {
  const { passed, failed, warned, skipped } = report.summary;
  return [
    { status: 'pass', count: passed, text: `${passed} passed` },
    { status: 'fail', count: failed, text: `${failed} failed` },
    { status: 'warn', count: warned, text: `${warned} ${warned === 1 ? 'warning' : 'warnings'}` },
    { status: 'skip', count: skipped, text: `${skipped} skipped` },
  ];
}

export const STRICT_NOTE = 'warnings count as failures (--strict)';

/**
 * What the summary line says of how the run was made: `--strict`, and whether the add-on's frame had
 * its third-party cookies blocked (page.third-party-context's first line of evidence says which).
 */
export function runNotes(report: CheckReport): string[] {
  const frame = report.checks.find(({ id, status }) => id === 'page.third-party-context' && status !== 'skip');
  return [...(report.strict ? [STRICT_NOTE] : []), ...(frame?.evidence[0] ? [frame.evidence[0]] : [])];
}

/** The word a status reads as in a sentence or a table. */
export const STATUS_WORDS: Readonly<Record<CheckStatus, string>> = {
  pass: 'passed',
  fail: 'failed',
  warn: 'warning',
  skip: 'skipped',
};
