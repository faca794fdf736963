/**
 * The common shapes of a team's invariant (docs/explore.md#your-own-invariants), on the view each
 * predicate is given, so an invariants module needs no import. Each returns what is wrong in words,
 * or undefined; the words name no id, so a seed's report stays the same from run to run.
 */

/**
 * At most one of `rows` for each value of `key`, among the values `among` (this run's, as the sends'
 * data name them: the receiver keeps its earlier runs' rows, which are not this run's to judge).
 */
export function atMostOnePer(rows: unknown, key: string, among?: Iterable<unknown>): string | undefined {
  if (!Array.isArray(rows)) return `expected a list of rows to count by ${key}, got ${typeof rows}`;
  const judged = among === undefined ? null : new Set(among);
  const counts = new Map<unknown, number>();
  for (const row of rows) {
    const value = typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[key] : undefined;
    if (judged && !judged.has(value)) continue;
    const count = (counts.get(value) ?? 0) + 1;
    if (count > 1) return `${count} rows share one ${key}`;
    counts.set(value, count);
  }
  return undefined;
}

/**
 * At least one of `rows` for each value of `among` under `key`: "eventually Z after W", as in every
 * invoice whose invoice.paid was answered 2xx has a payment (`answered('invoiceId', 'invoice.paid')`
 * as `among`). Judge it when `final` where the add-on writes after it answers.
 */
export function atLeastOnePer(rows: unknown, key: string, among: Iterable<unknown>): string | undefined {
  if (!Array.isArray(rows)) return `expected a list of rows to find by ${key}, got ${typeof rows}`;
  const found = new Set(
    rows.map((row) => (typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[key] : undefined)),
  );
  const wanted = [...new Set(among)];
  const missing = wanted.filter((value) => !found.has(value)).length;
  return missing ? `${missing} of ${wanted.length} ${key} values have no row` : undefined;
}
