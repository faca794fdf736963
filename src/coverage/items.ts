import { EVENT_OUTCOMES } from './coverage-file.js';

/**
 * The words of coverage items read back into their parts (coverage-file.ts says how they are
 * written), so that reports can lay them out: a response as its operation and what it answered, an
 * event item as its event and state. An item of another form is left whole.
 */

/** `GET /customers/{id} 404` -> operation `GET /customers/{id}`, response `404`; `401 token_expired` has no operation. */
export function responseParts(item: string): { operation: string | null; response: string } {
  const match = /^([A-Z]+ \/\S*) (.+)$/.exec(item);
  return match ? { operation: match[1], response: match[2] } : { operation: null, response: item };
}

/** `invoice.paid answered 2xx` -> event `invoice.paid`, state `answered 2xx`. */
export function eventParts(item: string): { event: string; state: string } {
  const at = item.indexOf(' ');
  return at < 0 ? { event: item, state: '' } : { event: item.slice(0, at), state: item.slice(at + 1) };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * `/r2` before `/r10`. Made once, on the first comparison: making a collator loads ICU's collation
 * data, ~10 ms, which every start of the CLI paid when it was made with this module.
 */
let paths: Intl.Collator | undefined;
const pathOrder = (): Intl.Collator => (paths ??= new Intl.Collator('en', { numeric: true }));

/** Operations by path, then in the order of a resource's life: read, create, change, delete. */
export function byOperation(a: string, b: string): number {
  const [methodA, pathA = ''] = a.split(' ');
  const [methodB, pathB = ''] = b.split(' ');
  return pathOrder().compare(pathA, pathB) || rank(METHODS, methodA) - rank(METHODS, methodB) || a.localeCompare(b);
}

/** Responses as a table's columns read: success, then the statuses in order, then the faults. */
export function byResponse(a: string, b: string): number {
  return responseRank(a) - responseRank(b) || a.localeCompare(b);
}

const responseRank = (response: string): number =>
  response === '2xx' ? 0 : /^\d{3}\b/.test(response) ? Number(response.slice(0, 3)) : response === '5xx' ? 600 : 700;

/** The states of an event, in the order a delivery meets them. */
export function byEventState(a: string, b: string): number {
  return rank(EVENT_OUTCOMES, a) - rank(EVENT_OUTCOMES, b) || a.localeCompare(b);
}

/** Where `value` is in `order`; anything else after it. */
const rank = (order: readonly string[], value: string): number => {
  const at = order.indexOf(value);
  return at < 0 ? order.length : at;
};
