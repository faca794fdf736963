/**
 * The store the domain sees: documents in named collections, partitioned by a scope (an organization,
 * or an organization and app). It knows nothing of resources. Reads are synchronous from memory; a write
 * resolves once it is durable, so an answered request is never lost.
 */
export interface Doc {
  _id: string;
  [field: string]: unknown;
}

export interface Page<T> {
  data: T[];
  total: number;
}

export interface Store {
  get(collection: string, scope: string, id: string): Doc | undefined;
  /** In insertion order, oldest first. */
  list(collection: string, scope: string, window: { limit: number; offset: number }): Page<Doc>;
  count(collection: string, scope: string): number;
  /*
   * Writes: each is applied in memory at once (a later call sees it) and resolves once its journal
   * line is on disk; it throws at once, changing nothing, when the change cannot be journaled.
   */
  /** The scopes that hold documents of a collection (rules that run over every organization). */
  scopes(collection: string): string[];
  put(collection: string, scope: string, doc: Doc): Promise<void>;
  delete(collection: string, scope: string, id: string): Promise<boolean>;
  /**
   * A copy of every table, sharing the documents (they are never mutated in place): a checkpoint, or
   * the world an export is made of.
   */
  snapshot(): Tables;
  /**
   * Swaps every table for `tables` (which the store then owns) in one step: a call that reads or
   * writes sees either the old world or the new one, never a mix. It is journaled as one line, so a
   * kill mid-write leaves the old world, and once it resolves the new one survives a kill. The
   * collections `keep` names stay as they are, whatever `tables` holds of them.
   */
  replace(tables: Tables, keep?: readonly string[]): Promise<void>;
  /**
   * Null when everything in memory is on disk, else a promise that settles once every change made so
   * far is: what a reader waits on before it shows the world to anyone. It rejects when those changes
   * could not be written, and were taken back.
   */
  settled(): Promise<void> | null;
  /** Flushes pending writes and compacts; idempotent. */
  close(): Promise<void>;
}

/** One change. */
export type Op = { c: string; s: string; put: Doc } | { c: string; s: string; del: string } | { replace: Tables };

/** A change as the journal holds it: a replace carries its tables as rows. Older kits wrote `clear`. */
export type JournalOp = Exclude<Op, { replace: Tables }> | { replace: TableRows } | { clear: true };

/** Tables as plain JSON: collection -> scope -> documents. */
export type TableRows = Record<string, Record<string, Doc[]>>;

/** collection -> scope -> id -> document */
export type Tables = Map<string, Map<string, Map<string, Doc>>>;

/** Where a store keeps its changes: a file journal, or nowhere (`--ephemeral`). */
export interface Persistence {
  load(): Promise<Tables>;
  /** Journal lines, each ending with a newline, written in one append. */
  append(lines: string): Promise<void>;
  /**
   * Called after appends; may start rewriting the snapshot when the journal has grown, from
   * `durable()`: the tables as the journal has them (memory without the changes still waiting to be
   * written). It never throws: the rewrite runs on its own, and tells its logger if it fails.
   */
  maybeCompact(durable: () => Tables): void;
  close(tables: Tables): Promise<void>;
}
