// The authenticated list as users run it, against a bare fastify route answering the same body, in one run:
//
//   npm run build && node bench/as-users-run.js
//   BENCH_SECONDS=30 BENCH_ROUNDS=5   (measured seconds per server, all rounds; default 15, 5)
//   BENCH_CONNECTIONS=10              (concurrent connections; default 10)
//
// Four servers, each alone in a process of its own, each with 100 customers (made through the API,
// before measuring), asked `GET /api/addon/v1/customers?limit=50` with a session token:
//
// - in memory: `createEmulator()` with no data dir, in a forked child (what bench/hot-path.js measures);
// - data dir: `node bin/addon.js dev --data DIR --no-open --rate-limit 1000000 --port 0`, as a user
//   runs it (a data dir is the default), on a fresh temporary DIR;
// - ephemeral: the same command with `--ephemeral` instead of `--data DIR`;
// - bare fastify returning the in-memory emulator's own answer (the same bytes), with no auth.
//
// The two `addon dev` print their banner and a line per call, as for a user. Their stdout and stderr
// are pipes this process drains as they come (reads and drops; the URL is read from the banner's
// "REST API" row first): a pipe read at once never holds a write back, as a user's terminal would
// not at 10 connections' pace, and the printing itself (the same in both modes) is measured as it
// costs. Every child runs without NODE_EXTRA_CA_CERTS, as on a user's machine.
//
// autocannon runs here and asks each server in turn, in rounds whose order reverses every round,
// after a 1 s warm-up of each. Each round gives each / bare, data dir / in memory and data dir /
// ephemeral, and the CPU time each server's process spent per request (utime + stime from
// /proc/<pid>/stat: per request it moves far less than the throughput when other work shares the
// machine); the medians of those are the figures to compare. Targets (issue 36): data dir >= 0.7x
// bare and >= 0.9x in memory. Linux only (/proc); loopback only; stops by itself.

import { execFileSync, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { measureRound } from './measure.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RECORDS = 100;
const PATH = '/customers?limit=50';
const API = '/api/addon/v1';
const HOST = '127.0.0.1';
const BIN = fileURLToPath(new URL('../bin/addon.js', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

/** A forked child: the in-memory emulator, or bare fastify serving the page in `bodyFile`. */
async function serve(kind, bodyFile) {
  if (kind === 'bare') {
    const { default: Fastify } = await import('fastify');
    const page = JSON.parse(await readFile(bodyFile, 'utf8'));
    const app = Fastify({ logger: false });
    app.get(API + '/customers', async () => page);
    await app.listen({ port: 0, host: HOST });
    process.send({ url: `http://${HOST}:${app.server.address().port}` });
    process.on('disconnect', () => void app.close());
    return;
  }
  const { createEmulator } = await import('../dist/index.js');
  const emulator = await createEmulator({ port: 0, host: HOST, rateLimit: 1_000_000 });
  process.send({ url: await emulator.listen() });
  process.on('disconnect', () => void emulator.close());
}

/** The environment of every child: this one's, without what a user's machine does not set. */
function userEnv() {
  const env = { ...process.env, CI: '1' };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

async function startForked(title, kind, bodyFile = '') {
  const child = fork(SELF, ['--serve', kind, bodyFile], { env: userEnv() });
  const [{ url }] = await once(child, 'message');
  return { title, child, url, stop: () => child.disconnect() };
}

/** `addon dev` with `flags`, its output drained; its URL as it prints it, in the banner's REST API row. */
async function startCli(title, flags) {
  const args = [BIN, 'dev', ...flags, '--no-open', '--rate-limit', '1000000', '--port', '0'];
  const child = spawn(process.execPath, args, { env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr.resume();
  const url = await new Promise((resolve, reject) => {
    let seen = '';
    const read = (chunk) => {
      seen += chunk;
      const match = /REST API\s+(?:\x1b\[[0-9;]*m)*(http:\/\/[^\s\x1b]+)\/api\/addon\/v1/.exec(seen);
      if (!match) return;
      child.stdout.off('data', read);
      child.stdout.resume(); // from here on, every line is read and dropped
      resolve(match[1]);
    };
    child.stdout.on('data', read);
    child.once('exit', (code) => reject(new Error(`${title} exited with ${code} before it was ready:\n${seen}`)));
  });
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  };
  return { title, child, url, stop };
}

const api = async (server, method, path, { token, body } = {}) => {
  const answer = await fetch(server.url + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!answer.ok) throw new Error(`${server.title}: ${method} ${path} answered ${answer.status}`);
  return answer;
};

/** A session token, and the 100 customers, made through the server's own APIs. */
async function fill(server) {
  server.token = (await (await api(server, 'POST', '/_emulator/tokens')).json()).token;
  for (let i = 0; i < RECORDS; i++)
    await api(server, 'POST', API + '/customers', {
      token: server.token,
      body: { name: `Customer ${i}`, email: `c${i}@example.com` },
    });
}

const TICK_US = 1e6 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);

/** The CPU time, µs, the server's process has spent so far (utime + stime, fields 14 and 15). */
async function cpuOf(server) {
  const stat = await readFile(`/proc/${server.child.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from the 3rd on
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

const run = (server, duration) =>
  autocannon({
    url: server.url + API + PATH,
    headers: server.token ? { authorization: `Bearer ${server.token}` } : {},
    connections: CONNECTIONS,
    duration,
  });

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'addon-as-users-run-'));
  const servers = [];
  try {
    const memory = await startForked('in memory (createEmulator)', 'memory');
    servers.push(memory);
    servers.push(await startCli('addon dev --data DIR', ['--data', join(dir, 'data')]));
    servers.push(await startCli('addon dev --ephemeral', ['--ephemeral']));
    for (const server of servers) await fill(server);
    const bodyFile = join(dir, 'page.json');
    await writeFile(bodyFile, await (await api(memory, 'GET', API + PATH, { token: memory.token })).text());
    servers.push(await startForked('bare fastify', 'bare', bodyFile));
    await measure(servers);
  } finally {
    for (const server of servers) await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function measure(servers) {
  const [memory, dataDir, ephemeral, bare] = servers;
  for (const server of servers) Object.assign(server, { rates: [], cpu: [], vsBare: [] });
  for (const server of servers) await run(server, 1); // warm-up
  const vsMemory = [];
  const vsEphemeral = [];
  for (let round = 0; round < ROUNDS; round++) {
    await measureRound(servers, round, SECONDS / ROUNDS, { run, cpuOf });
    for (const server of servers) server.vsBare.push(server.rates[round] / bare.rates[round]);
    vsMemory.push(dataDir.rates[round] / memory.rates[round]);
    vsEphemeral.push(dataDir.rates[round] / ephemeral.rates[round]);
    const ratios = [memory, dataDir, ephemeral].map((s) => `${s.title} ${fixed(s.vsBare[round])}`).join(', ');
    console.log(
      `round ${round + 1}: / bare: ${ratios}; data dir / in memory ${fixed(vsMemory[round])}, ` +
        `data dir / ephemeral ${fixed(vsEphemeral[round])}; CPU µs a request: ` +
        servers.map((s) => `${s.title} ${s.cpu[round].toFixed(0)}`).join(', '),
    );
  }
  console.log(
    `\nAs users run it: ${ROUNDS} rounds of ${(SECONDS / ROUNDS).toFixed(1)} s, ${CONNECTIONS} connections, Node ${process.version}\n`,
  );
  console.log('| server | req/s, median | / bare fastify, median | CPU µs a request, median |');
  console.log('|---|---:|---:|---:|');
  for (const server of servers)
    console.log(
      `| ${server.title} | ${Math.round(median(server.rates))} | ${fixed(median(server.vsBare))} | ${median(server.cpu).toFixed(0)} |`,
    );
  console.log(`\nmedian data dir / bare fastify: ${fixed(median(dataDir.vsBare))} (target >= 0.7)`);
  console.log(`median data dir / in memory: ${fixed(median(vsMemory))} (target >= 0.9)`);
  console.log(`median data dir / ephemeral: ${fixed(median(vsEphemeral))}`);
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const fixed = (ratio) => ratio.toFixed(3);

// Last: the top-level await runs once every const above is defined.
if (process.argv[2] === '--serve') await serve(process.argv[3], process.argv[4]);
else await main();
