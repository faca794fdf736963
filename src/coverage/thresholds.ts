import { DIMENSIONS, type Dimension } from './coverage-file.js';
import { sayPercent } from './share.js';
import type { DimensionSummary } from './summary.js';

/** The least share of each dimension a run must cover, of 100 (`--min`, addon.config.json's `coverage.minimum`). */
export type Minimum = Partial<Record<Dimension, number>>;

/** What `--min` takes, in words. */
export const MINIMUM_TAKES = `dimension=percent pairs, comma-separated, like operations=80,responses=40 (dimensions: ${DIMENSIONS.join(', ')}; percents 0-100)`;

/** `operations=80,responses=40.5`; undefined when it is not of that form. */
export function parseMinimum(text: string): Minimum | undefined {
  const minimum = Object.create(null) as Minimum;
  for (const pair of text.split(',').map((part) => part.trim())) {
    const match = /^([a-z]+)\s*=\s*(\d{1,3}(?:\.\d+)?)%?$/.exec(pair);
    if (!match || !isDimension(match[1]) || Number(match[2]) > 100 || match[1] in minimum) return undefined;
    minimum[match[1]] = Number(match[2]);
  }
  return minimum;
}

const isDimension = (text: string): text is Dimension => (DIMENSIONS as readonly string[]).includes(text);

/** A dimension below its minimum, and the sentence that names it and its gaps. */
export interface MissedMinimum {
  dimension: Dimension;
  percent: number | null;
  minimum: number;
  message: string;
}

/** Gaps a missed minimum names: enough to know where to start. */
const GAPS_NAMED = 2;

/** The dimensions below their minimum, judged on the exact share (31.25% is below 31.3). */
export function missedMinimums(summaries: readonly DimensionSummary[], minimum: Minimum): MissedMinimum[] {
  return summaries
    .filter(({ dimension, covered, total }) => {
      const least = minimum[dimension];
      return least !== undefined && total > 0 && covered * 100 < least * total;
    })
    .map(({ dimension, percent, gaps }) => {
      const least = minimum[dimension]!;
      const named = gaps.slice(0, GAPS_NAMED).join('; ') + (gaps.length > GAPS_NAMED ? '; …' : '');
      return {
        dimension,
        percent,
        minimum: least,
        message: `${dimension} ${sayPercent(percent)} is below the minimum ${least}%: ${named}`,
      };
    });
}
