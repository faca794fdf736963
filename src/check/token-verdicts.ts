import type { TokenFinding } from '../testing/token-watch.js';
import type { CheckResult } from './check-result.js';
import { listedOf } from './frame-seen.js';
import { fail, pass, resultOf } from './verdict.js';

/** The page.token-* checks and what each says when it passes (spec 5.1; testing/token-watch.ts). */
const RULES: ReadonlyArray<[id: string, rule: TokenFinding['rule'], passed: string]> = [
  ['page.token-stored', 'stored', 'no storage or cookie of any origin holds the session token'],
  ['page.token-shown', 'shown', "the session token is in no page's text, attribute or title, nor in the console"],
  ['page.token-sent', 'sent', "the session token went to the API and the add-on's origin only, and in no Referer"],
  ['page.token-in-url', 'in-url', "the session token is out of the frame's address once ready"],
];

/** One result a rule: where its findings are (never the token), or a pass. Both loads' findings together. */
export function tokenVerdicts(findings: TokenFinding[]): CheckResult[] {
  return RULES.map(([id, rule, passed]) => {
    const where = [...new Set(findings.filter((f) => f.rule === rule).map((f) => f.where))];
    return resultOf(
      id,
      where.length
        ? fail(...listedOf(where.map((place) => `${place} holds the session token`)))
        : pass(`${passed}, after the first load and after a reopening`),
    );
  });
}
