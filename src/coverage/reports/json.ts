import type { Dimension, Seen } from '../coverage-file.js';
import type { CoverageReport } from '../report.js';
import type { MissedMinimum, Minimum } from '../thresholds.js';

/** `addon coverage --json` and `--report json=FILE` (docs/coverage.md#reports). */
export interface JsonCoverageReport {
  files: string[];
  sources: string[];
  appIds: string[];
  startedAt: string;
  endedAt: string;
  dimensions: Record<Dimension, JsonDimension>;
  seen: Seen;
  minimum: Minimum;
  belowMinimum: MissedMinimum[];
}

interface JsonDimension {
  covered: number;
  total: number;
  percent: number | null;
  /** Items met, and how often. */
  met: Record<string, number>;
  missing: string[];
  gaps: string[];
}

export function jsonReport(report: CoverageReport): JsonCoverageReport {
  const dimensions = Object.fromEntries(
    report.dimensions.map(({ dimension, covered, total, percent, items, gaps }) => [
      dimension,
      {
        covered,
        total,
        percent,
        met: Object.fromEntries(items.filter(([, count]) => count > 0)),
        missing: items.filter(([, count]) => count === 0).map(([item]) => item),
        gaps,
      },
    ]),
  ) as Record<Dimension, JsonDimension>;
  const { files, sources, appIds, startedAt, endedAt, seen, minimum, missed } = report;
  return { files, sources, appIds, startedAt, endedAt, dimensions, seen, minimum, belowMinimum: missed };
}
