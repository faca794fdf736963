import type { CheckReport, CheckResult, CheckSummary } from '../check-result.js';

/**
 * One check as `--json` and `--report json=FILE` give it: these fields of a CheckResult, named so that
 * a field the type gains stays out of the report; `subject` only when the check has one.
 */
export type JsonCheck = Pick<CheckResult, 'id' | 'title' | 'status' | 'subject' | 'evidence' | 'fix' | 'durationMs'>;

export interface JsonReport {
  checks: JsonCheck[];
  summary: CheckSummary;
  strict: boolean;
  exitCode: 0 | 1;
  durationMs: number;
}

/**
 * The report as data, its fields named and ordered here rather than taken from whatever a
 * CheckResult holds, so that what a CI script reads stays as documented if the type grows.
 */
export function jsonReport(report: CheckReport): JsonReport {
  return {
    checks: report.checks.map((check) => ({
      id: check.id,
      title: check.title,
      status: check.status,
      ...(check.subject === undefined ? {} : { subject: check.subject }),
      evidence: [...check.evidence],
      fix: check.fix,
      durationMs: check.durationMs,
    })),
    summary: {
      passed: report.summary.passed,
      failed: report.summary.failed,
      warned: report.summary.warned,
      skipped: report.summary.skipped,
    },
    strict: report.strict,
    exitCode: report.exitCode,
    durationMs: report.durationMs,
  };
}
