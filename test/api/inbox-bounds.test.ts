import { afterEach, describe, expect, it } from 'vitest';
import { INBOX_KEEP, MAX_BODY_BYTES, MAX_INBOX_BYTES, MAX_INBOXES } from '../../src/common/limits.js';
import { cleanUp, inProcess, tempDir } from '../helpers.js';

/**
 * What the built-in inbox keeps is bounded: the newest INBOX_KEEP entries per inbox, MAX_INBOXES
 * inboxes, MAX_INBOX_BYTES in all, the oldest dropped first, and the listing says how many of an
 * inbox's were dropped. Before, 128 inboxes of 1 MiB bodies grew the process by ~380 MB (issue 21).
 * Posted over a real socket, with a data dir and a restart: what is kept survives, what is dropped
 * stays dropped.
 */
afterEach(cleanUp);

const MiB = 1024 * 1024;

async function started(dataDir: string) {
  const em = await inProcess({ dataDir });
  await em.listen();
  const post = async (name: string, body: string) => {
    const response = await fetch(`${em.url}/inbox/${name}`, { method: 'POST', body });
    await response.arrayBuffer();
    return response.status;
  };
  /** The bodies in the order they arrived: the listing is newest first. */
  const listing = async (name: string, limit = INBOX_KEEP) => {
    const { body } = await em.call('GET', `/_emulator/inbox/${name}?limit=${limit}`);
    const bodies = body.data.map((entry: { body: unknown }) => entry.body).toReversed();
    return { bodies, dropped: body.dropped };
  };
  return { em, post, listing };
}

/** `count` numbered bodies, from `from`, posted one after another. */
async function postNumbered(
  post: (name: string, body: string) => Promise<number>,
  name: string,
  from: number,
  count: number,
) {
  for (let i = from; i < from + count; i++) expect(await post(name, String(i))).toBe(401);
}

const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the built-in inbox keeps a bounded history', () => {
  it(`keeps the newest ${INBOX_KEEP} of an inbox and counts the dropped ones, across a restart`, async () => {
    const dataDir = await tempDir();
    let { em, post, listing } = await started(dataDir);
    await postNumbered(post, 'busy', 1, INBOX_KEEP + 5);
    expect(await listing('busy')).toEqual({ bodies: numbers(6, INBOX_KEEP + 5), dropped: 5 });
    expect(await listing('busy', 2)).toEqual({ bodies: [INBOX_KEEP + 4, INBOX_KEEP + 5], dropped: 5 });
    const newestFirst = (await em.call('GET', '/_emulator/inbox/busy?limit=2')).body.data;
    expect(newestFirst.map((entry: { body: unknown }) => entry.body)).toEqual([INBOX_KEEP + 5, INBOX_KEEP + 4]);
    expect(await listing('never')).toEqual({ bodies: [], dropped: 0 });

    await em.close();
    ({ em, post, listing } = await started(dataDir));
    expect(await listing('busy')).toEqual({ bodies: numbers(6, INBOX_KEEP + 5), dropped: 5 });
    await postNumbered(post, 'busy', INBOX_KEEP + 6, 1);
    expect(await listing('busy')).toEqual({ bodies: numbers(7, INBOX_KEEP + 6), dropped: 6 });
  });

  it(`keeps ${MAX_INBOXES} inboxes: a new one forgets the one posted to least recently, whole`, async () => {
    const dataDir = await tempDir();
    let { em, post, listing } = await started(dataDir);
    for (let i = 0; i < MAX_INBOXES; i++) await postNumbered(post, `box-${i}`, i, 1);
    await postNumbered(post, 'box-0', 1000, 1); // box-1 is now the least recently posted to
    await postNumbered(post, 'newcomer', 2000, 1);
    expect(await listing('box-1')).toEqual({ bodies: [], dropped: 0 });
    expect(await listing('box-0')).toEqual({ bodies: [0, 1000], dropped: 0 });
    expect(await listing('newcomer')).toEqual({ bodies: [2000], dropped: 0 });

    await em.close();
    ({ em, post, listing } = await started(dataDir));
    expect(await listing('box-1')).toEqual({ bodies: [], dropped: 0 });
    expect(await listing('box-2')).toEqual({ bodies: [2], dropped: 0 });
    await postNumbered(post, 'another', 3000, 1); // box-2 goes now
    expect(await listing('box-2')).toEqual({ bodies: [], dropped: 0 });
    expect(await listing('box-3')).toEqual({ bodies: [3], dropped: 0 });
    expect(await listing('newcomer')).toEqual({ bodies: [2000], dropped: 0 });
  });

  it(`keeps ${MAX_INBOX_BYTES / MiB} MiB in all: the oldest entries of any inbox go first, across a restart`, async () => {
    const dataDir = await tempDir();
    let { em, post, listing } = await started(dataDir);
    const big = (i: number) => String(i).padEnd(MAX_BODY_BYTES, ' ');
    const bigCount = MAX_INBOX_BYTES / MAX_BODY_BYTES;
    // The body limit holds here as everywhere: 1 MiB is taken, a byte more is not, and is not kept.
    expect(await post('big', big(0) + ' ')).toBe(413);
    await postNumbered(post, 'small', 1, 3);
    for (let i = 1; i <= bigCount; i++) expect(await post('big', big(i))).toBe(401);
    // Each entry is its body and its headers, so the last 1 MiB body did not fit beside the others:
    // the three small ones went first, being the oldest, then the oldest big one.
    expect(await listing('small')).toEqual({ bodies: [], dropped: 3 });
    const kept = await listing('big');
    expect(kept.dropped).toBe(1);
    expect(kept.bodies.map((body: string) => Number(body))).toEqual(numbers(2, bigCount));
    await postNumbered(post, 'small', 4, 1);
    expect(await listing('small')).toEqual({ bodies: [4], dropped: 3 });

    await em.close();
    ({ em, post, listing } = await started(dataDir));
    expect(await listing('small')).toEqual({ bodies: [4], dropped: 3 });
    expect((await listing('big')).dropped).toBe(1);
    // The oldest entry of all is big's second, older than small's newest: it goes, small's stays.
    expect(await post('big', big(bigCount + 1))).toBe(401);
    const after = await listing('big');
    expect(after.dropped).toBe(2);
    expect(after.bodies.map((body: string) => Number(body))).toEqual(numbers(3, bigCount + 1));
    expect(await listing('small')).toEqual({ bodies: [4], dropped: 3 });
  });

  it('goes back with a rollback or a reset, and reckons its bounds from what it then holds', async () => {
    const { em, post, listing } = await started(await tempDir());
    const big = (i: number) => String(i).padEnd(MAX_BODY_BYTES / 2, ' ');
    await postNumbered(post, 'busy', 1, INBOX_KEEP + 2);
    const checkpoint = em.checkpoint();
    // Near the byte bound, then back: had the inbox kept counting what the rollback took away, the
    // next big bodies would push out entries that are still within bounds.
    for (let i = 1; i < (MAX_INBOX_BYTES / MAX_BODY_BYTES) * 2; i++) expect(await post('big', big(i))).toBe(401);
    await em.rollback(checkpoint);
    expect(await listing('big')).toEqual({ bodies: [], dropped: 0 });
    expect(await listing('busy')).toEqual({ bodies: numbers(3, INBOX_KEEP + 2), dropped: 2 });
    for (let i = 1; i <= 4; i++) expect(await post('big', big(i))).toBe(401);
    expect(await listing('big')).toEqual({ bodies: [1, 2, 3, 4], dropped: 0 });
    expect((await listing('busy')).dropped).toBe(2);

    await em.reset();
    expect(await listing('busy')).toEqual({ bodies: [], dropped: 0 });
    await postNumbered(post, 'busy', 1, 1);
    expect(await listing('busy')).toEqual({ bodies: [1], dropped: 0 });
  });
});
