import { DIMENSIONS, type Dimension } from './coverage-file.js';
import { gapsOf } from './gaps.js';
import type { MergedCoverage } from './merge.js';
import { shareOf } from './share.js';

/** One dimension's coverage: how much of its surface was met, and the gaps in words. */
export interface DimensionSummary {
  dimension: Dimension;
  covered: number;
  total: number;
  /** share.ts `shareOf`. */
  percent: number | null;
  /** Each item of the surface and how often it was met (0: never). */
  items: Array<[item: string, count: number]>;
  gaps: string[];
}

/** The dimensions of merged coverage, in the order reports show them. */
export function summarize(merged: MergedCoverage): DimensionSummary[] {
  return DIMENSIONS.map((dimension) => {
    const surface = merged.surface[dimension];
    const hits = merged.hits[dimension];
    const met = (item: string) => (hits[item] ?? 0) > 0;
    const covered = surface.filter(met).length;
    return {
      dimension,
      covered,
      total: surface.length,
      percent: shareOf(covered, surface.length),
      items: surface.map((item) => [item, hits[item] ?? 0]),
      gaps: gapsOf(dimension, surface, met),
    };
  });
}
