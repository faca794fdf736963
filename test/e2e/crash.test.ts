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

/**
 * One poisoned change among concurrent writers: values too deep to journal, numbers JSON cannot
 * hold. Each is refused alone; every write answered 2xx survives a SIGKILL, and nothing refused
 * appears after the restart.
 */
it('keeps every answered write and none of the refused ones when poisoned changes come among them', async () => {
  const data = await tempDir();
  const dev = await startDev(['--data', data]);
  const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
  const send = (method: string, path: string, body: string) =>
    fetch(`${dev.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    })
      .then((response) => response.status)
      .catch(() => 0);
  const deep = '['.repeat(6000) + ']'.repeat(6000);
  const poisons = [
    (i: number) => send('PUT', `/api/addon/v1/storage/poison-${i}`, `{"value":${deep}}`),
    (i: number) => send('PUT', `/api/addon/v1/storage/poison-${i}`, '{"value":1e400}'),
    () => send('POST', '/inbox/poison', deep),
    (i: number) =>
      send('POST', '/_emulator/events/trigger', `{"event":"customer.created","data":{"n":${i},"x":${deep}}}`),
  ];
  const kept: string[] = [];
  const poisoned: number[] = [];
  let stopped = false;
  const poisoner = (async () => {
    for (let i = 0; !stopped; i++) {
      poisoned.push(await poisons[i % poisons.length](i));
      const status = await send('PUT', `/api/addon/v1/storage/good-${i}`, `{"value":${i}}`);
      if (status === 200 || status === 201) kept.push(`good-${i}`);
    }
  })();
  const load = writers(dev.apiUrl, token);
  await load.reached(50);
  await expect.poll(() => poisoned.length).toBeGreaterThan(8);
  await dev.stop('SIGKILL');
  stopped = true;
  await Promise.all([load.stop(), poisoner]);

  const again = await startDev(['--data', data]);
  const customers = await allCustomerIds(again.apiUrl, token);
  expect(load.answered.filter((id) => !customers.has(id))).toEqual([]);
  const keys: string[] = [];
  for (let offset = 0, total = 1; offset < total; offset += 100) {
    const page = await api(`${again.apiUrl}/storage?limit=100&offset=${offset}`, { token });
    keys.push(...page.body.data.map((entry: { key: string }) => entry.key));
    total = page.body.total;
  }
  expect(kept.filter((key) => !keys.includes(key))).toEqual([]);
  expect(keys.filter((key) => key.startsWith('poison-'))).toEqual([]);
  expect((await api(`${again.url}/_emulator/inbox/poison`)).body.data).toEqual([]);
  // Refused with 400 (0: cut off by the kill).
  expect(poisoned.filter((status) => status !== 400 && status !== 0)).toEqual([]);
}, 90_000);
