import { ApiError } from '../common/errors.js';
import { nestsDeeperThan } from '../common/json/json-bounds.js';
import { MAX_STORED_DEPTH } from '../common/limits.js';
import { docText } from './doc-text.js';
import type { Doc, JournalOp, Op, Page, Persistence, Store, TableRows, Tables } from './store.js';

/** A change applied in memory whose journal line is not yet on disk, and what takes it back. */
interface Unsettled {
  undo(tables: Tables): void;
}

/** Changes journaled with one append, and the callers waiting for it. */
interface Batch {
  lines: string[];
  changes: Unsettled[];
  waiters: Array<{ resolve(): void; reject(e: unknown): void }>;
  /** Settles with the batch: resolved once it is on disk, rejected when it could not be written. */
  done: Promise<void>;
  settle(error?: unknown): void;
}

/**
 * An in-memory document store that group-commits its changes to a Persistence: writes made in the same
 * turn of the event loop are journaled with one append, and each caller's promise resolves when its
 * batch is on disk. The cost of a write therefore does not grow with the size of the store.
 *
 * Journal first, as SQLite and etcd do: a change's journal line is written out (serialised) before
 * the change is applied, so a change that cannot be journaled is refused alone and never fails the
 * batch it would have joined; and nothing the store holds reaches a reader (`settled()`, which the
 * HTTP layer waits on before it answers) before it is on disk. When an append fails, every change
 * not yet on disk is taken back, newest first, and its caller gets the error: memory never holds
 * what the journal lost.
 */
export async function openDocumentStore(persistence: Persistence): Promise<Store> {
  const tables: Tables = await persistence.load();
  let pending: Batch | null = null;
  let writing: Batch | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let closed: Promise<void> | null = null;

  const table = (collection: string, scope: string) => tables.get(collection)?.get(scope);

  const change = (op: Op): Promise<void> => {
    if (closed) return Promise.reject(new Error('the store is closed'));
    const line = journalLine(op);
    const batch = (pending ??= openBatch());
    batch.lines.push(line);
    batch.changes.push({ undo: applyWithUndo(tables, op) });
    return new Promise((resolve, reject) => batch.waiters.push({ resolve, reject }));
  };

  const openBatch = (): Batch => {
    const batch = newBatch();
    // Batches are written one after another, so the journal keeps the order of the changes.
    flushing = flushing.then(() => new Promise((r) => setImmediate(r))).then(() => flush(batch));
    return batch;
  };

  const flush = async (batch: Batch) => {
    if (pending === batch) pending = null;
    if (!batch.lines.length) return; // taken back already, with the one before it
    writing = batch;
    try {
      await persistence.append(batch.lines.join('\n') + '\n');
    } catch (error) {
      return takeBack(error);
    } finally {
      writing = null;
    }
    batch.settle();
    batch.waiters.forEach((w) => w.resolve());
    persistence.maybeCompact(durableTables);
  };

  /** The append failed: undo every change not on disk (this batch's, then none after it survive). */
  const takeBack = (error: unknown) => {
    const failed = [writing!, ...(pending ? [pending] : [])];
    pending = null;
    for (const batch of [...failed].reverse()) {
      for (const change of [...batch.changes].reverse()) change.undo(tables);
      batch.lines = [];
      batch.settle(error);
      batch.waiters.forEach((w) => w.reject(error));
    }
  };

  /** The tables as the journal has them: memory without the batch still waiting to be written. */
  const durableTables = (): Tables => {
    if (!pending) return tables;
    const copy = copyTables(tables);
    for (const change of [...pending.changes].reverse()) change.undo(copy);
    return copy;
  };

  return {
    get: (collection, scope, id) => table(collection, scope)?.get(id),

    list(collection, scope, { limit, offset }): Page<Doc> {
      const docs = table(collection, scope);
      if (!docs) return { data: [], total: 0 };
      const data: Doc[] = [];
      let index = 0;
      for (const doc of docs.values()) {
        if (index++ < offset) continue;
        if (data.length >= limit) break;
        data.push(doc);
      }
      return { data, total: docs.size };
    },

    count: (collection, scope) => table(collection, scope)?.size ?? 0,

    scopes: (collection) => [...(tables.get(collection)?.keys() ?? [])],

    // Documents are never mutated in place (updates put a new object), so a snapshot can hold
    // references to them while later writes go on.
    put: (collection, scope, doc) => change({ c: collection, s: scope, put: doc }),

    async delete(collection, scope, id) {
      if (!table(collection, scope)?.has(id)) return false;
      await change({ c: collection, s: scope, del: id });
      return true;
    },

    snapshot: () => copyTables(tables),

    replace(next, keep = []) {
      for (const collection of keep) {
        const kept = tables.get(collection);
        if (kept) next.set(collection, kept);
        else next.delete(collection);
      }
      return change({ replace: next });
    },

    settled: () => (pending ?? writing)?.done ?? null,

    close() {
      closed ??= flushing.then(() => persistence.close(tables));
      return closed;
    },
  };
}

/**
 * The change as one journal line, made before it is applied. A value JSON cannot write (a BigInt, a
 * cycle) or that nests deeper than MAX_STORED_DEPTH is refused here, alone: the depth by the kit's own
 * bound, so that what one Node stores every supported Node writes out again. The bounds at every
 * input (json-bounds.ts) keep such values out, so this is the last guard, not the first.
 */
function journalLine(op: Op): string {
  if ('put' in op && nestsDeeperThan(op.put, MAX_STORED_DEPTH))
    throw new ApiError(
      400,
      'unstorable_value',
      `the change cannot be written to the journal (it nests deeper than ${MAX_STORED_DEPTH} levels of arrays and objects)`,
    );
  try {
    if ('replace' in op) return JSON.stringify({ replace: toRows(op.replace) });
    // JSON.stringify(op)'s text, with the document's part kept for its answers (doc-text.ts).
    if ('put' in op) return `{"c":${JSON.stringify(op.c)},"s":${JSON.stringify(op.s)},"put":${docText(op.put)}}`;
    return JSON.stringify(op);
  } catch (error) {
    throw new ApiError(
      400,
      'unstorable_value',
      `the change cannot be written to the journal (${(error as Error).message})`,
    );
  }
}

function newBatch(): Batch {
  let settle!: (error?: unknown) => void;
  const done = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())));
  // A batch nobody waits on must not fail the process for its rejection.
  done.catch(() => {});
  return { lines: [], changes: [], waiters: [], done, settle };
}

/** Applies one journaled change to the tables; shared by the store and journal replay. */
export function applyOp(tables: Tables, op: JournalOp): void {
  if ('clear' in op) return tables.clear();
  if ('replace' in op) return void swapTables(tables, fromRows(op.replace));
  const docs = docsOf(tables, op.c, op.s);
  if ('put' in op) docs.set(op.put._id, op.put);
  else deleteFrom(tables, op.c, op.s, op.del);
}

/**
 * Deletes a document, and its scope with its last one: scopes come and go by name (an inbox, an
 * organization), and an emptied one kept would stay in memory and in every snapshot for ever.
 */
function deleteFrom(tables: Tables, collection: string, scope: string, id: string): void {
  const byScope = tables.get(collection)!;
  const docs = byScope.get(scope)!;
  docs.delete(id);
  if (docs.size === 0) byScope.delete(scope);
}

/**
 * Applies a change to the tables and returns what takes it back. Undone newest first, each undo finds
 * the tables as its change left them, so a deleted document goes back to its place in the order.
 */
function applyWithUndo(tables: Tables, op: Op): (target: Tables) => void {
  if ('replace' in op) {
    const before = new Map(tables);
    swapTables(tables, op.replace);
    return (target) => swapTables(target, before);
  }
  const { c, s } = op;
  const existed = tables.get(c)?.has(s) ?? false;
  const docs = docsOf(tables, c, s);
  const id = 'put' in op ? op.put._id : op.del;
  const previous = docs.get(id);
  const position = previous && 'del' in op ? indexOf(docs, id) : -1;
  if ('put' in op) docs.set(id, op.put);
  else deleteFrom(tables, c, s, id);
  return (target) => {
    const now = docsOf(target, c, s);
    if (previous === undefined) now.delete(id);
    else if (position < 0) now.set(id, previous);
    else insertAt(now, position, id, previous);
    if (!existed && now.size === 0) target.get(c)!.delete(s);
  };
}

function docsOf(tables: Tables, collection: string, scope: string): Map<string, Doc> {
  let byScope = tables.get(collection);
  if (!byScope) tables.set(collection, (byScope = new Map()));
  let docs = byScope.get(scope);
  if (!docs) byScope.set(scope, (docs = new Map()));
  return docs;
}

function swapTables(tables: Tables, next: Tables): void {
  tables.clear();
  for (const [collection, byScope] of next) tables.set(collection, byScope);
}

/** Where a document stands in its table's order; deletes are rare and mostly of the oldest. */
function indexOf(docs: Map<string, Doc>, id: string): number {
  let index = 0;
  for (const key of docs.keys()) {
    if (key === id) return index;
    index++;
  }
  return -1;
}

function insertAt(docs: Map<string, Doc>, index: number, id: string, doc: Doc): void {
  const entries = [...docs];
  entries.splice(index, 0, [id, doc]);
  docs.clear();
  for (const [key, value] of entries) docs.set(key, value);
}

/** Three levels of maps copied, the documents shared. */
export function copyTables(tables: Tables): Tables {
  const copy: Tables = new Map();
  for (const [collection, byScope] of tables) {
    const scopes = new Map<string, Map<string, Doc>>();
    for (const [scope, docs] of byScope) scopes.set(scope, new Map(docs));
    copy.set(collection, scopes);
  }
  return copy;
}

/**
 * Tables as plain JSON. The rows are prototype-less: a collection or scope may be named `__proto__` or
 * `constructor` (an inbox, an organization) and must stay a plain key.
 */
export function toRows(tables: Tables): TableRows {
  const rows: TableRows = Object.create(null);
  for (const [collection, byScope] of tables) {
    const scopes: Record<string, Doc[]> = (rows[collection] = Object.create(null));
    for (const [scope, docs] of byScope) scopes[scope] = [...docs.values()];
  }
  return rows;
}

export function fromRows(rows: TableRows): Tables {
  const tables: Tables = new Map();
  for (const [collection, byScope] of Object.entries(rows)) {
    const scopes = new Map<string, Map<string, Doc>>();
    for (const [scope, docs] of Object.entries(byScope)) {
      // A loop, not new Map(docs.map(...)): no pair array per document at start-up.
      const byId = new Map<string, Doc>();
      for (const doc of docs) byId.set(doc._id, doc);
      scopes.set(scope, byId);
    }
    tables.set(collection, scopes);
  }
  return tables;
}
