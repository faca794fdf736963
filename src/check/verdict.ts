import { checkInfo } from './check-list.js';
import { docsFor, type CheckResult, type CheckStatus } from './check-result.js';

/** What one check concluded, before its id, title, fix and timing are put to it. */
export interface Verdict {
  status: CheckStatus;
  evidence: string[];
}

export const pass = (...evidence: string[]): Verdict => ({ status: 'pass', evidence });
export const fail = (...evidence: string[]): Verdict => ({ status: 'fail', evidence });
export const warn = (...evidence: string[]): Verdict => ({ status: 'warn', evidence });
/** A skip always says why. */
export const skip = (reason: string): Verdict => ({ status: 'skip', evidence: [reason] });

/** The result of check `id` from its verdict; the fix is given for a fail or warn only. */
export function resultOf(id: string, verdict: Verdict, durationMs = 0, subject?: string): CheckResult {
  const { title, fix } = checkInfo(id);
  const failing = verdict.status === 'fail' || verdict.status === 'warn';
  return {
    id,
    title,
    status: verdict.status,
    ...(subject === undefined ? {} : { subject }),
    evidence: verdict.evidence,
    fix: failing ? `${fix} (${docsFor(id)})` : '',
    durationMs: Math.round(durationMs),
  };
}

/** Runs one check and times it. */
export async function judge(id: string, work: () => Promise<Verdict>, subject?: string): Promise<CheckResult> {
  const started = performance.now();
  const verdict = await work();
  return resultOf(id, verdict, performance.now() - started, subject);
}
