import type { CheckReport, CheckResult } from '../check-result.js';
import { xmlAttributes as attributes, xmlText as text } from '../../common/text/xml-text.js';
import { evidenceLines, groupOf } from './text.js';

export interface JunitOptions {
  /** The name of the suite, and the start of each test case's class name. */
  name?: string;
}

/**
 * The report as JUnit XML, which CI systems show as test results: one test case per check. A warning
 * is a failure under `strict` and otherwise a pass whose evidence is in its output. There is no
 * timestamp, so that the same report gives the same file.
 */
export function junitReport(report: CheckReport, { name = 'addon check' }: JunitOptions = {}): string {
  const { passed, failed, warned, skipped } = report.summary;
  const counts = attributes({
    tests: String(passed + failed + warned + skipped),
    failures: String(failed + (report.strict ? warned : 0)),
    errors: '0',
    skipped: String(skipped),
    time: time(report.durationMs),
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name })}${counts}>`,
    `  <testsuite${attributes({ name })}${counts}>`,
    ...report.checks.flatMap((check) => testcase(check, name, report.strict)),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function testcase(check: CheckResult, suite: string, strict: boolean): string[] {
  const open = `    <testcase${attributes({
    classname: `${suite}.${groupOf(check.id)}`,
    name: `${check.id} — ${check.title}${check.subject ? ` (${check.subject})` : ''}`,
    time: time(check.durationMs),
  })}`;
  const body = outcome(check, strict);
  return body === undefined ? [`${open}/>`] : [`${open}>`, `      ${body}`, '    </testcase>'];
}

/** The element inside a test case that says how it went; none for a pass. */
function outcome(check: CheckResult, strict: boolean): string | undefined {
  if (check.status === 'pass') return undefined;
  if (check.status === 'skip') return `<skipped${attributes({ message: check.evidence[0] ?? '' })}/>`;
  if (check.status === 'fail' || strict) return failure(check);
  // A warning that does not fail the run still shows its evidence in the CI's view of the test.
  const output = [...evidenceLines(check.evidence), ...(check.fix ? [`fix: ${check.fix}`] : [])];
  return `<system-out>${text(output.join('\n'))}</system-out>`;
}

/** `type` is the check's status, `fail` or `warn`, so a CI view can tell a strict warning from a failure. */
const failure = (check: CheckResult): string =>
  `<failure${attributes({ message: check.fix || check.title, type: check.status })}>${text(
    evidenceLines(check.evidence).join('\n'),
  )}</failure>`;

const time = (ms: number): string => (Math.max(0, ms) / 1000).toFixed(3);
