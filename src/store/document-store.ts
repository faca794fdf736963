import type { Doc, Op, Page, Persistence, Store, TableRows, Tables } from './store.js';

/**
 * An in-memory document store that group-commits its changes to a Persistence: writes made in the same
 * turn of the event loop are journaled with one append, and each caller's promise resolves when its
 * batch is on disk. The cost of a write therefore does not grow with the size of the store.
 */
export async function openDocumentStore(persistence: Persistence): Promise<Store> {
  const tables: Tables = await persistence.load();
  let pending: { ops: Op[]; waiters: Array<{ resolve(): void; reject(e: unknown): void }> } | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let closed: Promise<void> | null = null;

  const table = (collection: string, scope: string) => tables.get(collection)?.get(scope);
  const change = (op: Op) => {
    applyOp(tables, op);
    return commit(op);
  };

  const flush = async () => {
    const batch = pending!;
    pending = null;
    try {
      await persistence.append(batch.ops);
      batch.waiters.forEach((w) => w.resolve());
    } catch (error) {
      batch.waiters.forEach((w) => w.reject(error));
      return;
    }
    await persistence.maybeCompact(tables).catch(() => {
      // A failed compaction loses nothing: the journal still holds every change.
    });
  };

  const commit = (op: Op): Promise<void> => {
    if (closed) return Promise.reject(new Error('the store is closed'));
    if (!pending) {
      pending = { ops: [], waiters: [] };
      // Batches are written one after another, so the journal keeps the order of the changes.
      flushing = flushing.then(() => new Promise((r) => setImmediate(r))).then(flush);
    }
    pending.ops.push(op);
    return new Promise((resolve, reject) => pending!.waiters.push({ resolve, reject }));
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

    replace(next) {
      tables.clear();
      for (const [collection, byScope] of next) tables.set(collection, byScope);
      return commit({ replace: toRows(next) });
    },

    close() {
      closed ??= flushing.then(() => persistence.close(tables));
      return closed;
    },
  };
}

/** Applies one journaled change to the tables; shared by the store and journal replay. */
export function applyOp(tables: Tables, op: Op): void {
  if ('clear' in op) return tables.clear();
  if ('replace' in op) {
    tables.clear();
    for (const [collection, byScope] of fromRows(op.replace)) tables.set(collection, byScope);
    return;
  }
  let byScope = tables.get(op.c);
  if (!byScope) tables.set(op.c, (byScope = new Map()));
  let docs = byScope.get(op.s);
  if (!docs) byScope.set(op.s, (docs = new Map()));
  if ('put' in op) docs.set(op.put._id, op.put);
  else docs.delete(op.del);
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

export function toRows(tables: Tables): TableRows {
  const rows: TableRows = {};
  for (const [collection, byScope] of tables) {
    rows[collection] = {};
    for (const [scope, docs] of byScope) rows[collection][scope] = [...docs.values()];
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
