import type { CheckReport, CheckResult, CheckStatus } from '../check-result.js';
import { evidenceLines, seconds, runNotes, summaryPhrases } from './text.js';
import { visible as visibleText } from '../../common/text/visible-text.js';

export type Brush = (text: string) => string;

/**
 * The colours the terminal report uses. The CLI passes its chalk instance (src/cli/output.ts), which
 * takes the paint off again for a stream that is not a terminal; src/check imports nothing of
 * src/cli, so the colours come in as a parameter.
 */
export interface Paint {
  green: Brush;
  red: Brush;
  yellow: Brush;
  dim: Brush;
  bold: Brush;
}

const same: Brush = (text) => text;
export const noPaint: Paint = { green: same, red: same, yellow: same, dim: same, bold: same };

/** More evidence than this is cut, with a count of what was left out: the reports on file hold it all. */
export const MAX_EVIDENCE_LINES = 8;

const INDENT = '      ';

const MARKS: Readonly<Record<CheckStatus, { mark: string; brush: keyof Paint }>> = {
  pass: { mark: '✓', brush: 'green' },
  fail: { mark: '✗', brush: 'red' },
  warn: { mark: '!', brush: 'yellow' },
  skip: { mark: '–', brush: 'dim' },
};

/** The report for a person at a terminal: a line per check, the evidence of what is wrong, a summary. */
export function terminalReport(report: CheckReport, paint: Paint = noPaint): string[] {
  return [...report.checks.flatMap((check) => checkLines(check, paint)), '', summaryLine(report, paint)];
}

function checkLines(check: CheckResult, paint: Paint): string[] {
  const { mark, brush } = MARKS[check.status];
  const subject = check.subject ? paint.dim(` (${visible(check.subject)})`) : '';
  const head = `  ${paint[brush](mark)} ${paint.bold(visible(check.id))}  ${visible(check.title)}${subject}`;
  if (check.status === 'pass') return [head];
  if (check.status === 'skip')
    return check.evidence[0] ? [head, INDENT + paint.dim(visible(check.evidence[0]))] : [head];
  const fix = check.fix ? [`${INDENT}${paint.bold('fix:')} ${visible(check.fix)}`] : [];
  return [head, ...evidenceBlock(check.evidence, paint), ...fix];
}

function evidenceBlock(evidence: readonly string[], paint: Paint): string[] {
  const lines = evidenceLines(evidence);
  const shown = lines.length > MAX_EVIDENCE_LINES ? MAX_EVIDENCE_LINES - 1 : lines.length;
  const more = lines.length - shown;
  return [
    ...lines.slice(0, shown).map((line) => INDENT + visible(line)),
    ...(more > 0 ? [INDENT + paint.dim(`… ${more} more`)] : []),
  ];
}

function summaryLine(report: CheckReport, paint: Paint): string {
  const brushes: Record<CheckStatus, Brush> = {
    pass: paint.green,
    fail: paint.red,
    warn: paint.yellow,
    skip: paint.dim,
  };
  const counts = summaryPhrases(report)
    .map(({ status, count, text }) => (count > 0 ? brushes[status](text) : text))
    .join(', ');
  return `${counts} in ${seconds(report.durationMs)}${runNotes(report)
    .map((note) => `; ${note}`)
    .join('')}`;
}

/**
 * Evidence quotes what the add-on answered: an escape sequence in a response body must not move the
 * cursor or repaint the user's terminal, nor a bidi override turn a line around (visible-text.ts).
 */
const visible = (text: string): string => visibleText(text, '\t');
