import { appendFile, readdir, readFile, symlink, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { docText } from '../../src/store/doc-text.js';
import { openDocumentStore } from '../../src/store/document-store.js';
import { filePersistence } from '../../src/store/file-persistence.js';
import { memoryPersistence } from '../../src/store/memory-persistence.js';
import type { Doc, Persistence, Store } from '../../src/store/store.js';
import { MAX_STORED_DEPTH } from '../../src/common/limits.js';
import { warningLogger, type Logger } from '../../src/common/logger.js';
import { cleanUp, tempDir } from '../helpers.js';

/**
 * Stores a test opened on files and left open (as after a kill), closed once it is over: Node 26
 * refuses a FileHandle left to the garbage collector (ERR_INVALID_STATE) where 22 and 24 warned.
 */
const leftOpen: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of leftOpen.splice(0)) await close().catch(() => {});
  await cleanUp();
});

const doc = (i: number) => ({ _id: `cus_${i}`, name: `Customer ${i}` });
async function open(dir: string, compactAfterBytes?: number, logger: Logger = warningLogger) {
  const store = await openDocumentStore(filePersistence(dir, { compactAfterBytes, logger }));
  leftOpen.push(() => store.close());
  return store;
}

describe('document store', () => {
  it('lists in insertion order with limit, offset and total, per scope', async () => {
    const store = await openDocumentStore(memoryPersistence());
    for (let i = 0; i < 5; i++) await store.put('customers', 'org_a', doc(i));
    await store.put('customers', 'org_b', doc(99));
    expect(store.list('customers', 'org_a', { limit: 2, offset: 1 })).toEqual({ data: [doc(1), doc(2)], total: 5 });
    expect(store.list('customers', 'org_b', { limit: 10, offset: 0 })).toEqual({ data: [doc(99)], total: 1 });
    expect(store.list('customers', 'org_c', { limit: 10, offset: 0 })).toEqual({ data: [], total: 0 });
    expect(store.get('customers', 'org_b', 'cus_1')).toBeUndefined();
    expect(await store.delete('customers', 'org_a', 'cus_1')).toBe(true);
    expect(await store.delete('customers', 'org_a', 'cus_1')).toBe(false);
    expect(store.count('customers', 'org_a')).toBe(4);
  });

  it('keeps everything across a clean close and reopen, in one snapshot file', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.put('customers', 'org_a', doc(i))));
    await store.delete('customers', 'org_a', 'cus_7');
    await store.close();
    await store.close();
    const snapshot = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8'));
    expect(snapshot.collections.customers.org_a).toHaveLength(49);
    const reopened = await open(dir);
    expect(reopened.count('customers', 'org_a')).toBe(49);
    expect(reopened.get('customers', 'org_a', 'cus_7')).toBeUndefined();
    await reopened.close();
  });

  it('recovers every acknowledged write from the journal when the process dies without closing', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    await store.put('customers', 'org_a', doc(1));
    await Promise.all([store.put('customers', 'org_a', doc(2)), store.put('customers', 'org_a', doc(3))]);
    await store.delete('customers', 'org_a', 'cus_1');
    // No close(): as after SIGKILL, only what reached the files counts.
    const recovered = await open(dir);
    expect(recovered.list('customers', 'org_a', { limit: 10, offset: 0 }).data).toEqual([doc(2), doc(3)]);
    await recovered.close();
  });

  it('forgets a scope once its last document is deleted: in memory, in the journal and in the snapshot', async () => {
    // Inboxes come and go by name (a scope each): an emptied one must not stay behind for ever.
    const dir = await tempDir();
    const store = await open(dir);
    await store.put('inbox', 'gone', doc(1));
    await store.put('inbox', 'kept', doc(2));
    await store.delete('inbox', 'gone', 'cus_1');
    expect(store.scopes('inbox')).toEqual(['kept']);
    const replayed = await open(dir); // from the journal, as after a kill
    expect(replayed.scopes('inbox')).toEqual(['kept']);
    await replayed.close();
    await store.close();
    const snapshot = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8'));
    expect(Object.keys(snapshot.collections.inbox)).toEqual(['kept']);
  });

  it('drops a torn last journal line and keeps working after it', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    await store.put('customers', 'org_a', doc(1));
    const [journal] = (await readdir(dir)).filter((n) => n.startsWith('journal-'));
    await appendFile(join(dir, journal), '{"c":"customers","s":"org_a","put":{"_id":"cus_2","na');
    const second = await open(dir);
    expect(second.count('customers', 'org_a')).toBe(1);
    await second.put('customers', 'org_a', doc(3));
    const third = await open(dir);
    expect(third.list('customers', 'org_a', { limit: 10, offset: 0 }).data).toEqual([doc(1), doc(3)]);
    await third.close();
  });

  it('refuses a journal damaged in the middle with a clear message', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'journal-0.ndjson'), 'garbage\n{"c":"customers","s":"o","put":{"_id":"x"}}\n');
    await expect(open(dir)).rejects.toThrow(/journal-0.ndjson is damaged at line 1/);
  });

  it('compacts into a new snapshot generation while writes go on, and removes old journals', async () => {
    const dir = await tempDir();
    const store = await open(dir, 2_000);
    // A compaction may still be running: wait for its end state, a snapshot and the one journal of
    // its generation. (A reader that came earlier could read the old snapshot, then list the
    // journals after the compaction removed one that snapshot needed; the data-dir lock keeps a
    // second process from ever doing so.)
    const settledPast = async (after: number) => {
      let generation = 0;
      await expect
        .poll(async () => {
          ({ generation } = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')));
          const journals = (await readdir(dir)).filter((n) => n.startsWith('journal-'));
          return journals.join() === `journal-${generation}.ndjson` && generation > after;
        })
        .toBe(true);
      return generation;
    };
    for (let round = 0; round < 20; round++) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => store.put('customers', 'org_a', doc(round * 10 + i))));
    }
    const first = await settledPast(0);
    // On a slow disk the first compaction can outlast all 200 writes, which then start no other;
    // 50 more (about 3,900 bytes of journal) pass the threshold again with none running.
    for (let i = 200; i < 250; i++) await store.put('customers', 'org_a', doc(i));
    await settledPast(first);
    const recovered = await open(dir); // without closing the first: snapshot + journals must hold all 250
    expect(recovered.count('customers', 'org_a')).toBe(250);
    await recovered.close();
  });

  it('says a compaction that fails, in one line to its logger, and goes on keeping every change', async () => {
    const dir = await tempDir();
    const { logger, said } = listening();
    const store = await open(dir, 1, logger);
    // The snapshot's temporary file cannot be opened: a link to itself.
    const temp = join(dir, '.db.json.tmp');
    await symlink(temp, temp);
    await store.put('customers', 'org_a', doc(1));
    expect(await said(1)).toEqual([
      `cannot compact the store's journal into ${join(dir, 'db.json')}: too many symbolic links (ELOOP); the journal keeps every change`,
    ]);
    await store.put('customers', 'org_a', doc(2)); // past the threshold again: tried, and said, again
    expect(await said(2)).toHaveLength(2);
    await unlink(temp);
    await store.close();
    const reopened = await open(dir);
    expect(order(reopened)).toEqual([doc(1), doc(2)]);
    await reopened.close();
  });

  it('logs a compaction that fails for a bug with its stack', async () => {
    const dir = await tempDir();
    const { logger, said, errors } = listening();
    const persistence = filePersistence(dir, { compactAfterBytes: 1, logger });
    leftOpen.push(() => persistence.close(new Map()));
    await persistence.load();
    await persistence.append('{"c":"customers","s":"org_a","put":{"_id":"cus_1"}}\n');
    persistence.maybeCompact(() => {
      throw new TypeError("Cannot read properties of undefined (reading 'get')");
    });
    expect(await said(1)).toEqual([`compacting the store's journal into ${join(dir, 'db.json')} failed`]);
    expect(errors[0]).toBeInstanceOf(TypeError);
    expect((errors[0] as Error).stack).toMatch(/\n\s+at /);
  });

  it('replace() swaps every table at once, durably, and later writes go on from the new world', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    await store.put('customers', 'org_a', doc(1));
    const checkpoint = store.snapshot();
    await store.put('customers', 'org_a', doc(2));
    await store.put('invoices', 'org_b', doc(9));
    await store.replace(checkpoint);
    expect(store.scopes('invoices')).toEqual([]);
    await store.put('customers', 'org_a', doc(3));
    const recovered = await open(dir);
    expect(recovered.list('customers', 'org_a', { limit: 10, offset: 0 }).data).toEqual([doc(1), doc(3)]);
    expect(recovered.count('invoices', 'org_b')).toBe(0);
    await recovered.close();
  });

  it('still reads the clear lines of journals written before replace', async () => {
    const dir = await tempDir();
    const lines = [
      { c: 'customers', s: 'org_a', put: doc(1) },
      { clear: true },
      { c: 'customers', s: 'org_a', put: doc(2) },
    ];
    await writeFile(join(dir, 'journal-0.ndjson'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const recovered = await open(dir);
    expect(recovered.list('customers', 'org_a', { limit: 10, offset: 0 }).data).toEqual([doc(2)]);
    await recovered.close();
  });
});

/** A persistence whose appends wait until the test lets them through or fails them. */
function heldPersistence() {
  const appends: Array<{ lines: string; write(): void; fail(error: Error): void }> = [];
  const persistence: Persistence = {
    load: async () => new Map(),
    append: (lines) => new Promise((write, fail) => appends.push({ lines, write: () => write(), fail })),
    maybeCompact: () => {},
    close: async () => {},
  };
  const next = async () => {
    await expect.poll(() => appends.length).toBeGreaterThan(0);
    return appends.shift()!;
  };
  return { persistence, next };
}

/** A store on held persistence, with these documents put in one scope and their append written. */
async function writtenStore(collection: string, scope: string, docs: Doc[]) {
  const { persistence, next } = heldPersistence();
  const store = await openDocumentStore(persistence);
  const loading = Promise.all(docs.map((d) => store.put(collection, scope, d)));
  (await next()).write();
  await loading;
  return { store, next };
}

/** A logger that keeps what it is told; `said(n)` resolves to the messages once there are n. */
function listening() {
  const messages: string[] = [];
  const errors: unknown[] = [];
  const logger: Logger = {
    error: (message, error) => void (messages.push(message), errors.push(error)),
  };
  const said = async (n: number) => {
    await expect.poll(() => messages.length).toBe(n);
    return [...messages];
  };
  return { logger, said, errors };
}

const order = (store: Store) => store.list('customers', 'org_a', { limit: 100, offset: 0 }).data;

describe('journal first', () => {
  it('refuses a change it cannot journal, alone: the others of its batch are written, and it never was', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    const cyclic: Doc = { _id: 'cus_cyclic' };
    cyclic.self = cyclic;
    const deep = { _id: 'cus_deep', value: JSON.parse('['.repeat(6000) + ']'.repeat(6000)) };
    const first = store.put('customers', 'org_a', doc(1));
    for (const poison of [cyclic, deep, { _id: 'cus_big', value: 10n }])
      expect(() => store.put('customers', 'org_a', poison)).toThrow(
        expect.objectContaining({ code: 'unstorable_value' }),
      );
    const second = store.put('customers', 'org_a', doc(2));
    await Promise.all([first, second]);
    expect(order(store)).toEqual([doc(1), doc(2)]);
    const recovered = await open(dir); // as after a kill: only the journal counts
    expect(order(recovered)).toEqual([doc(1), doc(2)]);
    await recovered.close();
    await store.close();
  });

  it("bounds a record's depth by the kit's own limit, not the engine's: Node 26 writes what Node 22 cannot", async () => {
    const store = await open(await tempDir());
    const nested = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels));
    // The record is one level, its value the rest.
    await store.put('customers', 'org_a', { _id: 'cus_deepest', value: nested(MAX_STORED_DEPTH - 1) });
    expect(() => store.put('customers', 'org_a', { _id: 'cus_deeper', value: nested(MAX_STORED_DEPTH) })).toThrow(
      expect.objectContaining({
        code: 'unstorable_value',
        message: `the change cannot be written to the journal (it nests deeper than ${MAX_STORED_DEPTH} levels of arrays and objects)`,
      }),
    );
    expect(store.get('customers', 'org_a', 'cus_deeper')).toBeUndefined();
    await store.close();
  });

  it('journals each change as JSON.stringify writes it, a put whose record text was kept for its answers too', async () => {
    const appended: string[] = [];
    const store = await openDocumentStore({
      ...memoryPersistence(),
      append: async (lines) => void appended.push(lines),
    });
    const odd = {
      _id: 'cus_odd',
      name: 'A "quoted" ë\u2028name',
      nested: { list: [1, 'two', null], deep: { x: true } },
    };
    const answered = { _id: 'cus_answered', name: 'Answered first' };
    docText(answered); // its text kept before it is journaled, as after an answer of it
    await store.put('customers', 'org_a', odd);
    await store.put('customers', 'org_"b"', answered);
    await store.delete('customers', 'org_a', 'cus_odd');
    expect(appended.join('')).toBe(
      [
        { c: 'customers', s: 'org_a', put: odd },
        { c: 'customers', s: 'org_"b"', put: answered },
        { c: 'customers', s: 'org_a', del: 'cus_odd' },
      ]
        .map((op) => `${JSON.stringify(op)}\n`)
        .join(''),
    );
  });

  it('answers a reader only once what it may see is on disk: settled() waits for every change applied so far', async () => {
    const { persistence, next } = heldPersistence();
    const store = await openDocumentStore(persistence);
    expect(store.settled()).toBeNull();
    const written = store.put('customers', 'org_a', doc(1));
    const seen = store.settled()!;
    let settled = false;
    void seen.then(() => (settled = true));
    const append = await next();
    const later = store.put('customers', 'org_a', doc(2)); // while the first batch is being written
    append.write();
    await written;
    expect(settled).toBe(true);
    const afterIt = store.settled()!;
    (await next()).write();
    await Promise.all([later, afterIt]);
    expect(store.settled()).toBeNull();
  });

  it('takes back every change not on disk when an append fails, newest first, each in its place', async () => {
    const { store, next } = await writtenStore('customers', 'org_a', [1, 2, 3, 4, 5].map(doc));
    const before = order(store);

    const failing = [
      store.delete('customers', 'org_a', 'cus_2'),
      store.put('customers', 'org_a', { ...doc(3), name: 'Changed' }),
      store.put('customers', 'org_a', doc(6)),
    ];
    const seen = store.settled()!;
    const append = await next();
    // Applied while the failing batch is being written: built on it, so taken back with it.
    const after = [store.delete('customers', 'org_a', 'cus_4'), store.put('other', 'org_b', doc(7))];
    append.fail(new Error('ENOSPC: no space left on device'));
    for (const write of [...failing, ...after]) await expect(write).rejects.toThrow(/ENOSPC/);
    await expect(seen).rejects.toThrow(/ENOSPC/);
    expect(order(store)).toEqual(before);
    expect(store.scopes('other')).toEqual([]);
    expect(store.settled()).toBeNull();

    const recovering = store.put('customers', 'org_a', doc(8));
    (await next()).write();
    await recovering;
    expect(order(store)).toEqual([...before, doc(8)]);
  });

  it('takes back the delete that emptied a scope: the scope and its document are there again', async () => {
    const { store, next } = await writtenStore('inbox', 'only', [doc(1)]);
    const deleting = store.delete('inbox', 'only', 'cus_1');
    const putting = store.put('inbox', 'only', doc(2)); // into the scope the delete removed
    expect(store.scopes('inbox')).toEqual(['only']);
    (await next()).fail(new Error('EIO: i/o error'));
    await expect(deleting).rejects.toThrow(/EIO/);
    await expect(putting).rejects.toThrow(/EIO/);
    expect(store.list('inbox', 'only', { limit: 10, offset: 0 }).data).toEqual([doc(1)]);
  });

  it('takes back a failed replace whole, and the world it replaced is there again', async () => {
    const { store, next } = await writtenStore('customers', 'org_a', [doc(1)]);
    const replacing = store.replace(new Map([['invoices', new Map([['org_b', new Map([['inv_1', doc(9)]])]])]]));
    expect(store.count('invoices', 'org_b')).toBe(1);
    (await next()).fail(new Error('EIO: i/o error'));
    await expect(replacing).rejects.toThrow(/EIO/);
    expect(order(store)).toEqual([doc(1)]);
    expect(store.count('invoices', 'org_b')).toBe(0);
  });
});
