// What the benchmarks share: the median of a list, and how long an async call takes.

/** The median; of an even count, the mean of the middle two. */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};

/** Milliseconds `fn` takes to resolve. */
export const time = async (fn) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};
