import type { CheckReport, CheckResult, CheckStatus } from '../check-result.js';
import { code, fenceFor, inline, plain } from '../../common/text/markdown-text.js';
import { evidenceLines, seconds, STATUS_WORDS, runNotes, summaryPhrases } from './text.js';

const ICONS: Readonly<Record<CheckStatus, string>> = { pass: '✅', fail: '❌', warn: '⚠️', skip: '⏭️' };

/**
 * The report as GitHub-flavoured markdown, for a pull request comment or a job's step summary: the
 * counts, a table of every check, and the evidence and fix of each that failed or warned.
 */
export function markdownReport(report: CheckReport): string {
  const flagged = report.checks.filter((check) => check.status === 'fail' || check.status === 'warn');
  return [
    '## addon check',
    '',
    summary(report),
    '',
    '| | Check | Result |',
    '| --- | --- | --- |',
    ...report.checks.map(row),
    ...(flagged.length > 0 ? ['', '### Details', ...flagged.flatMap(details)] : []),
    '',
  ].join('\n');
}

function summary(report: CheckReport): string {
  const counts = summaryPhrases(report)
    .map(({ status, count, text }) => (count > 0 && status === 'fail' ? `**${text}**` : text))
    .join(', ');
  return `${counts} in ${seconds(report.durationMs)}${runNotes(report)
    .map((note) => `; ${note}`)
    .join('')}`;
}

function row(check: CheckResult): string {
  const reason = check.status === 'skip' && check.evidence[0] ? `: ${inline(check.evidence[0])}` : '';
  return `| ${ICONS[check.status]} | ${name(check, true)} | ${STATUS_WORDS[check.status]}${reason} |`;
}

function details(check: CheckResult): string[] {
  const lines = evidenceLines(check.evidence);
  const fence = fenceFor(lines);
  return [
    '',
    `#### ${ICONS[check.status]} ${name(check, false)}`,
    ...(lines.length > 0 ? ['', fence, ...lines.map(plain), fence] : []),
    ...(check.fix ? ['', `**Fix:** ${inline(check.fix)}`] : []),
  ];
}

/** The id as code, then the title and the subject, as one line fit for a table cell or a heading. */
const name = (check: CheckResult, inTable: boolean): string =>
  `${code(check.id, inTable)} ${inline(check.title)}${check.subject ? ` (${inline(check.subject)})` : ''}`;
