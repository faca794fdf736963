import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDocumentStore } from '../../src/store/document-store.js';
import { filePersistence } from '../../src/store/file-persistence.js';
import { memoryPersistence } from '../../src/store/memory-persistence.js';
import { cleanUp, tempDir } from '../helpers.js';

afterEach(cleanUp);

const doc = (i: number) => ({ _id: `cus_${i}`, name: `Customer ${i}` });
const open = (dir: string, compactAfterBytes?: number) =>
  openDocumentStore(filePersistence(dir, { compactAfterBytes }));

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
    for (let round = 0; round < 20; round++) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => store.put('customers', 'org_a', doc(round * 10 + i))));
    }
    // The last compaction may still be running: wait for its end state, a snapshot and the one
    // journal of its generation. (A reader that came earlier could read the old snapshot, then list
    // the journals after the compaction removed one that snapshot needed; the data-dir lock keeps a
    // second process from ever doing so.)
    const settled = async () => {
      const { generation } = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8'));
      const journals = (await readdir(dir)).filter((n) => n.startsWith('journal-'));
      return { generation, journals };
    };
    await expect
      .poll(async () => {
        const { generation, journals } = await settled();
        return journals.join() === `journal-${generation}.ndjson`;
      })
      .toBe(true);
    expect((await settled()).generation).toBeGreaterThan(1);
    const recovered = await open(dir); // without closing the first: snapshot + journals must hold all 200
    expect(recovered.count('customers', 'org_a')).toBe(200);
    await recovered.close();
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
