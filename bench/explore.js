// addon explore's throughput: steps per second of an exploration against a receiver, as a ratio
// against the same receiver sent plain deliveries (a trigger and its delivery, one after another)
// by an emulator in the same process, measured in the same run:
//
//   node bench/explore.js                                 (after npm run build)
//   FULL_STACK=/path/to/a/full-stack/add-on node bench/explore.js
//   BENCH_RUNS=50 BENCH_STEPS=20 BENCH_PAIRS=5 node bench/explore.js
//
// The receiver checks the signature and answers at once, from a process of its own, so it never shares an event loop
// with the emulator. Each pair measures both, in an order that alternates; the medians of the
// rates and of the pairs' ratios are the figures (one pair alone swings on a noisy machine). With
// FULL_STACK (a project made by `addon init --template full-stack`, installed), `npx addon explore`
// runs there as a user runs it, its own dev server started, and its steps per second are printed
// too, from the wall time of the whole command. Loopback only; everything it starts it stops.

import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createEmulator } from '../dist/emulator/create-emulator.js';
import { explore } from '../dist/explore/explore.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const STEPS = Number(process.env.BENCH_STEPS ?? 20);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const EVENTS = ['invoice.created', 'invoice.paid'];
/** The default app's (DEFAULT_SETTINGS): its deliveries are signed with a key made from it. */
const APP_ID = 'com.example.demo-addon';

if (process.argv[2] === '--receiver') {
  // Refuses a forgery, as a receiver must, or the exploration stops at its first forge step.
  const { verifyWebhookSignature } = await import('../dist/webhooks/signature.js');
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const genuine = verifyWebhookSignature(body, request.headers['x-service-signature'], APP_ID);
      response.writeHead(genuine ? 200 : 401, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1', () => process.send(server.address().port));
} else await main();

async function main() {
  const receiver = fork(fileURLToPath(import.meta.url), ['--receiver']);
  const [port] = await once(receiver, 'message');
  const url = `http://127.0.0.1:${port}/webhooks`;
  try {
    const rates = { explore: [], plain: [], ratio: [] };
    for (let pair = 0; pair < PAIRS; pair++) {
      const order = pair % 2 ? ['plain', 'explore'] : ['explore', 'plain'];
      const measured = {};
      for (const kind of order) measured[kind] = kind === 'explore' ? await exploring(url) : await plain(url);
      rates.explore.push(measured.explore);
      rates.plain.push(measured.plain);
      rates.ratio.push(measured.explore / measured.plain);
    }
    console.log(`in-process receiver, ${RUNS} sequences of ${STEPS} steps, ${PAIRS} pairs (medians):`);
    console.log(`  addon explore   ${median(rates.explore).toFixed(0)} steps/s`);
    console.log(`  plain delivery  ${median(rates.plain).toFixed(0)} deliveries/s`);
    console.log(`  explore / plain ${median(rates.ratio).toFixed(2)}`);
  } finally {
    receiver.kill();
  }
  if (process.env.FULL_STACK) fullStack(process.env.FULL_STACK);
}

/** Steps per second of an exploration (each run's emulator started, explored, closed). */
async function exploring(url) {
  const started = performance.now();
  const report = await explore({
    webhooks: EVENTS.map((event) => ({ event, url })),
    seed: 1,
    runs: RUNS,
    steps: STEPS,
  });
  if (report.finding) throw new Error(`a finding against a receiver that answers 200: ${report.finding.message}`);
  return (RUNS * STEPS) / ((performance.now() - started) / 1000);
}

/** Deliveries per second of plain triggers, one after another, each delivered before the next. */
async function plain(url) {
  const started = performance.now();
  const emulator = await createEmulator({ port: 0, localReceivers: true });
  try {
    await emulator.listen();
    for (const event of EVENTS) await emulator.subscribe(event, url);
    for (let i = 0; i < RUNS * STEPS; i++) {
      await emulator.trigger(EVENTS[i % EVENTS.length]);
      await emulator.idle();
    }
  } finally {
    await emulator.close();
  }
  return (RUNS * STEPS) / ((performance.now() - started) / 1000);
}

/** `npx addon explore` in a full-stack add-on, as its CI runs it: steps per second of the whole command. */
function fullStack(dir) {
  const { NODE_EXTRA_CA_CERTS: _unset, ...env } = process.env;
  const runs = 100;
  const started = performance.now();
  const out = execFileSync(
    'npx',
    ['addon', 'explore', '--seed', '1', '--runs', String(runs), '--steps', '20', '--json'],
    {
      cwd: dir,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const report = JSON.parse(out);
  console.log(`full-stack template (${dir}), npx addon explore --runs ${runs} --steps 20:`);
  console.log(
    `  ${seconds.toFixed(1)} s in all, ${((runs * 20) / seconds).toFixed(0)} steps/s, ${report.requests} requests, finding: ${report.finding ? report.finding.invariant : 'none'}`,
  );
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
