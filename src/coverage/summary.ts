import { DIMENSIONS, type Dimension } from './coverage-file.js';
import { gapsOf } from './gaps.js';
import type { MergedCoverage } from './merge.js';

/** One dimension's coverage: how much of its surface was met, and the gaps in words. */
export interface DimensionSummary {
  dimension: Dimension;
  covered: number;
  total: number;
  /** Of 100, rounded down to a tenth so that a share below a minimum is never shown as the minimum; null when there is nothing to cover. */
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
      percent: surface.length ? Math.floor((covered * 1000) / surface.length) / 10 : null,
      items: surface.map((item) => [item, hits[item] ?? 0]),
      gaps: gapsOf(dimension, surface, met),
    };
  });
}

/** `31.2%`, or `none to cover`. */
export const sayPercent = (percent: number | null): string => (percent === null ? 'none to cover' : `${percent}%`);
