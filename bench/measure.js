// What the benchmarks share: the median of a list, how long an async call takes, and a round of
// throughput runs against servers compared.

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

/**
 * One round of throughput runs: each server in turn, for `seconds`, in reverse order every other
 * round so that a machine speeding up or slowing down favours none. Pushes each server's requests
 * a second on its `rates`, and the CPU µs its process spent a request on its `cpu` (`cpuOf` gives
 * the CPU time spent so far). A non-2xx answer or an error ends the bench.
 */
export async function measureRound(servers, round, seconds, { run, cpuOf }) {
  for (const server of round % 2 ? [...servers].reverse() : servers) {
    const cpu = await cpuOf(server);
    const result = await run(server, seconds);
    if (result.non2xx || result.errors)
      throw new Error(`${server.title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    server.rates.push(result['2xx'] / result.duration);
    server.cpu.push(((await cpuOf(server)) - cpu) / result['2xx']);
  }
}
