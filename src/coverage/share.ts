/**
 * A dimension's share of its surface, as every report says it (`addon coverage`, the host page's
 * Coverage tab): of 100, rounded down to a tenth, so that a share below a minimum is never shown as
 * the minimum; null when there is nothing to cover.
 */
export const shareOf = (covered: number, total: number): number | null =>
  total ? Math.floor((covered * 1000) / total) / 10 : null;

/** `31.2%`, or `none to cover`. */
export const sayPercent = (percent: number | null): string => (percent === null ? 'none to cover' : `${percent}%`);
