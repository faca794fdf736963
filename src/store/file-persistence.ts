import { open, readdir, readFile, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { DataFile, TextFile } from 'lowdb/node';
import { UserError } from '../errors.js';
import { applyOp, fromRows, toRows } from './document-store.js';
import type { JournalOp, Persistence, TableRows, Tables } from './store.js';

/**
 * Durable storage in a data dir: `db.json`, a lowdb snapshot written atomically (temp file + rename, so
 * a kill at any moment leaves a readable file), plus `journal-<generation>.ndjson`, an append-only log
 * of the changes made since that snapshot. A write costs one append, not a rewrite of the whole file;
 * the snapshot is rewritten only when the journal has grown large, and on close.
 *
 * Compaction starts a new journal generation before writing the snapshot, so writes go on meanwhile.
 * On load, the journals of the snapshot's generation and later are replayed; older ones are leftovers
 * of a compaction that finished and are removed.
 */
interface Snapshot {
  format: 1;
  generation: number;
  collections: TableRows;
}

const SNAPSHOT = 'db.json';
const JOURNAL = /^journal-(\d+)\.ndjson$/;
const journalName = (generation: number) => `journal-${generation}.ndjson`;

export interface FilePersistenceOptions {
  /** Rewrite the snapshot once the journal passes this many bytes. */
  compactAfterBytes?: number;
}

export function filePersistence(dir: string, options: FilePersistenceOptions = {}): Persistence {
  const compactAfterBytes = options.compactAfterBytes ?? 32 * 1024 * 1024;
  const snapshot = new Low<Snapshot | null>(
    new DataFile<Snapshot | null>(join(dir, SNAPSHOT), { parse: JSON.parse, stringify: JSON.stringify }),
    null,
  );
  // The snapshot is serialised a slice at a time (see serialise), then written as text.
  const snapshotText = new TextFile(join(dir, SNAPSHOT));
  let generation = 0;
  let journal: FileHandle | null = null;
  let journalBytes = 0;
  let compaction: Promise<void> | null = null;
  // Set in the same tick as a snapshot is captured: appends that come after it wait for, and go
  // to, the new journal, so nothing lands in a journal the new snapshot makes obsolete.
  let switching: Promise<void> = Promise.resolve();

  const startGeneration = async (next: number) => {
    const previous = journal;
    journal = await open(join(dir, journalName(next)), 'a');
    generation = next;
    journalBytes = 0;
    await previous?.close();
  };

  const compact = (tables: Tables): Promise<void> => {
    compaction ??= (async () => {
      const data = toSnapshot(tables, generation + 1);
      await (switching = startGeneration(generation + 1));
      await snapshotText.write(await serialise(data));
      await removeJournalsBefore(dir, data.generation);
    })().finally(() => (compaction = null));
    return compaction;
  };

  return {
    async load() {
      await snapshot.read().catch((error: Error) => {
        throw new UserError(`the store ${join(dir, SNAPSHOT)} is not valid JSON (${error.message})`);
      });
      const base = snapshot.data ?? { format: 1, generation: 0, collections: {} };
      const tables = fromRows(base.collections);
      const generations = await journalGenerations(dir);
      let pendingJournal = false;
      for (const g of generations.filter((g) => g >= base.generation)) {
        const { ops, size } = await readJournal(join(dir, journalName(g)));
        for (const op of ops) applyOp(tables, op);
        pendingJournal ||= size > 0;
      }
      await removeJournalsBefore(dir, base.generation);
      await startGeneration(Math.max(base.generation, ...generations));
      // Fold the journals into the snapshot, so the next start reads one file and no torn line is
      // ever followed by new appends.
      if (pendingJournal) await compact(tables);
      return tables;
    },

    async append(lines) {
      await switching;
      await journal!.write(lines);
      journalBytes += Buffer.byteLength(lines);
    },

    async maybeCompact(durable) {
      if (journalBytes >= compactAfterBytes && !compaction) void compact(durable()).catch(() => {});
    },

    async close(tables) {
      await compaction;
      if (journalBytes > 0) await compact(tables);
      await journal?.close();
      journal = null;
    },
  };
}

function toSnapshot(tables: Tables, generation: number): Snapshot {
  return { format: 1, generation, collections: toRows(tables) };
}

/**
 * One document per line, so the file stays readable and diffable by a person. Serialising 100,000
 * documents takes long enough to stall every request, so it yields to the event loop between slices.
 */
async function serialise(snapshot: Snapshot, slice = 2000): Promise<string> {
  const parts = [`{"format": 1, "generation": ${snapshot.generation}, "collections": {`];
  let written = 0;
  const collections = Object.entries(snapshot.collections);
  for (const [c, [name, byScope]] of collections.entries()) {
    parts.push(`${c ? ',' : ''}\n ${JSON.stringify(name)}: {`);
    for (const [s, [scope, docs]] of Object.entries(byScope).entries()) {
      parts.push(`${s ? ',' : ''}\n  ${JSON.stringify(scope)}: [`);
      for (const [d, doc] of docs.entries()) {
        parts.push(`${d ? ',' : ''}\n   ${JSON.stringify(doc)}`);
        if (++written % slice === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      parts.push('\n  ]');
    }
    parts.push('\n }');
  }
  parts.push('\n}}\n');
  return parts.join('');
}

async function journalGenerations(dir: string): Promise<number[]> {
  const names = await readdir(dir);
  return names.flatMap((n) => (JOURNAL.test(n) ? [Number(JOURNAL.exec(n)![1])] : [])).sort((a, b) => a - b);
}

async function removeJournalsBefore(dir: string, generation: number): Promise<void> {
  for (const g of await journalGenerations(dir)) {
    if (g < generation) await unlink(join(dir, journalName(g))).catch(() => {});
  }
}

/** A kill mid-append can leave a torn last line: that change was never acknowledged, so it is dropped. */
async function readJournal(file: string): Promise<{ ops: JournalOp[]; size: number }> {
  const text = await readFile(file, 'utf8');
  const lines = text.split('\n');
  const ops: JournalOp[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === '') continue;
    try {
      ops.push(JSON.parse(lines[i]) as JournalOp);
    } catch {
      const isTail = lines.slice(i + 1).every((l) => l === '');
      if (isTail) break;
      throw new UserError(`the journal ${file} is damaged at line ${i + 1}`);
    }
  }
  return { ops, size: text.length };
}
