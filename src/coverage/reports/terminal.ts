import type { ChalkInstance } from 'chalk';
import { listed } from '../gaps.js';
import { provenance, type CoverageReport } from '../report.js';
import { sayPercent } from '../share.js';
import type { DimensionSummary } from '../summary.js';

/** Cells of a dimension's bar. */
const BAR = 20;

/**
 * The summary a person reads in a terminal: a line a dimension, covered of total, its share and a
 * bar; then the gaps in words, by dimension; then what was seen besides.
 */
export function terminalReport(report: CoverageReport, color: ChalkInstance): string[] {
  const width = Math.max(...report.dimensions.map(({ dimension }) => dimension.length));
  const missed = new Set(report.missed.map(({ dimension }) => dimension));
  const line = (summary: DimensionSummary) => {
    const paint = missed.has(summary.dimension)
      ? color.red
      : summary.covered === summary.total
        ? color.green
        : color.yellow;
    const least = report.minimum[summary.dimension];
    return [
      `  ${summary.dimension.padEnd(width)}`,
      `${summary.covered}/${summary.total}`.padStart(9),
      paint(sayPercent(summary.percent).padStart(7)),
      paint(bar(summary)),
      least === undefined ? '' : color.dim(`minimum ${least}%`),
    ]
      .join('  ')
      .trimEnd();
  };
  const gaps = report.dimensions.filter(({ gaps }) => gaps.length);
  const seen = Object.entries(report.seen);
  return [
    color.bold(`Platform coverage: ${provenance(report)}`),
    ...report.dimensions.map(line),
    ...(gaps.length ? ['', color.bold('Gaps')] : []),
    ...gaps.flatMap(({ dimension, gaps }) => gaps.map((gap) => `  ${color.dim(`${dimension}:`)} ${gap}`)),
    ...(seen.length ? ['', color.bold('Seen besides')] : []),
    ...seen.map(([kind, counts]) => `  ${color.dim(`${kind}:`)} ${counted(counts)}`),
  ];
}

/** Filled in proportion to the share covered; empty when there is nothing to cover. */
function bar({ covered, total }: DimensionSummary): string {
  const filled = total ? Math.floor((covered * BAR) / total) : 0;
  return '█'.repeat(filled) + '░'.repeat(BAR - filled);
}

/** What was seen of a kind, how often, the first few named (--json has them all). */
const counted = (counts: Readonly<Record<string, number>>): string =>
  listed(Object.entries(counts).map(([item, count]) => `${item} (${count})`));
