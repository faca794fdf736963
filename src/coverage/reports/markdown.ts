import { code, inline } from '../../common/text/markdown-text.js';
import { anyOperationResponses, eventMatrix, responseMatrix, type Matrix } from '../matrix.js';
import { provenance, type CoverageReport } from '../report.js';
import { sayPercent } from '../share.js';
import type { DimensionSummary } from '../summary.js';

/**
 * The report as GitHub-flavoured markdown, for a job's step summary or a pull request: the shares
 * and minimums, the gaps in words, then the tables folded away. Every item is escaped: it comes
 * from a file.
 */
export function markdownReport(report: CoverageReport): string {
  const gaps = report.dimensions.filter(({ gaps }) => gaps.length);
  return [
    '## addon coverage',
    '',
    `${inline(provenance(report))}; emulated time ${inline(report.startedAt)} to ${inline(report.endedAt)}`,
    '',
    '| Dimension | Covered | Share | Minimum |',
    '| --- | --- | --- | --- |',
    ...report.dimensions.map((summary) => shareRow(report, summary)),
    ...(gaps.length ? ['', '### Gaps', '', ...gaps.flatMap(gapLines)] : []),
    ...folded('Operations × responses', matrixTable(responseMatrix(report), report, 'responses')),
    ...folded('Session token refusals', itemTable('Response', anyOperationResponses(report))),
    ...folded('Events × states', matrixTable(eventMatrix(report), report, 'events')),
    ...(['bridge', 'scopes', 'time'] as const).flatMap((dimension) =>
      folded(TITLES[dimension], itemTable('Item', itemsOf(report, dimension))),
    ),
    ...folded(
      'Seen besides',
      itemTable(
        'Seen',
        Object.entries(report.seen).flatMap(([kind, counts]) =>
          Object.entries(counts).map(([item, count]): [string, number] => [`${kind}: ${item}`, count]),
        ),
        String,
      ),
    ),
    '',
  ].join('\n');
}

const TITLES = { bridge: 'Bridge messages', scopes: 'Scopes', time: 'Time' } as const;

const itemsOf = (report: CoverageReport, dimension: string) =>
  report.dimensions.find((summary) => summary.dimension === dimension)!.items;

function shareRow(report: CoverageReport, { dimension, covered, total, percent }: DimensionSummary): string {
  const least = report.minimum[dimension];
  const below = report.missed.some((missed) => missed.dimension === dimension);
  const minimum = least === undefined ? '' : `${below ? '❌ below' : '✅ met'} ${least}%`;
  return `| ${dimension} | ${covered} of ${total} | ${below ? `**${sayPercent(percent)}**` : sayPercent(percent)} | ${minimum} |`;
}

const gapLines = ({ dimension, gaps }: DimensionSummary): string[] =>
  gaps.map((gap) => `- **${dimension}:** ${inline(gap)}`);

/** A table in a `<details>` block: GitHub folds it until it is opened. Nothing when there are no rows. */
const folded = (title: string, table: string[]): string[] =>
  table.length ? ['', `<details><summary>${title}</summary>`, '', ...table, '', '</details>'] : [];

/** A cell: met (how often), never met, or no such item. */
const cell = (count: number | null): string => (count === null ? '·' : count > 0 ? `✅ ${count}` : '❌ never');

function matrixTable(matrix: Matrix | null, report: CoverageReport, dimension: string): string[] {
  if (!matrix) return itemTable('Item', itemsOf(report, dimension));
  return [
    `| ${matrix.rows} | ${matrix.columns.map(inline).join(' | ')} |`,
    `| --- |${' --- |'.repeat(matrix.columns.length)}`,
    ...matrix.cells.map(({ name, counts }) => `| ${code(name, true)} | ${counts.map(cell).join(' | ')} |`),
  ];
}

function itemTable(
  title: string,
  items: ReadonlyArray<[string, number]>,
  say: (count: number) => string = cell,
): string[] {
  if (!items.length) return [];
  return [
    `| ${title} | Met |`,
    '| --- | --- |',
    ...items.map(([item, count]) => `| ${code(item, true)} | ${say(count)} |`),
  ];
}
