// Soak of retries that fall due together (issue 21): SOAK_DELIVERIES (10,000) deliveries to a receiver
// that fails every attempt, then `clock advance 1m` (every attempt 2 falls due at once) and `5m`
// (every attempt 3), against an emulator whose heap is capped (SOAK_HEAP_MB, 256) in a process of its
// own. It checks that the emulator lives through it, that every delivery has its three attempts in
// order, at the receiver and in the delivery log, and that the subscription ends disabled; it prints
// the emulator's RSS (sampled, and the kernel's high-water mark), its live heap after each phase, and
// the most connections it kept open to the receiver at once (each attempt in flight holds one).
// Loopback only; it stops by itself (SOAK_DEADLINE_S, 600, kills a process still running then).
//
//   npm run soak:retries                                  (builds, then this checkout)
//   node bench/soak-retries.js --baseline ../other        (this checkout, then another built one)
//   SOAK_HEAP_MB=4096 node bench/soak-retries.js ...      (a heap that no longer stops it)
//
// Each checkout runs in turn in a child process that imports its dist/index.js, on a file data dir.

import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const DELIVERIES = Number(process.env.SOAK_DELIVERIES ?? 10_000);
const HEAP_MB = Number(process.env.SOAK_HEAP_MB ?? 256);
const DEADLINE_S = Number(process.env.SOAK_DEADLINE_S ?? 600);
/** Concurrent API writes while the deliveries are made (each write makes one). */
const WRITERS = 16;
const EVENT = 'customer.created';

/** The emulator under test: this process, with its heap capped by the parent. */
async function serve(checkout, dataDir) {
  const { createEmulator } = await import(pathToFileURL(resolve(checkout, 'dist/index.js')).href);
  const emulator = await createEmulator({ port: 0, host: '127.0.0.1', dataDir, rateLimit: 1_000_000 });
  const url = await emulator.listen();
  const { token } = await emulator.token();
  process.send({ url, apiUrl: emulator.apiUrl, token });
  // Asked after each phase: what is still alive after a full garbage collection.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  process.on('message', () => {
    gc();
    process.send({ heapUsed: process.memoryUsage().heapUsed });
  });
  process.on('disconnect', async () => {
    await emulator.close();
    process.exit(0);
  });
}

async function main() {
  const self = fileURLToPath(new URL('..', import.meta.url));
  const at = process.argv.indexOf('--baseline');
  const runs = [{ title: 'this checkout', dir: self }];
  if (at > 0) runs.push({ title: `baseline ${resolve(process.argv[at + 1])}`, dir: resolve(process.argv[at + 1]) });
  const results = [];
  for (const run of runs) results.push({ ...run, ...(await soak(run)) });

  console.log(`\n${DELIVERIES} deliveries to a receiver that fails, heap capped at ${HEAP_MB} MB:`);
  console.log(
    '| build | outcome | peak RSS (sampled) | RSS high-water mark | live heap after each phase | most connections open | making them | advance 1m | advance 5m |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.title} | ${r.failures.length ? `FAILED: ${r.failures[0]}` : 'passed'} | ${mb(r.peakRss)} | ${mb(r.hwm)} | ${r.liveHeap.map((b) => `${(b / 2 ** 20).toFixed(0)} MB`).join(', ') || '-'} | ${r.maxOpen} | ${ms(r.phase1)} | ${ms(r.advance1)} | ${ms(r.advance5)} |`,
    );
  process.exit(results[0].failures.length ? 1 : 0);
}

const mb = (kb) => (kb ? `${(kb / 1024).toFixed(0)} MB` : '-');
const ms = (t) => (t === undefined ? '-' : `${(t / 1000).toFixed(1)} s`);

/** One checkout through the three phases; returns its figures and what failed. */
async function soak({ title, dir }) {
  console.log(`\n== ${title}`);
  const failures = [];
  const check = (ok, message) =>
    ok ? console.log(`ok   ${message}`) : (failures.push(message), console.log(`FAIL ${message}`));
  const figures = { failures, peakRss: 0, hwm: 0, maxOpen: 0, liveHeap: [] };

  // The receiver: answers 500 to everything, and records each delivery's attempt numbers in arrival
  // order. It answers at once, so the connections the emulator keeps open say how many attempts it
  // has in flight (each holds one; a keep-alive connection is used again by the next).
  const attempts = new Map();
  let open = 0;
  const receiver = createServer((request, response) => {
    const chunks = [];
    request.on('data', (c) => chunks.push(c));
    request.on('end', () => {
      const { deliveryId } = JSON.parse(Buffer.concat(chunks).toString());
      if (!attempts.has(deliveryId)) attempts.set(deliveryId, []);
      attempts.get(deliveryId).push(Number(request.headers['x-service-delivery-attempt']));
      response.writeHead(500).end('failing on purpose');
    });
  });
  receiver.on('connection', (socket) => {
    figures.maxOpen = Math.max(figures.maxOpen, ++open);
    socket.on('close', () => open--);
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const hook = `http://127.0.0.1:${receiver.address().port}/hooks`;

  const dataDir = await mkdtemp(join(tmpdir(), 'addon-soak-retries-'));
  const child = fork(fileURLToPath(import.meta.url), ['--serve', dir, dataDir], {
    execArgv: [`--max-old-space-size=${HEAP_MB}`],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = once(child, 'exit').then(([code, signal]) => ({ code, signal }));
  const died = exited.then(({ code, signal }) => {
    throw new Error(`the emulator died (${signal ?? `exit ${code}`}): ${lastLine(stderr)}`);
  });
  died.catch(() => {});
  const deadline = setTimeout(() => child.kill('SIGKILL'), DEADLINE_S * 1000);

  const status = () => readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
  const kb = (text, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const text = await status();
      figures.peakRss = Math.max(figures.peakRss, kb(text, 'VmRSS'));
      figures.hwm = Math.max(figures.hwm, kb(text, 'VmHWM'));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();

  try {
    const [server] = await Promise.race([once(child, 'message'), died]);
    const { url, apiUrl, token } = server;
    const liveHeap = async () => {
      child.send('gc');
      const [{ heapUsed }] = await Promise.race([once(child, 'message'), died]);
      figures.liveHeap.push(heapUsed);
      console.log(`     RSS so far: peak ${mb(figures.peakRss)}; live heap now ${(heapUsed / 2 ** 20).toFixed(0)} MB`);
    };
    const call = async (method, path, body) => {
      const response = await Promise.race([
        fetch(`${path.startsWith('/_') ? url : apiUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body && JSON.stringify(body),
        }),
        died,
      ]);
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
      return text ? JSON.parse(text) : null;
    };
    await call('POST', '/events/subscribe', { event: EVENT, webhookUrl: hook });

    // Phase 1: the deliveries, made by API writes; their first attempts fail as they go.
    let started = performance.now();
    let made = 0;
    const writer = async () => {
      while (made < DELIVERIES) {
        made++;
        await call('POST', '/customers', { name: `Soak ${made}` });
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    await call('GET', '/_emulator/idle');
    figures.phase1 = performance.now() - started;
    // Making them may take longer than a minute on a slow build: then attempt 2 of the first ones
    // goes out in real time, as it should.
    const firsts = [...attempts.values()].filter((a) => a[0] === 1).length;
    check(firsts === DELIVERIES, `${DELIVERIES} first attempts arrived (${firsts}), in ${ms(figures.phase1)}`);
    await liveHeap();

    // Phases 2 and 3: every attempt 2 falls due at once, then every attempt 3.
    for (const [by, n, key] of [
      ['1m', 2, 'advance1'],
      ['5m', 3, 'advance5'],
    ]) {
      started = performance.now();
      await call('POST', '/_emulator/clock/advance', { by });
      figures[key] = performance.now() - started;
      const got = [...attempts.values()].filter((a) => a.length >= n).length;
      check(got === DELIVERIES, `advance ${by} returned after ${ms(figures[key])}: ${got} deliveries had attempt ${n}`);
      await liveHeap();
    }

    const inOrder = [...attempts.values()].filter((a) => a.join() === '1,2,3').length;
    check(
      attempts.size === DELIVERIES && inOrder === DELIVERIES,
      `each of the ${DELIVERIES} deliveries reached the receiver as attempts 1, 2, 3 in that order (${inOrder})`,
    );
    // The log, delivery by delivery (its list answers 5,000 at most).
    const ids = [...attempts.keys()];
    let logged = 0;
    const reader = async () => {
      while (ids.length) {
        const d = await call('GET', `/_emulator/deliveries/${ids.pop()}`);
        if (d.status === 'failed' && d.attempts.map((a) => a.attempt).join() === '1,2,3') logged++;
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, reader));
    check(logged === DELIVERIES, `the log holds each delivery as failed with attempts 1, 2, 3 (${logged})`);
    const { data } = await call('GET', '/events/subscriptions');
    const subscription = data.find((s) => s.event === EVENT);
    check(subscription?.isActive === false, `the subscription is disabled (isActive ${subscription?.isActive})`);
  } catch (error) {
    // A call that failed because the emulator died says less than its death does.
    const death = await Promise.race([died.catch((e) => e), new Promise((r) => setTimeout(r, 2_000))]);
    check(false, (death ?? error).message);
  } finally {
    sampling = false;
    await sampler;
    clearTimeout(deadline);
    if (child.exitCode === null && child.signalCode === null) {
      child.disconnect();
      await exited;
    }
    receiver.closeAllConnections();
    receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(
    `     RSS: peak sampled ${mb(figures.peakRss)}, high-water mark ${mb(figures.hwm)}; receiver: at most ${figures.maxOpen} connections open at once`,
  );
  return figures;
}

/** What a dying Node printed that says why: its fatal error line, else its last line. */
const lastLine = (text) => {
  const lines = text.split('\n').filter((l) => l.trim());
  return (lines.find((l) => /FATAL ERROR|Error:/.test(l)) ?? lines.at(-1) ?? '').trim().slice(0, 200);
};

if (process.argv[2] === '--serve') await serve(process.argv[3], process.argv[4]);
else await main();
