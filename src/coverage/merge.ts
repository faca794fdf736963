import { DIMENSIONS, noHits, type CoverageFile, type Hits, type Seen, type Surface } from './coverage-file.js';

/** What several coverage files say together: the union of their surfaces, the sums of their counts. */
export interface MergedCoverage {
  surface: Surface;
  hits: Hits;
  seen: Seen;
  /** How many files, and who wrote them, by source and app id. */
  files: number;
  sources: string[];
  appIds: string[];
  /** The earliest start and the latest end of the runs, emulated time. */
  startedAt: string;
  endedAt: string;
}

/**
 * Files merged: an item is in the surface when any file's surface has it (one run may serve a
 * resource of its own), and met as often as all the runs met it together. Items are sorted, so the
 * same files make the same report whatever order they were read in.
 */
export function mergeCoverage(files: readonly CoverageFile[]): MergedCoverage {
  const hits = noHits();
  const seen = Object.create(null) as Seen;
  for (const file of files) {
    for (const dimension of DIMENSIONS) addCounts(hits[dimension], file.hits[dimension]);
    for (const kind of Object.keys(file.seen)) addCounts((seen[kind] ??= Object.create(null)), file.seen[kind]);
  }
  const surface = Object.fromEntries(
    DIMENSIONS.map((dimension) => [dimension, sortedUnion(files.map((file) => file.surface[dimension]))]),
  ) as Surface;
  return {
    surface,
    hits,
    seen,
    files: files.length,
    sources: sortedUnion(files.map((file) => [file.source])),
    appIds: sortedUnion(files.map((file) => [file.appId])),
    startedAt: files.map((file) => file.startedAt).sort()[0] ?? '',
    endedAt:
      files
        .map((file) => file.endedAt)
        .sort()
        .at(-1) ?? '',
  };
}

/** Sums, held at the largest safe integer: a count past it is no longer exact anyway. */
function addCounts(into: Record<string, number>, counts: Readonly<Record<string, number>>): void {
  for (const item of Object.keys(counts))
    into[item] = Math.min((into[item] ?? 0) + counts[item], Number.MAX_SAFE_INTEGER);
}

const sortedUnion = (lists: ReadonlyArray<readonly string[]>): string[] => [...new Set(lists.flat())].sort();
