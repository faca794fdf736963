import { MAX_COVERAGE_MATRIX_CELLS } from '../common/limits.js';
import type { Dimension } from './coverage-file.js';
import { byEventState, byOperation, byResponse, eventParts, responseParts } from './items.js';
import type { CoverageReport } from './report.js';

/**
 * The pictures of a report: operations × responses and events × states, as tables whose cells say
 * how often an item was met (0: never), or null where the surface has no such item (a GET has no 413).
 */
export interface Matrix {
  /** What the rows are: `Operation`, `Event`. */
  rows: string;
  columns: string[];
  cells: Array<{ name: string; counts: Array<number | null> }>;
}

/** The rows and columns of one or two dimensions' items; null when it would be too large to be a picture. */
function matrixOf(
  rows: string,
  entries: ReadonlyArray<[row: string, column: string, count: number]>,
  byRow: (a: string, b: string) => number,
  byColumn: (a: string, b: string) => number,
): Matrix | null {
  const names = [...new Set(entries.map(([row]) => row))].sort(byRow);
  const columns = [...new Set(entries.map(([, column]) => column))].sort(byColumn);
  if (names.length * columns.length > MAX_COVERAGE_MATRIX_CELLS) return null;
  const at = new Map(names.map((name, i) => [name, i]));
  const where = new Map(columns.map((column, i) => [column, i]));
  const cells = names.map((name) => ({ name, counts: columns.map((): number | null => null) }));
  for (const [row, column, count] of entries) cells[at.get(row)!].counts[where.get(column)!] = count;
  return { rows, columns, cells };
}

const itemsOf = (report: CoverageReport, dimension: Dimension) =>
  report.dimensions.find((summary) => summary.dimension === dimension)!.items;

/** Operations × (`called`, then each response): both dimensions at a glance. */
export function responseMatrix(report: CoverageReport): Matrix | null {
  const entries: Array<[string, string, number]> = itemsOf(report, 'operations').map(([item, count]) => [
    item,
    'called',
    count,
  ]);
  for (const [item, count] of itemsOf(report, 'responses')) {
    const { operation, response } = responseParts(item);
    if (operation !== null) entries.push([operation, response, count]);
  }
  return matrixOf('Operation', entries, byOperation, (a, b) =>
    a === 'called' ? -1 : b === 'called' ? 1 : byResponse(a, b),
  );
}

/** The responses of no one operation: the session token's refusals, met on any. */
export const anyOperationResponses = (report: CoverageReport): Array<[string, number]> =>
  itemsOf(report, 'responses').filter(([item]) => responseParts(item).operation === null);

/** Events × states. */
export function eventMatrix(report: CoverageReport): Matrix | null {
  const entries = itemsOf(report, 'events').map(([item, count]): [string, string, number] => {
    const { event, state } = eventParts(item);
    return [event, state, count];
  });
  return matrixOf('Event', entries, (a, b) => a.localeCompare(b), byEventState);
}
