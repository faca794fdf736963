import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  api,
  attemptsLogged,
  cleanUp,
  cli,
  seededRandom,
  startDev,
  startReceiver,
  tempDir,
  writers,
} from '../helpers.js';

afterEach(cleanUp);

/**
 * Kills `addon dev` with SIGKILL after a random spell of concurrent writes, restarts it on the same
 * data dir, and checks that every write that was answered 201 is there and that the snapshot the
 * restart folded the journal into parses. The spells come from a printed seed: CRASH_SEED=<seed>
 * repeats a run exactly.
 */
it('loses no answered write when killed mid-load, over several rounds', async () => {
  const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 32));
  console.log(`crash test: CRASH_SEED=${seed}`);
  const random = seededRandom(seed);
  const data = await tempDir();
  const answered: string[] = [];
  let token = '';
  for (let round = 0; round < 3; round++) {
    const dev = await startDev(['--data', data]);
    token ||= (await cli(['token', '--emulator', dev.url])).stdout.trim();
    const stored = await allCustomerIds(dev.apiUrl, token);
    expect(
      answered.filter((id) => !stored.has(id)),
      `answered before a kill (CRASH_SEED=${seed})`,
    ).toEqual([]);
    if (round > 0) await snapshotParses(data);
    const load = writers(dev.apiUrl, token);
    await load.reached(1);
    await new Promise((r) => setTimeout(r, 300 + random() * 700));
    await dev.stop('SIGKILL');
    await load.stop();
    answered.push(...load.answered);
  }
  expect(answered.length).toBeGreaterThan(20);
  const last = await startDev(['--data', data]);
  const stored = await allCustomerIds(last.apiUrl, token);
  expect(
    answered.filter((id) => !stored.has(id)),
    `answered before a kill (CRASH_SEED=${seed})`,
  ).toEqual([]);
  await snapshotParses(data);
}, 90_000);

/** Every customer id, a page of 100 at a time (one GET per id took minutes for thousands of writes). */
async function allCustomerIds(apiUrl: string, token: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const { body } = await api(`${apiUrl}/customers?limit=100&offset=${offset}`, { token });
    for (const customer of body.data) ids.add(customer._id);
    if (offset + 100 >= body.total) return ids;
  }
}

/** A start after a kill folds the journal into db.json: it must be there, whole. */
async function snapshotParses(data: string): Promise<void> {
  const snapshot = JSON.parse(await readFile(join(data, 'db.json'), 'utf8'));
  expect(snapshot).toMatchObject({ format: 1, collections: expect.any(Object) });
}

it('keeps a pending webhook retry through a SIGKILL and sends it after the restart', async () => {
  const data = await tempDir();
  const receiver = await startReceiver({ status: 500 });
  const first = await startDev(['--data', data]);
  const token = (await cli(['token', '--emulator', first.url])).stdout.trim();
  await api(`${first.apiUrl}/events/subscribe`, {
    token,
    body: { event: 'customer.created', webhookUrl: receiver.url },
  });
  await api(`${first.apiUrl}/customers`, { token, body: { name: 'Acme' } });
  await attemptsLogged(first, 1);
  // The journal keeps the order of changes, so once a later write is answered (2xx means journaled),
  // the failed attempt is on disk too.
  const later = await api(`${first.apiUrl}/events/subscribe`, {
    token,
    body: { event: 'customer.updated', webhookUrl: receiver.url },
  });
  expect(later.status).toBe(201);
  first.process.kill('SIGKILL');
  await first.stop();

  receiver.status = 200;
  const second = await startDev(['--data', data]);
  await cli(['clock', 'advance', '1m', '--emulator', second.url]);
  const [attempt1, attempt2] = receiver.requests;
  expect(attempt2.headers['x-service-delivery-attempt']).toBe('2');
  expect(JSON.parse(attempt2.body).deliveryId).toBe(JSON.parse(attempt1.body).deliveryId);
});
