/**
 * What `addon check` says about an add-on: one result per check, each with a stable id (docs/check.md
 * lists them), the evidence it rests on, and a one-line fix that points at the docs.
 */
export type CheckStatus = 'pass' | 'fail' | 'warn' | 'skip';

export interface CheckResult {
  /** Stable: `--only` selects by it (or by its group, the part before the dot), reports key on it. */
  id: string;
  title: string;
  status: CheckStatus;
  /** What was checked, when there are several of a kind: the receiver's URL, the backend's, an axe rule. */
  subject?: string;
  /** What was sent, what came back, timings; for a skip, why it was skipped. */
  evidence: string[];
  /** One line: what to change, and where the docs say more. Empty for a pass. */
  fix: string;
  durationMs: number;
}

export interface CheckSummary {
  passed: number;
  failed: number;
  warned: number;
  skipped: number;
}

export interface CheckReport {
  checks: CheckResult[];
  summary: CheckSummary;
  /** Whether warnings count as failures (`--strict`). */
  strict: boolean;
  /** The exit status the report calls for: 1 when a check failed (or, under `strict`, warned), else 0. */
  exitCode: 0 | 1;
  durationMs: number;
}

export function summarize(checks: readonly CheckResult[]): CheckSummary {
  const count = (status: CheckStatus) => checks.filter((check) => check.status === status).length;
  return { passed: count('pass'), failed: count('fail'), warned: count('warn'), skipped: count('skip') };
}

export function reportOf(checks: CheckResult[], strict: boolean, durationMs: number): CheckReport {
  const summary = summarize(checks);
  const failing = summary.failed > 0 || (strict && summary.warned > 0);
  return { checks, summary, strict, exitCode: failing ? 1 : 0, durationMs };
}

/**
 * Where docs/check.md tells of a check: its section, by the anchor GitHub and most renderers give a
 * heading (lower case, punctuation but `-` dropped), so `webhook.raw-bytes` is `#webhookraw-bytes`.
 */
export const docsFor = (id: string): string =>
  `docs/check.md#${id
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-')}`;
