import type { DescribedOperation } from '../api/openapi.js';
import type { Timers } from '../common/clock.js';
import type { Registry } from '../domain/resources/registry.js';
import { COVERAGE_STREAM_INTERVAL_MS, MAX_COVERAGE_SEEN_KEYS, MAX_COVERAGE_SEEN_KINDS } from '../common/limits.js';
import { DIMENSIONS, type Dimension, type Hits, type Seen, type Surface } from './coverage-file.js';
import { surfaceOf } from './surface.js';
import { visible } from '../common/text/visible-text.js';

/** What coverage met that changed since the last `coverage` event: those items, with their new totals. */
export type ChangedHits = Partial<Hits>;

/**
 * What one emulator met of the platform's surface, counted as it happens (docs/coverage.md): a Map
 * increment per API answer, delivery attempt, clock move. The parts that meet them tell it in their
 * words (api/request-path.ts step 8, deliveries.ts, the time rules and the clock in emulator/create-emulator.ts, the
 * control API's bridge reports).
 */
export interface CoverageRecorder {
  hit(dimension: Dimension, item: string, count?: number): void;
  /** Something seen that is no goal to cover (coverage-file.ts `Seen`). */
  see(kind: string, what: string, count?: number): void;
  /** Where the surface's operations come from: the OpenAPI document's, once the routes are registered. */
  measureOperations(operations: () => readonly DescribedOperation[]): void;
  /** The surface, derived on first use (the routes are all registered by then). */
  surface(): Surface;
  hits(): Hits;
  seen(): Seen;
  /**
   * Calls `listener` with what changed, at most every COVERAGE_STREAM_INTERVAL_MS and only when
   * something did (the live stream's `coverage` event).
   */
  onChange(listener: (changed: ChangedHits) => void): () => void;
  /** Stops the pending `onChange` call. */
  close(): void;
}

export function createRecorder({
  registry,
  declaredScopes,
  timers,
}: {
  registry: Registry;
  declaredScopes: readonly string[];
  /** The stream's throttle: real time, as it bounds what a browser is sent. */
  timers: Timers;
}): CoverageRecorder {
  const counts = new Map<Dimension, Map<string, number>>(DIMENSIONS.map((dimension) => [dimension, new Map()]));
  const seen = new Map<string, Map<string, number>>();
  const listeners = new Set<(changed: ChangedHits) => void>();
  /** The items changed since the last event, only while someone listens. */
  const changed = new Map<Dimension, Set<string>>();
  let timer: unknown = null;
  let operations: () => readonly DescribedOperation[] = () => [];
  let surface: Surface | null = null;

  const emit = () => {
    timer = null;
    const partial: ChangedHits = {};
    for (const [dimension, items] of changed)
      partial[dimension] = Object.fromEntries([...items].map((item) => [item, counts.get(dimension)!.get(item)!]));
    changed.clear();
    for (const listener of listeners) listener(partial);
  };

  const noteChange = (dimension: Dimension, item: string) => {
    let items = changed.get(dimension);
    if (!items) changed.set(dimension, (items = new Set()));
    items.add(item);
    timer ??= timers.set(emit, COVERAGE_STREAM_INTERVAL_MS);
  };

  return {
    hit(dimension, item, count = 1) {
      const items = counts.get(dimension)!;
      items.set(item, (items.get(item) ?? 0) + count);
      if (listeners.size) noteChange(dimension, item);
    },
    see(given, seenWhat, count = 1) {
      // What was seen may be the add-on's words (a bridge report's): written so that a report can show them.
      const [kind, what] = [visible(given), visible(seenWhat)];
      const kept = seen.has(kind) || seen.size < MAX_COVERAGE_SEEN_KINDS ? kind : COVERAGE_SEEN_OTHERS;
      let items = seen.get(kept);
      if (!items) seen.set(kept, (items = new Map()));
      const key = items.has(what) || items.size < MAX_COVERAGE_SEEN_KEYS ? what : COVERAGE_SEEN_OTHERS;
      items.set(key, (items.get(key) ?? 0) + count);
    },
    measureOperations(given) {
      operations = given;
    },
    surface: () => (surface ??= surfaceOf({ operations: operations(), registry, declaredScopes })),
    hits: () => Object.fromEntries([...counts].map(([dimension, items]) => [dimension, record(items)])) as Hits,
    seen: () => record(new Map([...seen].map(([kind, items]) => [kind, record(items)]))),
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      if (timer !== null) timers.clear(timer);
      timer = null;
      listeners.clear();
    },
  };
}

/** Where `seen` counts the kinds and things past its bounds (limits.ts MAX_COVERAGE_SEEN_KINDS, _KEYS). */
export const COVERAGE_SEEN_OTHERS = '(others, past the limit)';

/** A Map as a prototype-less object: an item's words are data, whatever they say. */
const record = <T>(map: Map<string, T>): Record<string, T> =>
  Object.assign(Object.create(null) as Record<string, T>, Object.fromEntries(map));
