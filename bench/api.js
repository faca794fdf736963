// Throughput benchmark of the emulated add-on API, as ratios against baselines measured in the same run,
// then start-up and idle memory of `addon dev` against json-server 0.17 on the same 100,000 records.
//
//   npm run bench                      (builds, then runs this file)
//   BENCH_SECONDS=10 node bench/api.js (measured seconds per server, all rounds together; default 5)
//   BENCH_ROUNDS=2                     (interleaved rounds the measured seconds are split into; default 2)
//   BENCH_WARMUP=1                     (warm-up before each measured round, seconds; default 1)
//   BENCH_CONNECTIONS=10               (concurrent connections; default 10; json-server's POSTs use 2)
//   BENCH_STARTS=9                     (start-ups of each server for the start-up and memory table; default 9)
//   BENCH_SETTLE=1                     (seconds between ready and reading the RSS; default 1)
//   BENCH_JSON_SERVER_WATCH=1          (run json-server with --watch; see docs/performance.md)
//
// json-server (the devDependency, node_modules/json-server) runs as its own CLI,
// `json-server db.json --port N --host 127.0.0.1 --quiet`, on a db.json `{ "customers": [...] }` holding
// the same records as the emulator's store, each with an `id`. It is ready when it answers
// `GET /customers?_limit=1`; `addon dev` (`node bin/addon.js dev --no-open --port 0 --json --data <dir>`)
// when it prints its `"event":"ready"` line. Start-up is the time from spawn to ready, and the RSS is
// read from /proc/<pid>/status (or `ps`) after a settle.
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

import { execFile, fork, spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { internalsOf } from './internals.js';

const HOST = '127.0.0.1';
const RATE_LIMIT = 1_000_000; // the most the settings take: the limiter answers no 429 within a run
const LIST_RECORDS = 60; // more than the one page of 50 that is listed
const POST_BODY = JSON.stringify({ name: 'Bench Co', email: 'bench@example.com' });
const SMALL_STORE = 100;
const LARGE_STORE = 100_000;
const POST_TARGET = 0.5;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADDON_BIN = join(ROOT, 'bin', 'addon.js');
const JSON_SERVER_BIN = join(ROOT, 'node_modules', 'json-server', 'lib', 'cli', 'bin.js');
const JSON_SERVER_POST_CONNECTIONS = 2; // it rewrites the whole file per POST: more connections only queue
const LIST_VS_JSON_SERVER_TARGET = 3; // emulator req/s >= 3x json-server's
const POST_VS_JSON_SERVER_TARGET = 50; // emulator req/s >= 50x json-server's, both at 100,000 stored
const START_TARGET = 1; // addon dev start-up <= 1x json-server's, both on 100,000 records
const RSS_EMPTY_LIMIT_MB = 100;
const RSS_LARGE_LIMIT_MB = 400;
const READY_TIMEOUT_MS = 60_000; // a server that is not ready by then fails the run

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
    /**
     * Fills a data dir with `count` customers and closes (which writes the snapshot); with
     * `jsonServerFile`, also writes the same records there as a json-server db.json.
     */
    async fill({ dataDir, count, jsonServerFile }) {
      const emulator = await openEmulator(dataDir);
      close = () => emulator.close();
      await fillCustomers(emulator, count);
      if (jsonServerFile) {
        const { data } = (await internalsOf(emulator)).domain.collections
          .get('customers')
          .list(emulator.settings.orgId, { limit: Infinity, offset: 0 });
        await writeFile(jsonServerFile, jsonServerDb(data));
      }
      await emulator.close();
      return { stored: count };
    },

    /** An emulator on `dataDir`, optionally given `fill` more customers first. */
    async emulator({ dataDir, fill = 0 }) {
      const emulator = await openEmulator(dataDir);
      close = () => emulator.close();
      if (fill) await fillCustomers(emulator, fill);
      const url = await emulator.listen();
      const { token } = await emulator.token();
      const { total } = (await internalsOf(emulator)).domain.collections
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
  const customers = (await internalsOf(emulator)).domain.collections.get('customers');
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

/** A json-server db.json holding `records` (the emulator's, with `_id`) as customers, each with an `id`. */
function jsonServerDb(records) {
  return JSON.stringify({ customers: records.map((record) => ({ id: record._id, ...record })) });
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

  const WATCH = process.env.BENCH_JSON_SERVER_WATCH === '1';
  const STARTS = Math.round(positiveNumber('BENCH_STARTS', 9));
  const SETTLE = positiveNumber('BENCH_SETTLE', 1);

  /**
   * Spawns `node <args>` in `cwd`, and resolves once `ready(lines, signal)` does (`lines` emits each
   * line of its stdout; `signal` aborts once the wait is over, either way), with the milliseconds from
   * spawn to ready, the pid and a close() that stops the process (SIGTERM, then SIGKILL after 30 s)
   * and waits for its exit. A process that exits first, or is not ready in time, fails the run.
   */
  const spawnServer = async (title, args, cwd, ready) => {
    const started = performance.now();
    const proc = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = once(proc, 'exit');
    let closed = null;
    const close = () =>
      (closed ??= (async () => {
        if (proc.exitCode === null && proc.signalCode === null) {
          proc.kill('SIGTERM');
          const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
          await exited;
          clearTimeout(timer);
        }
      })());
    cleanups.push(close);
    let stderr = '';
    proc.stderr.setEncoding('utf8').on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    // Lines of stdout, for the ready line; read to the end, so the pipe never fills.
    const lines = new EventEmitter();
    let partial = '';
    proc.stdout.setEncoding('utf8').on('data', (chunk) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop();
      for (const line of parts) lines.emit('line', line);
    });
    const waited = new AbortController();
    let timer;
    const failed = Promise.race([
      exited.then(([code, signal]) => `exited (${signal ?? code})`),
      new Promise((resolve) => (timer = setTimeout(resolve, READY_TIMEOUT_MS, `not ready in ${READY_TIMEOUT_MS} ms`))),
    ]).then((why) => {
      throw new Error(`${title} ${why}${stderr ? ':\n' + stderr : ''}`);
    });
    try {
      const info = await Promise.race([ready(lines, waited.signal), failed]);
      return { ...info, ms: performance.now() - started, pid: proc.pid, close };
    } catch (error) {
      await close();
      throw error;
    } finally {
      waited.abort();
      lines.removeAllListeners();
      clearTimeout(timer);
      failed.catch(() => {});
    }
  };

  /** `addon dev` on a fresh copy of the data dir `template` (or on a fresh empty one). */
  const addonDev = async (template) => {
    const dir = await tempDir('dev');
    const dataDir = join(dir, 'data');
    if (template) await cp(template, dataDir, { recursive: true });
    const args = [ADDON_BIN, 'dev', '--no-open', '--port', '0', '--json', '--data', dataDir];
    const server = await spawnServer('addon dev', args, dir, (lines) => {
      return new Promise((resolve) =>
        lines.on('line', (line) => {
          if (!line.includes('"event":"ready"')) return;
          const { url } = JSON.parse(line);
          resolve({ url });
        }),
      );
    });
    return { ...server, close: () => server.close().then(() => rm(dir, { recursive: true, force: true })) };
  };

  /**
   * json-server 0.17 on a fresh copy of `dbFile`; ready when it answers GET /customers?_limit=1, and
   * then it must count `expect` customers.
   */
  const jsonServer = async (dbFile, expect) => {
    const dir = await tempDir('json-server');
    await cp(dbFile, join(dir, 'db.json'));
    const port = await freePort();
    const url = `http://${HOST}:${port}`;
    const watch = WATCH ? ['--watch'] : [];
    const args = [JSON_SERVER_BIN, ...watch, 'db.json', '--port', String(port), '--host', HOST, '--quiet'];
    const server = await spawnServer('json-server', args, dir, async (lines, signal) => {
      while (!signal.aborted) {
        const response = await fetch(`${url}/customers?_limit=1`, { signal: AbortSignal.timeout(5000) }).catch(
          () => null,
        );
        if (response?.ok) {
          await response.arrayBuffer();
          const total = Number(response.headers.get('x-total-count'));
          if (total !== expect) throw new Error(`json-server holds ${total} customers, expected ${expect}`);
          return { url };
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    return { ...server, close: () => server.close().then(() => rm(dir, { recursive: true, force: true })) };
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
    // json-server gets the same records (all of them, so it too lists 50 of 60).
    const all = await (await fetch(`${seeded.url}${PATH}?limit=100`, { headers })).json();
    if (all.data.length !== LIST_RECORDS) throw new Error(`expected ${LIST_RECORDS} records, got ${all.data.length}`);
    const listDb = join(await tempDir('list-json-server'), 'db.json');
    await writeFile(listDb, jsonServerDb(all.data));
    await seeded.close();

    const listServer = (title, request) => ({
      title,
      async start() {
        const server = await child(request);
        return { opts: { url: server.url + listPath, headers }, close: server.close };
      },
    });
    const listJsonServer = {
      title: 'json-server 0.17 GET /customers?_limit=50',
      async start() {
        const server = await jsonServer(listDb, LIST_RECORDS);
        const answer = await (await fetch(`${server.url}/customers?_limit=50`)).json();
        if (answer.length !== 50) throw new Error(`json-server listed ${answer.length} records, expected 50`);
        return { opts: { url: `${server.url}/customers?_limit=50` }, close: server.close };
      },
    };
    const [listEmu, listVerify, listBare, listJson] = await compare([
      listServer('GET customers?limit=50, emulator', { type: 'emulator', dataDir: listDir }),
      listServer('bare fastify + jose jwtVerify', { type: 'bare', path: PATH, page, jwks }),
      listServer('bare fastify, no auth', { type: 'bare', path: PATH, page, jwks: null }),
      listJsonServer,
    ]);

    // 2. POST with 100 vs 100,000 stored customers; every round starts from a fresh copy of a template.
    const fillStarted = Date.now();
    const templates = {};
    // The same 100,000 records as a json-server db.json, written by the filler from its memory.
    const largeDb = join(await tempDir('json-server-template'), 'db.json');
    await Promise.all(
      [SMALL_STORE, LARGE_STORE].map(async (count) => {
        const dir = await tempDir(`template-${count}`);
        const jsonServerFile = count === LARGE_STORE ? largeDb : undefined;
        const filler = await child({ type: 'fill', dataDir: dir, count, jsonServerFile });
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
    // json-server rewrites its whole db.json (~39 MB, pretty-printed) on every POST: a few per second,
    // so it gets 2 connections (more would only queue) in the same bounded rounds.
    const postJsonServer = {
      title: `json-server 0.17 POST /customers, ${LARGE_STORE.toLocaleString('en-US')} stored`,
      async start() {
        const server = await jsonServer(largeDb, LARGE_STORE);
        const opts = {
          url: `${server.url}/customers`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: POST_BODY,
          connections: JSON_SERVER_POST_CONNECTIONS,
        };
        return { opts, close: server.close };
      },
    };
    const [postSmall, postLarge, postJson] = await compare([
      postServer(SMALL_STORE),
      postServer(LARGE_STORE),
      postJsonServer,
    ]);

    // 3. Start-up to ready and idle RSS: `addon dev` on 100,000 customers and on an empty data dir,
    //    json-server on the same 100,000 records and on none. STARTS rounds, in an order that reverses
    //    every round; every start is a fresh process on a fresh copy of its data, stopped before the next.
    const emptyDb = join(await tempDir('json-server-empty'), 'db.json');
    await writeFile(emptyDb, jsonServerDb([]));
    const starters = [
      { title: 'addon dev, 100,000 customers', start: () => addonDev(templates[LARGE_STORE]) },
      { title: 'json-server 0.17, 100,000 customers', start: () => jsonServer(largeDb, LARGE_STORE) },
      { title: 'addon dev, empty data dir', start: () => addonDev(null) },
      { title: 'json-server 0.17, no customers', start: () => jsonServer(emptyDb, 0) },
    ];
    const startStats = new Map(starters.map((s) => [s, { ms: [], rss: [] }]));
    for (let round = 0; round < STARTS; round++) {
      for (const starter of round % 2 ? [...starters].reverse() : starters) {
        const server = await starter.start();
        await new Promise((resolve) => setTimeout(resolve, SETTLE * 1000));
        const rss = await rssMb(server.pid);
        await server.close();
        startStats.get(starter).ms.push(server.ms);
        startStats.get(starter).rss.push(rss);
        console.error(
          `bench: start ${round + 1}/${STARTS} ${starter.title}: ready in ${Math.round(server.ms)} ms, ` +
            `RSS ${rss.toFixed(1)} MB after ${SETTLE} s`,
        );
      }
    }
    const [devLarge, jsonLarge, devEmpty, jsonEmpty] = starters.map((s) => {
      const { ms, rss } = startStats.get(s);
      return { title: s.title, ms: median(ms), rss: median(rss) };
    });

    await cleanupAll();
    const rows = [
      { ...listEmu, baseline: listVerify },
      { ...listEmu, baseline: listBare },
      { ...listEmu, baseline: listJson, target: LIST_VS_JSON_SERVER_TARGET },
      { ...postLarge, baseline: postSmall, target: POST_TARGET },
      { ...postLarge, baseline: postJson, target: POST_VS_JSON_SERVER_TARGET },
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
    console.log(
      `start-up: spawn to ready (the "ready" JSON line of addon dev; json-server's first answer to ` +
        `GET /customers?_limit=1), median of ${STARTS} starts each, interleaved; RSS (VmRSS) median, read ` +
        `${SETTLE} s after ready; json-server ${WATCH ? 'with' : 'without'} --watch`,
    );
    console.log();
    printStartTable([
      {
        title: `start-up to ready, ${devLarge.title}`,
        value: `${Math.round(devLarge.ms)} ms`,
        baseline: `json-server 0.17, same records`,
        baselineValue: `${Math.round(jsonLarge.ms)} ms`,
        ratio: devLarge.ms / jsonLarge.ms,
        target: `<= ${START_TARGET}x`,
        met: devLarge.ms / jsonLarge.ms <= START_TARGET,
      },
      {
        title: `start-up to ready, ${devEmpty.title}`,
        value: `${Math.round(devEmpty.ms)} ms`,
        baseline: jsonEmpty.title,
        baselineValue: `${Math.round(jsonEmpty.ms)} ms`,
        ratio: devEmpty.ms / jsonEmpty.ms,
      },
      {
        title: `idle RSS, ${devEmpty.title}`,
        value: `${devEmpty.rss.toFixed(1)} MB`,
        baseline: jsonEmpty.title,
        baselineValue: `${jsonEmpty.rss.toFixed(1)} MB`,
        ratio: devEmpty.rss / jsonEmpty.rss,
        target: `<= ${RSS_EMPTY_LIMIT_MB} MB`,
        met: devEmpty.rss <= RSS_EMPTY_LIMIT_MB,
      },
      {
        title: `idle RSS, ${devLarge.title}`,
        value: `${devLarge.rss.toFixed(1)} MB`,
        baseline: `json-server 0.17, same records`,
        baselineValue: `${jsonLarge.rss.toFixed(1)} MB`,
        ratio: devLarge.rss / jsonLarge.rss,
        target: `<= ${RSS_LARGE_LIMIT_MB} MB`,
        met: devLarge.rss <= RSS_LARGE_LIMIT_MB,
      },
    ]);
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
    const verdict = ratio >= r.target ? 'met' : 'MISSED';
    const note = !r.ok || !r.baseline.ok ? ' (errors!)' : r.target ? ` (target >= ${r.target}: ${verdict})` : '';
    const rps = (value) => (value < 100 ? value.toFixed(1) : Math.round(value));
    return [r.title, rps(r.rps), r.baseline.title, rps(r.baseline.rps), ratio.toFixed(ratio < 100 ? 2 : 0) + note].map(
      String,
    );
  });
  printMarkdown(header, body, new Set([1, 3]));
}

/** Start-up and memory: absolute figures, a same-run baseline where there is one, and the target. */
function printStartTable(rows) {
  const header = ['measurement', 'value', 'baseline', 'baseline value', 'ratio', 'target'];
  const body = rows.map((r) => [
    r.title,
    r.value,
    r.baseline ?? '-',
    r.baselineValue ?? '-',
    r.ratio === undefined ? '-' : r.ratio.toFixed(2),
    r.target ? `${r.target}: ${r.met ? 'met' : 'MISSED'}` : '-',
  ]);
  printMarkdown(header, body, new Set([1, 3, 4]));
}

function printMarkdown(header, body, numeric) {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
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

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
}

/** A port free on 127.0.0.1 just now (json-server cannot report the port it got for --port 0). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .on('error', reject)
      .listen(0, HOST, () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
  });
}

/** Resident set size of a running process, in MB (MiB): VmRSS from /proc, or `ps -o rss=` elsewhere. */
async function rssMb(pid) {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    const { stdout } = await promisify(execFile)('ps', ['-o', 'rss=', '-p', String(pid)]);
    return Number(stdout.trim()) / 1024;
  }
}
