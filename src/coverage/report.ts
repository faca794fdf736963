import { isAbsolute, relative } from 'node:path';
import type { Seen } from './coverage-file.js';
import { mergeCoverage } from './merge.js';
import type { ReadCoverage } from './read-coverage.js';
import { summarize, type DimensionSummary } from './summary.js';
import { missedMinimums, type MissedMinimum, type Minimum } from './thresholds.js';

/** What `addon coverage` found, once, for every report to show (terminal, JSON, markdown, HTML). */
export interface CoverageReport {
  /** The files merged, relative to the working directory when under it. */
  files: string[];
  sources: string[];
  appIds: string[];
  /** Emulated time, from the earliest run's start to the latest's end. */
  startedAt: string;
  endedAt: string;
  dimensions: DimensionSummary[];
  seen: Seen;
  minimum: Minimum;
  missed: MissedMinimum[];
}

export function coverageReport(read: readonly ReadCoverage[], minimum: Minimum, cwd: string): CoverageReport {
  const merged = mergeCoverage(read.map(({ file }) => file));
  const dimensions = summarize(merged);
  return {
    files: read.map(({ path }) => shortPath(path, cwd)),
    sources: merged.sources,
    appIds: merged.appIds,
    startedAt: merged.startedAt,
    endedAt: merged.endedAt,
    dimensions,
    seen: merged.seen,
    minimum,
    missed: missedMinimums(dimensions, minimum),
  };
}

/** A path under the working directory relative to it, as a person gave it; any other whole. */
function shortPath(path: string, cwd: string): string {
  const under = relative(cwd, path);
  return under === '' || under.startsWith('..') || isAbsolute(under) ? path : under;
}

/** 1 when a dimension is below its minimum, else 0. */
export const exitCodeOf = (report: CoverageReport): number => (report.missed.length ? 1 : 0);

/** `3 files (addon exec, startEmulator) of app_demo` */
export function provenance(report: CoverageReport): string {
  const files = `${report.files.length} file${report.files.length === 1 ? '' : 's'}`;
  return `${files} (${report.sources.join(', ')}) of ${report.appIds.join(', ')}`;
}
