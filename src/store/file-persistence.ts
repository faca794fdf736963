import { open, readdir, readFile, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { TextFile } from 'lowdb/node';
import { UserError } from '../common/errors.js';
import { fileError } from '../common/files/fs-errors.js';
import type { Logger } from '../common/logger.js';
import { STATE_FORMAT } from './file-formats.js';
import { applyOp, fromRows, toRows } from './document-store.js';
import type { Doc, JournalOp, Persistence, TableRows, Tables } from './store.js';
import { jsonSyntaxProblem } from '../common/json/json-syntax.js';
import { isJsonObject } from '../common/json/json-bounds.js';

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
  /** Where a compaction that failed in the background is told. */
  logger: Logger;
  /** Rewrite the snapshot once the journal passes this many bytes. */
  compactAfterBytes?: number;
}

export function filePersistence(dir: string, options: FilePersistenceOptions): Persistence {
  const compactAfterBytes = options.compactAfterBytes ?? 32 * 1024 * 1024;
  const snapshotFile = join(dir, SNAPSHOT);
  // The snapshot is serialised a slice at a time (see serialise), then written as text.
  const snapshotText = new TextFile(snapshotFile);
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

  /** `tables` is read at once, in the tick the new journal generation is set. */
  const compact = (tables: () => Tables): Promise<void> => {
    compaction ??= (async () => {
      const data = toSnapshot(tables(), generation + 1);
      await (switching = startGeneration(generation + 1));
      await snapshotText.write(await serialise(data));
      await removeJournalsBefore(dir, data.generation);
    })().finally(() => (compaction = null));
    return compaction;
  };

  return {
    async load() {
      const base = (await readSnapshot(join(dir, SNAPSHOT))) ?? { format: 1, generation: 0, collections: {} };
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
      if (pendingJournal) await compact(() => tables);
      return tables;
    },

    async append(lines) {
      await switching;
      await journal!.write(lines);
      journalBytes += Buffer.byteLength(lines);
    },

    maybeCompact(durable) {
      if (journalBytes < compactAfterBytes || compaction) return;
      // Nobody waits for it, and a failure loses nothing: the journals still hold every change, and
      // the next append past the threshold tries again. It is said, not kept quiet.
      compact(durable).catch(async (error: unknown) => {
        const said = await fileError(error, `cannot compact the store's journal into ${snapshotFile}`, snapshotFile);
        if (said instanceof UserError) options.logger.error(`${said.message}; the journal keeps every change`);
        else options.logger.error(`compacting the store's journal into ${snapshotFile} failed`, said);
      });
    },

    async close(tables) {
      await compaction?.catch(() => {}); // said already; the compaction below tries again
      if (journalBytes > 0) await compact(() => tables);
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

/**
 * The snapshot, or null when there is none yet. Anything may have been put in its place (a state file
 * exported there, a hand edit), so its shape is checked before a document is loaded: a wrong one is a
 * line naming the file, not a crash deep in the store.
 */
async function readSnapshot(file: string): Promise<Snapshot | null> {
  const text = await readFile(file, 'utf8').catch(async (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw await fileError(error, `cannot read the store ${file}`, file);
  });
  if (text === null) return null;
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch (error) {
    throw new UserError(`the store ${file} is not valid JSON (${jsonSyntaxProblem(error, text)})`);
  }
  // Most likely an export aimed at db.json: say where such a file belongs.
  if (isJsonObject(content) && content.format === STATE_FORMAT)
    throw new UserError(
      `the store ${file} is not a store snapshot but a state file; move it out of the data dir and start with --import <file>`,
    );
  const problem = !isJsonObject(content)
    ? 'it is not a JSON object'
    : content.format !== 1
      ? 'its "format" is not 1'
      : !(Number.isSafeInteger(content.generation) && (content.generation as number) >= 0)
        ? 'its "generation" is not a whole number'
        : rowsProblem(content.collections, 'collections');
  if (problem) throw new UserError(`the store ${file} is not a store snapshot: ${problem}`);
  return content as unknown as Snapshot;
}

/** Why `rows` is not collection -> scope -> documents with string ids; null when it is. */
function rowsProblem(rows: unknown, at: string): string | null {
  if (!isJsonObject(rows)) return `${at} is not an object`;
  for (const [collection, byScope] of Object.entries(rows)) {
    if (!isJsonObject(byScope)) return `${at}.${collection} is not an object`;
    for (const [scope, docs] of Object.entries(byScope)) {
      if (!Array.isArray(docs)) return `${at}.${collection}.${scope} is not an array`;
      const i = docs.findIndex((doc) => !isDoc(doc));
      if (i >= 0) return `${at}.${collection}.${scope}[${i}] is not a document with a string _id`;
    }
  }
  return null;
}

/** One of the changes `append` writes (store.ts, JournalOp). */
function isOp(value: unknown): value is JournalOp {
  if (!isJsonObject(value)) return false;
  if (value.clear === true) return true;
  if ('replace' in value) return rowsProblem(value.replace, 'replace') === null;
  if (typeof value.c !== 'string' || typeof value.s !== 'string') return false;
  return 'put' in value ? isDoc(value.put) : typeof value.del === 'string';
}

const isDoc = (value: unknown): value is Doc => isJsonObject(value) && typeof value._id === 'string';

/**
 * A kill mid-append can leave a torn last line: that change was never acknowledged, so it is dropped.
 * A whole line that is not a change (JSON, but not what `append` writes) is damage, wherever it is.
 */
async function readJournal(file: string): Promise<{ ops: JournalOp[]; size: number }> {
  const text = await readFile(file, 'utf8').catch(async (error: unknown) => {
    throw await fileError(error, `cannot read the journal ${file}`, file);
  });
  const lines = text.split('\n');
  const ops: JournalOp[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === '') continue;
    let op: unknown;
    try {
      op = JSON.parse(lines[i]);
    } catch {
      const isTail = lines.slice(i + 1).every((l) => l === '');
      if (isTail) break;
      throw new UserError(`the journal ${file} is damaged at line ${i + 1}`);
    }
    if (!isOp(op))
      throw new UserError(`the journal ${file} is damaged at line ${i + 1} (not a change the store writes)`);
    ops.push(op);
  }
  return { ops, size: text.length };
}
