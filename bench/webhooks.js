// Webhook fan-out: deliveries per second from the emulator to a local receiver, as a ratio against
// plain HTTP POSTs of the same bodies from one Node process, measured in the same run.
//
//   npm run bench                          (runs this after bench/api.js)
//   node bench/webhooks.js                 (after npm run build)
//   BENCH_SUBSCRIPTIONS=100 BENCH_EVENTS=10 BENCH_ROUNDS=3 node bench/webhooks.js
//
// The receiver runs in its own process (it answers 200 at once), so it never shares an event loop
// with the sender. Each round fires BENCH_EVENTS events at once to BENCH_SUBSCRIPTIONS subscriptions
// (one per app, all in one organization), that is subscriptions x events deliveries, each signed,
// logged in a file store and reported, and then sends the same number of POSTs with the same
// concurrency from plain fetch. Rounds alternate the order. Loopback only; everything it starts it
// stops.

import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { internalsOf } from './internals.js';

const HOST = '127.0.0.1';
const TARGET = 0.5;

if (process.argv[2] === '--receiver') {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  });
  server.listen(0, HOST, () => process.send({ port: server.address().port }));
  process.on('disconnect', () => server.close(() => process.exit(0)));
} else {
  await measure();
}

async function measure() {
  const subscriptionCount = count('BENCH_SUBSCRIPTIONS', 100);
  const eventCount = count('BENCH_EVENTS', 10);
  const rounds = count('BENCH_ROUNDS', 3);
  const { createEmulator } = await import('../dist/index.js');

  const receiver = fork(fileURLToPath(import.meta.url), ['--receiver']);
  const [{ port }] = await once(receiver, 'message');
  const url = `http://${HOST}:${port}/hooks`;
  const dataDir = await mkdtemp(join(tmpdir(), 'addon-bench-webhooks-'));
  const emulator = await createEmulator({ port: 0, host: HOST, dataDir, rateLimit: 1_000_000 });

  try {
    await emulator.listen();
    for (let i = 0; i < subscriptionCount; i++) {
      await (
        await internalsOf(emulator)
      ).webhooks.subscriptions.subscribe(emulator.settings.orgId, `com.example.bench-${i}`, 'customer.created', url);
    }
    const total = subscriptionCount * eventCount;

    const fanOut = async () => {
      const results = await Promise.all(Array.from({ length: eventCount }, () => emulator.trigger('customer.created')));
      const delivered = results.flatMap((r) => r.deliveries).filter((d) => d.status === 'succeeded').length;
      if (delivered !== total) throw new Error(`only ${delivered} of ${total} deliveries succeeded`);
    };
    const body =
      emulator.deliveries({ limit: 1 })[0]?.payload ?? JSON.stringify({ event: 'customer.created', data: {} });
    const plain = async () => {
      const post = async () => {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`receiver answered ${response.status}`);
      };
      await Promise.all(Array.from({ length: total }, post));
    };

    await fanOut(); // warm-up of both paths
    await plain();
    const timings = { fanOut: 0, plain: 0 };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? ['plain', 'fanOut'] : ['fanOut', 'plain'];
      for (const name of order) {
        const started = performance.now();
        await (name === 'fanOut' ? fanOut() : plain());
        const ms = performance.now() - started;
        timings[name] += ms;
        console.error(`bench: round ${round + 1}/${rounds} ${name}: ${total} in ${ms.toFixed(0)} ms`);
      }
    }
    const rate = (ms) => Math.round((total * rounds * 1000) / ms);
    const emulatorRate = rate(timings.fanOut);
    const baselineRate = rate(timings.plain);
    const ratio = emulatorRate / baselineRate;
    console.log(
      `\nnode ${process.version}; ${subscriptionCount} subscriptions x ${eventCount} events = ${total} deliveries per round, ${rounds} rounds; receiver in its own process on ${HOST}\n`,
    );
    console.log('| measurement | deliveries/s | baseline | baseline POSTs/s | ratio |');
    console.log('|---|---|---|---|---|');
    console.log(
      `| webhook fan-out (signed, logged, file store) | ${emulatorRate} | plain fetch POSTs, one process | ${baselineRate} | ${ratio.toFixed(2)} (target >= ${TARGET}) |`,
    );
  } finally {
    await emulator.close();
    receiver.disconnect();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function count(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
  return value;
}
