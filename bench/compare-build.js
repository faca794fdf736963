// The emulator built from this checkout against another build (another checkout, e.g. the commit
// before a change), measured in the same run:
//
//   node bench/compare-build.js <other checkout>   (both built: npm run build in each)
//   BENCH_LOAD=list|create|mixed                     (what is measured; default list)
//   BENCH_SECONDS=20 BENCH_ROUNDS=4                  (measured seconds per build, all rounds; default 12, 5)
//   BENCH_RULES=100                                  (this checkout serves with that many fault rules in
//                                                     force, none matching the load; `node
//                                                     bench/compare-build.js .` then measures their cost)
//
// Loads:
//   list    `GET /customers?limit=50`, memory store, 10 connections: the read path.
//   create  `POST /customers` into a data dir, 10 connections: the journaled write path.
//   mixed   both at once into a data dir, 5 connections each: reads answered while writes are being
//           journaled (the req/s of the reads is the figure; the writes' is printed beside it).
//
// Each emulator runs alone in a child process, with 60 customers to start; autocannon runs here. The
// builds take turns in pairs whose order alternates, so drift in the machine's speed favours neither;
// each pair gives a ratio this / other, and the median of those ratios is the figure to compare (one
// pair alone can swing by half on a noisy machine). Loopback only; stops by itself.

import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { internalsOf } from './internals.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LOAD = process.env.BENCH_LOAD ?? 'list';
const RECORDS = 60;
const RULES = Number(process.env.BENCH_RULES ?? 0);

/** Fault rules a test might add that match none of the calls measured: other paths, methods, orgs. */
const nonMatching = (i) =>
  [
    { method: 'POST', path: '/invoices', status: 503 },
    { path: `/invoices/inv_${i}`, status: 503 },
    { path: '/products/*', latency: 1 },
    { method: 'DELETE', path: '/customers/*', status: 500 },
    { org: 'org_other', status: 503 },
  ][i % 5];

if (process.argv[2] === '--serve') {
  const { createEmulator } = await import(pathToFileURL(resolve(process.argv[3], 'dist/index.js')).href);
  const dataDir = LOAD === 'list' ? undefined : mkdtempSync(join(tmpdir(), 'addon-bench-'));
  const emulator = await createEmulator({ port: 0, host: '127.0.0.1', rateLimit: 1_000_000, dataDir });
  for (let i = 0; i < Number(process.argv[4] ?? 0); i++) emulator.faults.add(nonMatching(i));
  const customers = (
    await internalsOf(emulator, pathToFileURL(resolve(process.argv[3], 'dist') + '/'))
  ).domain.collections.get('customers');
  for (let i = 0; i < RECORDS; i++) await customers.create(emulator.settings.orgId, { name: `Customer ${i}` });
  const url = await emulator.listen();
  const { token } = await emulator.token();
  process.send({ url, token });
  process.on('disconnect', async () => {
    await emulator.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
} else {
  const other = process.argv[2];
  if (!other) throw new Error('usage: node bench/compare-build.js <other checkout>');
  if (!['list', 'create', 'mixed'].includes(LOAD)) throw new Error(`BENCH_LOAD is list, create or mixed`);
  const self = fileURLToPath(new URL('..', import.meta.url));
  const builds = [
    {
      title: `this checkout${RULES ? ` with ${RULES} fault rules` : ''}`,
      dir: self,
      rules: RULES,
      results: [],
      writes: [],
    },
    { title: resolve(other), dir: resolve(other), rules: 0, results: [], writes: [] },
  ];
  for (const build of builds) {
    build.child = fork(fileURLToPath(import.meta.url), ['--serve', build.dir, String(build.rules)]);
    [build.server] = await once(build.child, 'message');
  }
  const cannon = (build, method, connections, duration) =>
    autocannon({
      url: `${build.server.url}/api/addon/v1/customers${method === 'GET' ? '?limit=50' : ''}`,
      method,
      headers: { authorization: `Bearer ${build.server.token}`, 'content-type': 'application/json' },
      body: method === 'POST' ? JSON.stringify({ name: 'Bench Co' }) : undefined,
      connections,
      duration,
    });
  const checked = (build, result) => {
    if (result.non2xx || result.errors)
      throw new Error(`${build.title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result['2xx'] / result.duration;
  };
  /** One measured spell: the req/s of the figure (reads under `mixed`), and of the writes beside it. */
  const measure = async (build, duration) => {
    if (LOAD === 'list') return { figure: checked(build, await cannon(build, 'GET', 10, duration)) };
    if (LOAD === 'create') return { figure: checked(build, await cannon(build, 'POST', 10, duration)) };
    const [reads, writes] = await Promise.all([cannon(build, 'GET', 5, duration), cannon(build, 'POST', 5, duration)]);
    return { figure: checked(build, reads), writes: checked(build, writes) };
  };
  for (const build of builds) await measure(build, 1); // warm-up
  const ratios = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...builds].reverse() : builds;
    for (const build of order) {
      const { figure, writes } = await measure(build, SECONDS / ROUNDS);
      build.results.push(figure);
      if (writes) build.writes.push(writes);
    }
    ratios.push(builds[0].results[round] / builds[1].results[round]);
  }
  for (const build of builds) build.child.disconnect();
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const what = { list: 'GET req/s', create: 'POST req/s', mixed: 'GET req/s beside POSTs' }[LOAD];
  for (const build of builds) {
    const writes = build.writes.length ? `; POST req/s beside them ${Math.round(median(build.writes))}` : '';
    console.log(
      `${build.title}: ${what} ${build.results.map(Math.round).join(', ')} (median ${Math.round(median(build.results))})${writes}`,
    );
  }
  console.log(`ratios this / other per pair: ${ratios.map((r) => r.toFixed(3)).join(', ')}`);
  console.log(`median ratio this / other (${LOAD}): ${median(ratios).toFixed(3)}`);
}
