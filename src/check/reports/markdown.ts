import type { CheckReport, CheckResult, CheckStatus } from '../check-result.js';
import { evidenceLines, seconds, STATUS_WORDS, STRICT_NOTE, summaryPhrases } from './text.js';

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
  return `${counts} in ${seconds(report.durationMs)}${report.strict ? `; ${STRICT_NOTE}` : ''}`;
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

/** A code fence longer than any run of backticks in the block, so that evidence cannot close it early. */
const fenceFor = (lines: readonly string[]): string => '`'.repeat(Math.max(3, longestBackticks(lines.join('\n')) + 1));

const longestBackticks = (text: string): number =>
  Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));

/**
 * Control characters dropped (they have no place in a page), but tab. Line breaks are handled by
 * whoever calls: split into lines in a block, `<br>` in a table cell.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const plain = (text: string): string => text.replace(CONTROL, '');

/**
 * Text that markdown must show as it is, in a table cell or a line: its punctuation escaped with a
 * backslash (which works for any ASCII punctuation, `|` included, also inside a cell), so that an
 * add-on's answer cannot become a link, an HTML tag or a column; line breaks become `<br>`.
 */
function inline(text: string): string {
  return plain(text)
    .replace(/[\\`*_[\]<>|&~]/g, '\\$&')
    .replace(/\r\n|\r|\n/g, '<br>');
}

/**
 * A code span: backticks around it longer than any inside. In a table a pipe is escaped even here (GFM
 * splits the row before it reads code spans); anywhere else a backslash in a code span is shown.
 */
function code(text: string, inTable: boolean): string {
  const flat = plain(text).replace(/\r\n|\r|\n/g, ' ');
  const ticks = '`'.repeat(longestBackticks(flat) + 1);
  const padded = flat.startsWith('`') || flat.endsWith('`') ? ` ${flat} ` : flat;
  return `${ticks}${inTable ? padded.replace(/\|/g, '\\|') : padded}${ticks}`;
}
