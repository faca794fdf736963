// The authenticated list against a bare fastify route answering the same body, measured in one run:
//
//   npm run build && node bench/hot-path.js
//   BENCH_SECONDS=30 BENCH_ROUNDS=5   (measured seconds per server, all rounds; default 15, 5)
//   BENCH_CONNECTIONS=10              (concurrent connections; default 10)
//   BENCH_DATA_DIR=1                  (each emulator on a data dir of its own, as addon dev runs; default in memory)
//
// Four servers, each alone in a child process, in memory, with 100 customers: the emulator, the
// emulator with 100 fault rules that match nothing, the emulator made with `coverage: false` (no
// coverage recorded), and bare fastify returning the emulator's own answer to
// `GET /api/addon/v1/customers?limit=50` (the same bytes) with no auth. autocannon runs here and asks
// each in turn, in rounds whose order alternates; each round gives the ratios emulator / bare, with
// rules / without and recording / not, and the medians of those are the figures to compare (one pair
// alone can swing by half on a noisy machine). Targets: the list at >= 0.7x the bare route and 100
// non-matching rules costing <= 5% (issue 21), coverage recording costing <= 5% (issue 33). The
// emulators also say the CPU time their process spent in each round: per request, it moves far less
// than the throughput when other work shares the machine, so recording's cost is given that way too.
// Loopback only; stops by itself.

import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { internalsOf } from './internals.js';
import { measureRound } from './measure.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RECORDS = 100;
const RULES = 100;
const PATH = '/api/addon/v1/customers?limit=50';
const HOST = '127.0.0.1';

if (process.argv[2] === '--serve') await serve(process.argv[3], process.argv[4]);
else await main();

async function serve(kind, bodyFile) {
  if (kind === 'bare') {
    const { default: Fastify } = await import('fastify');
    const { readFile } = await import('node:fs/promises');
    const page = JSON.parse(await readFile(bodyFile, 'utf8'));
    const app = Fastify({ logger: false });
    app.get('/api/addon/v1/customers', async () => page);
    await app.listen({ port: 0, host: HOST });
    process.send({ url: `http://${HOST}:${app.server.address().port}` });
    process.on('disconnect', () => void app.close());
    return;
  }
  const { createEmulator } = await import('../dist/index.js');
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dataDir = process.env.BENCH_DATA_DIR === '1' ? await mkdtemp(join(tmpdir(), 'addon-hot-path-data-')) : null;
  const emulator = await createEmulator({
    port: 0,
    host: HOST,
    rateLimit: 1_000_000,
    ...(dataDir ? { dataDir } : {}),
    ...(kind === 'unrecorded' ? { coverage: false } : {}),
  });
  const customers = (await internalsOf(emulator)).domain.collections.get('customers');
  for (let i = 0; i < RECORDS; i++)
    await customers.create(emulator.settings.orgId, { name: `Customer ${i}`, email: `c${i}@example.com` });
  if (kind === 'rules')
    for (let i = 0; i < RULES; i++) emulator.faults.add({ method: 'GET', path: `/products/${i}`, status: 503 });
  const url = await emulator.listen();
  const { token } = await emulator.token();
  process.send({ url, token });
  process.on('message', () => process.send(process.cpuUsage()));
  process.on(
    'disconnect',
    () => void emulator.close().then(() => dataDir && rm(dataDir, { recursive: true, force: true })),
  );
}

async function main() {
  const self = fileURLToPath(import.meta.url);
  const start = async (title, kind, bodyFile) => {
    const child = fork(self, ['--serve', kind, bodyFile ?? '']);
    const [server] = await once(child, 'message');
    return { title, child, server, rates: [], cpu: [] };
  };
  const emulator = await start('emulator', 'emulator');
  const headers = { authorization: `Bearer ${emulator.server.token}` };
  const answer = await fetch(emulator.server.url + PATH, { headers });
  if (answer.status !== 200) throw new Error(`the emulator answered ${answer.status}`);
  const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = await mkdtemp(join(tmpdir(), 'addon-hot-path-'));
  const bodyFile = join(dir, 'page.json');
  await writeFile(bodyFile, await answer.text());
  const servers = [
    emulator,
    await start(`emulator, ${RULES} rules`, 'rules'),
    await start('emulator, coverage: false', 'unrecorded'),
    await start('bare fastify', 'bare', bodyFile),
  ];
  const [, rules, unrecorded, bare] = servers;
  for (const { server } of [rules, unrecorded])
    server.token = (await (await fetch(`${server.url}/_emulator/tokens`, { method: 'POST' })).json()).token;

  /** The CPU time, µs, the server's process has spent so far (the emulators'; 0 for bare fastify). */
  const cpuOf = async (s) => {
    if (s === bare) return 0;
    s.child.send('cpu');
    const [{ user, system }] = await once(s.child, 'message');
    return user + system;
  };
  const run = (s, duration) =>
    autocannon({
      url: s.server.url + PATH,
      headers: s.server.token ? { authorization: `Bearer ${s.server.token}` } : {},
      connections: CONNECTIONS,
      duration,
    });
  for (const s of servers) await run(s, 1); // warm-up
  const vsBare = [];
  const rulesCost = [];
  const coverageCost = [];
  const coverageCpu = [];
  for (let round = 0; round < ROUNDS; round++) {
    await measureRound(servers, round, SECONDS / ROUNDS, { run, cpuOf });
    vsBare.push(emulator.rates[round] / bare.rates[round]);
    rulesCost.push(rules.rates[round] / emulator.rates[round]);
    coverageCost.push(emulator.rates[round] / unrecorded.rates[round]);
    coverageCpu.push(unrecorded.cpu[round] / emulator.cpu[round]);
  }
  for (const s of servers) s.child.disconnect();
  await rm(dir, { recursive: true, force: true });
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  for (const s of servers)
    console.log(
      `${s.title}: req/s ${s.rates.map(Math.round).join(', ')} (median ${Math.round(median(s.rates))})` +
        (s === bare ? '' : `; CPU µs a request, median ${median(s.cpu).toFixed(1)}`),
    );
  console.log(`emulator / bare fastify per round: ${vsBare.map((r) => r.toFixed(3)).join(', ')}`);
  console.log(`${RULES} rules / none per round: ${rulesCost.map((r) => r.toFixed(3)).join(', ')}`);
  console.log(`recording / coverage: false per round: ${coverageCost.map((r) => r.toFixed(3)).join(', ')}`);
  console.log(`CPU a request, coverage: false / recording: ${coverageCpu.map((r) => r.toFixed(3)).join(', ')}`);
  console.log(`median emulator / bare fastify: ${median(vsBare).toFixed(3)} (target >= 0.7)`);
  console.log(`median with ${RULES} non-matching rules / without: ${median(rulesCost).toFixed(3)} (target >= 0.95)`);
  console.log(`median recording coverage / coverage: false: ${median(coverageCost).toFixed(3)} (target >= 0.95)`);
  console.log(`median CPU a request, coverage: false / recording: ${median(coverageCpu).toFixed(3)} (target >= 0.95)`);
}
