/**
 * A coverage file (docs/coverage.md): what one emulator's run touched of the platform's surface, as
 * `addon dev --coverage`, `addon exec --coverage`, `addon check --coverage`, `addon explore --coverage`, `startEmulator({
 * coverage })` and `openHostPage` write it, and `addon coverage` merges and reports it. Each file
 * carries the surface it was measured against, so files merge without an emulator: the surfaces'
 * union, the hits' sums. Every item is a string of words, the same in the surface and the hits.
 */

/** The dimensions, in the order reports show them; `addon coverage --min` names them. */
export const DIMENSIONS = ['operations', 'responses', 'events', 'bridge', 'scopes', 'time'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The shape's name and version: a reader refuses a file of another, saying which. */
export const COVERAGE_FORMAT = 'addon-devkit-coverage';
export const COVERAGE_VERSION = 1;

/** What befalls a catalog event that coverage counts, in the order a delivery meets them and reports show them. */
export const EVENT_OUTCOMES = ['subscribed', 'delivered', 'answered 2xx', 'retried', 'duplicate'] as const;
export type EventOutcome = (typeof EVENT_OUTCOMES)[number];

/**
 * The items of each dimension. Their words:
 * - operations: `GET /customers/{id}`, method and path template as in the OpenAPI document;
 * - responses: `GET /customers/{id} 404`, an operation and a response it may answer: `2xx`, each
 *   documented error status (400, 401, 403, 404, 409, 413, 429), `5xx` (a fault rule's), `dropped`
 *   (a fault rule's reset or hang); and `401 token_expired`, each refusal code of the session token,
 *   on any operation;
 * - events: `invoice.paid subscribed`, `… delivered`, `… answered 2xx`, `… retried` (an attempt after
 *   a failed one), `… duplicate` (a delivery sent twice by a fault rule);
 * - bridge: `service:ready`, `service:context`, `service:context after a reload`, `service:navigate`,
 *   `service:notify success` (each level the spec shows), `service:resize`, `service:close`;
 * - scopes: each concrete scope the declared ones cover, `customers.read`: hit by a call that needed
 *   it and succeeded;
 * - time: `clock advanced`, `token expired in use`, `time rule <resource>: <what it does>`.
 */
export type Surface = Record<Dimension, string[]>;

/** How many times each item was met; an item absent was never met. */
export type Hits = Record<Dimension, Record<string, number>>;

/**
 * What was seen that is no goal to cover, by kind, counted: `denied scopes` (a 403 for the want of
 * one), `bridge warnings` (the host's contract warnings), `bridge beyond the surface` (a notify of
 * `info`), ... Reports show them beside the dimensions.
 */
export type Seen = Record<string, Record<string, number>>;

/** Who wrote a file. */
export type CoverageSource =
  'addon dev' | 'addon exec' | 'addon check' | 'addon explore' | 'startEmulator' | 'openHostPage';

export interface CoverageFile {
  format: typeof COVERAGE_FORMAT;
  version: typeof COVERAGE_VERSION;
  /** The kit's version that wrote it. */
  kit: string;
  source: CoverageSource;
  appId: string;
  /** Emulated time, ISO 8601 UTC with milliseconds: when recording began and ended. */
  startedAt: string;
  endedAt: string;
  surface: Surface;
  hits: Hits;
  seen: Seen;
}

/** An empty record of each dimension. */
export const noHits = (): Hits =>
  Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, Object.create(null)])) as Hits;
