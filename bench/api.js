// Throughput benchmark of the emulated add-on API, as ratios against baselines measured in the same run.
//
//   npm run bench                      (builds, then runs this file)
//   BENCH_SECONDS=10 node bench/api.js (measured seconds per server, all rounds together; default 5)
//   BENCH_ROUNDS=2                     (interleaved rounds the measured seconds are split into; default 2)
//   BENCH_WARMUP=1                     (warm-up before each measured round, seconds; default 1)
//   BENCH_CONNECTIONS=10               (concurrent connections; default 10)
//
// Machines are noisy: the absolute req/s are printed, but the ratio is the figure to compare across
// runs. Everything listens on 127.0.0.1 only; the script stops every server it started and removes its
// temp dirs. Exit code 0, or 1 when a run failed or saw errors / non-2xx answers.
//
// Each server under test runs alone in a fresh child process (this file with `--serve`), and autocannon
// runs in this process: the load generator never shares an event loop with the server, and no
// measurement inherits another's heap, garbage or JIT state (filling 100,000 records leaves plenty of
// all three). Stores are filled once, in a child, into template data dirs; every measured round starts
// from a fresh copy of its template, so "100 stored" really is 100 when the round starts (POSTs add
// thousands per second). Servers compared with each other take turns, in an order that reverses
// every round, so drift in the machine's speed does not favour one of them.

import { fork } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HOST = '127.0.0.1';
const RATE_LIMIT = 1e9; // high enough that the limiter never answers 429 during a run
const LIST_RECORDS = 60; // more than the one page of 50 that is listed
const POST_BODY = JSON.stringify({ name: 'Bench Co', email: 'bench@example.com' });
const SMALL_STORE = 100;
const LARGE_STORE = 100_000;
const POST_TARGET = 0.5;

if (process.argv[2] === '--serve') {
  await serve();
} else {
  await orchestrate();
}

// ---------------------------------------------------------------------------------------------------
// Child: one server (or one store fill) per process, driven by IPC messages from the parent.

async function serve() {
  const { createEmulator } = await import('../dist/index.js');
  let close = async () => {};
  let closing = null;
  const shutdown = () => {
    closing ??= close().finally(() => process.disconnect?.());
    return closing;
  };
  // The parent went away (crash, Ctrl-C): do not linger.
  process.on('disconnect', () => void shutdown());

  const openEmulator = (dataDir) => createEmulator({ port: 0, host: HOST, dataDir, rateLimit: RATE_LIMIT });

  const handlers = {
    /** Fills a data dir with `count` customers and closes (which writes the snapshot). */
    async fill({ dataDir, count }) {
      const emulator = await openEmulator(dataDir);
      close = () => emulator.close();
      await fillCustomers(emulator, count);
      await emulator.close();
      return { stored: count };
    },

    /** An emulator on `dataDir`, optionally given `fill` more customers first. */
    async emulator({ dataDir, fill = 0 }) {
      const emulator = await openEmulator(dataDir);
      close = () => emulator.close();
      if (fill) await fillCustomers(emulator, fill);
      const url = await emulator.listen();
      const { token } = await emulator.mintToken();
      const { total } = emulator.domain.collections
        .get('customers')
        .list(emulator.settings.orgId, { limit: 1, offset: 0 });
      return { url, token, stored: total };
    },

    /** A bare fastify route answering `page`; with `jwks`, only after jose's jwtVerify of the bearer token. */
    async bare({ path, page, jwks }) {
      const { default: Fastify } = await import('fastify');
      const { createLocalJWKSet, jwtVerify } = await import('jose');
      const keys = jwks && createLocalJWKSet(jwks);
      const app = Fastify({ logger: false, forceCloseConnections: true });
      close = () => app.close();
      app.get(path, async (request, reply) => {
        if (keys) {
          const match = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '');
          if (!match) return reply.code(401).send({ error: 'missing token' });
          try {
            await jwtVerify(match[1], keys, { algorithms: ['ES256'] });
          } catch {
            return reply.code(401).send({ error: 'invalid token' });
          }
        }
        return page;
      });
      await app.listen({ port: 0, host: HOST });
      return { url: `http://${HOST}:${app.server.address().port}` };
    },
  };

  process.on('message', async (message) => {
    if (message.type === 'close') return void shutdown();
    try {
      process.send({ type: 'ready', ...(await handlers[message.type](message)) });
    } catch (error) {
      process.send({ type: 'failed', error: String(error?.stack ?? error) });
      await shutdown();
    }
  });
  process.send({ type: 'hello' });
}

/** Creates `count` customers through the domain, awaiting in batches (one journal append per batch). */
async function fillCustomers(emulator, count, batch = 1000) {
  const customers = emulator.domain.collections.get('customers');
  const orgId = emulator.settings.orgId;
  for (let done = 0; done < count;) {
    const n = Math.min(batch, count - done);
    const writes = [];
    for (let i = 0; i < n; i++) {
      const k = done + i;
      writes.push(customers.create(orgId, { name: `Customer ${k}`, email: `customer${k}@example.com` }));
    }
    await Promise.all(writes);
    done += n;
  }
}

// ---------------------------------------------------------------------------------------------------
// Parent: prepares, measures, prints.

async function orchestrate() {
  const { default: autocannon } = await import('autocannon');
  const { API_PREFIX } = await import('../dist/index.js');
  const SECONDS = positiveNumber('BENCH_SECONDS', 5);
  const WARMUP = positiveNumber('BENCH_WARMUP', 1);
  const CONNECTIONS = Math.round(positiveNumber('BENCH_CONNECTIONS', 10));
  const ROUNDS = Math.round(positiveNumber('BENCH_ROUNDS', 2));
  const PATH = `${API_PREFIX}/customers`;

  /** Still-open children and temp dirs; released in reverse order at the end, also on failure. */
  const cleanups = [];
  const cleanupAll = async () => {
    while (cleanups.length)
      await cleanups
        .pop()()
        .catch((e) => console.error('bench: cleanup failed:', e));
  };

  const tempDir = async (tag) => {
    const dir = await mkdtemp(join(tmpdir(), `addon-bench-${tag}-`));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };

  /** Starts a child, sends it `request`, resolves with its answer and a close() that waits for its exit. */
  const child = async (request) => {
    const proc = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = once(proc, 'exit');
    let closed = null;
    const close = () =>
      (closed ??= (async () => {
        if (proc.exitCode === null && proc.signalCode === null) {
          if (proc.connected) proc.send({ type: 'close' });
          const timer = setTimeout(() => proc.kill('SIGKILL'), 60_000);
          await exited;
          clearTimeout(timer);
        }
      })());
    cleanups.push(close);
    const next = () =>
      Promise.race([
        once(proc, 'message').then(([m]) => m),
        exited.then(([code, signal]) => ({ type: 'failed', error: `child exited (${signal ?? code})` })),
      ]);
    // A hello first, so a child that dies while importing is reported rather than awaited forever.
    const hello = await next();
    if (hello.type !== 'hello') throw new Error(`bench child (${request.type}) failed: ${hello.error}`);
    proc.send(request);
    const reply = await next();
    if (reply.type !== 'ready') throw new Error(`bench child (${request.type}) failed: ${reply.error}`);
    return { ...reply, close };
  };

  const cannon = (opts, duration) => autocannon({ connections: CONNECTIONS, pipelining: 1, duration, ...opts });

  /**
   * Measures several servers against each other: ROUNDS rounds, each giving every server a fresh
   * process, a warm-up and SECONDS / ROUNDS measured seconds, in an order that reverses every round
   * (A B C, C B A, ...) so that a machine slowing down or speeding up during the run does not favour
   * whichever went first. A server's req/s is its 2xx answers over its measured time, all rounds
   * together.
   */
  const compare = async (servers) => {
    const totals = new Map(servers.map((s) => [s, { title: s.title, answered: 0, seconds: 0, rounds: [], ok: true }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const server of round % 2 ? [...servers].reverse() : servers) {
        const { opts, close } = await server.start();
        await cannon(opts, WARMUP);
        const r = await cannon(opts, SECONDS / ROUNDS);
        await close();
        const total = totals.get(server);
        const problems = [];
        if (r.non2xx) problems.push(`${r.non2xx} non-2xx ${JSON.stringify(r.statusCodeStats)}`);
        if (r.errors) problems.push(`${r.errors} errors`);
        if (r.timeouts) problems.push(`${r.timeouts} timeouts`);
        total.answered += r['2xx'];
        total.seconds += r.duration;
        total.rounds.push(Math.round(r['2xx'] / r.duration));
        total.ok &&= problems.length === 0;
        console.error(
          `bench: round ${round + 1}/${ROUNDS} ${server.title}: ${Math.round(r['2xx'] / r.duration)} req/s ` +
            `(p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms)${problems.length ? ' PROBLEMS: ' + problems.join(', ') : ''}`,
        );
      }
    }
    return servers.map((s) => {
      const t = totals.get(s);
      return { ...t, rps: t.answered / t.seconds };
    });
  };

  const started = Date.now();
  try {
    // 1. Authenticated list, against bare fastify with and without jose's verification of the token.
    //    One data dir (and so one signing key) for every emulator process of this comparison.
    const listDir = await tempDir('list');
    const seeded = await child({ type: 'emulator', dataDir: listDir, fill: LIST_RECORDS });
    const headers = { authorization: `Bearer ${seeded.token}` };
    const listPath = `${PATH}?limit=50`;
    // The baselines answer exactly what the emulator answers, and verify against its published keys.
    const first = await fetch(seeded.url + listPath, { headers });
    if (first.status !== 200) throw new Error(`GET ${listPath} answered ${first.status}: ${await first.text()}`);
    const page = await first.json();
    if (page.data.length !== 50) throw new Error(`expected 50 records, got ${page.data.length}`);
    const jwks = await (await fetch(`${seeded.url}/.well-known/jwks.json`)).json();
    await seeded.close();

    const listServer = (title, request) => ({
      title,
      async start() {
        const server = await child(request);
        return { opts: { url: server.url + listPath, headers }, close: server.close };
      },
    });
    const [listEmu, listVerify, listBare] = await compare([
      listServer('GET customers?limit=50, emulator', { type: 'emulator', dataDir: listDir }),
      listServer('bare fastify + jose jwtVerify', { type: 'bare', path: PATH, page, jwks }),
      listServer('bare fastify, no auth', { type: 'bare', path: PATH, page, jwks: null }),
    ]);

    // 2. POST with 100 vs 100,000 stored customers; every round starts from a fresh copy of a template.
    const fillStarted = Date.now();
    const templates = {};
    await Promise.all(
      [SMALL_STORE, LARGE_STORE].map(async (count) => {
        const dir = await tempDir(`template-${count}`);
        const filler = await child({ type: 'fill', dataDir: dir, count });
        await filler.close();
        templates[count] = dir;
      }),
    );
    console.error(`bench: filled the template stores in ${((Date.now() - fillStarted) / 1000).toFixed(1)} s`);

    const postServer = (count) => ({
      title: `POST customers, ${count.toLocaleString('en-US')} stored`,
      async start() {
        const dir = await tempDir(`post-${count}`);
        await cp(templates[count], dir, { recursive: true });
        const server = await child({ type: 'emulator', dataDir: dir });
        if (server.stored !== count) throw new Error(`expected ${count} stored customers, found ${server.stored}`);
        const opts = {
          url: server.url + PATH,
          method: 'POST',
          headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
          body: POST_BODY,
        };
        return {
          opts,
          close: async () => {
            await server.close();
            await rm(dir, { recursive: true, force: true });
          },
        };
      },
    });
    const [postSmall, postLarge] = await compare([postServer(SMALL_STORE), postServer(LARGE_STORE)]);

    await cleanupAll();
    const rows = [
      { ...listEmu, baseline: listVerify },
      { ...listEmu, baseline: listBare },
      { ...postLarge, baseline: postSmall, target: POST_TARGET },
    ];
    console.log();
    console.log(
      `node ${process.version}; ${SECONDS} s measured per server (${ROUNDS} interleaved rounds of ` +
        `${+(SECONDS / ROUNDS).toFixed(2)} s, each after a ${WARMUP} s warm-up in a fresh process); ` +
        `${CONNECTIONS} connections; 127.0.0.1`,
    );
    console.log('ratio = req/s / baseline req/s, both measured in this run');
    console.log();
    printTable(rows);
    console.log();
    console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (rows.some((r) => !r.ok || !r.baseline.ok)) {
      console.error('bench: some runs had errors or non-2xx answers; their figures are not comparable');
      process.exitCode = 1;
    }
  } catch (error) {
    console.error('bench failed:', error);
    process.exitCode = 1;
  } finally {
    await cleanupAll();
  }
}

function printTable(rows) {
  const header = ['measurement', 'req/s', 'baseline', 'baseline req/s', 'ratio'];
  const body = rows.map((r) => {
    const ratio = r.rps / r.baseline.rps;
    const note = !r.ok || !r.baseline.ok ? ' (errors!)' : r.target ? ` (target >= ${r.target})` : '';
    return [r.title, Math.round(r.rps), r.baseline.title, Math.round(r.baseline.rps), ratio.toFixed(2) + note].map(
      String,
    );
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const numeric = new Set([1, 3]);
  const line = (cells) =>
    '| ' + cells.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const row of body) console.log(line(row));
}

function positiveNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
}
