// The test harness's cost to a test suite: startEmulator() to ready, and reset(), each the median of
// 20, against a bare fastify server started and closed on a free port in the same run (the floor a
// test server cannot go under); and going back to a seeded world of about 1,000 records between
// tests: rollback() to a checkpoint against reset() plus seeding again. Loopback only; every server
// is closed.
//
//   npm run bench            (runs this last)
//   node bench/harness.js    (after npm run build)

import { median, time } from './measure.js';
import { internalsOf } from './internals.js';

const RUNS = 20;
const { startEmulator } = await import('../dist/testing/index.js');
const { default: Fastify } = await import('fastify');

async function bareFastify() {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

// Warm-up: the first start pays for loading modules, which a test suite pays once.
await (await startEmulator()).close();
await (await bareFastify()).close();

const starts = [];
const bare = [];
const resets = [];
for (let i = 0; i < RUNS; i++) {
  let emulator;
  starts.push(await time(async () => (emulator = await startEmulator({ scopes: ['*'] }))));
  const token = await emulator.token();
  for (let n = 0; n < 20; n++) {
    await fetch(`${emulator.apiUrl}/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Customer ${n}` }),
    });
  }
  resets.push(await time(() => emulator.reset()));
  await emulator.close();
  let app;
  bare.push(await time(async () => (app = await bareFastify())));
  await app.close();
}

// A world of about 1,000 records, seeded once (beforeAll); each test adds 10 customers; then back.
const seeded = await startEmulator({ scopes: ['*'] });
const seed = () => seeded.emulator.seed({ size: 200 });
const records = Object.values((await seed()).created).reduce((a, b) => a + b, 0);
const checkpoint = seeded.checkpoint();
const rollbacks = [];
const reseeds = [];
const { domain } = await internalsOf(seeded.emulator);
const aTest = async () => {
  for (let n = 0; n < 10; n++) await domain.collection('customers').create('org_demo', { name: 'x' });
};
for (let i = 0; i < RUNS; i++) {
  await aTest();
  rollbacks.push(await time(() => seeded.rollback(checkpoint)));
  await aTest();
  reseeds.push(await time(async () => (await seeded.reset(), await seed())));
}
await seeded.close();

const start = median(starts);
const floor = median(bare);
const reset = median(resets);
console.log(`\nnode ${process.version}; median of ${RUNS} runs each, after one warm-up\n`);
console.log('| measurement | median ms | baseline | baseline ms | ratio |');
console.log('|---|---|---|---|---|');
console.log(
  `| startEmulator() to ready | ${start.toFixed(1)} | bare fastify listen on port 0 | ${floor.toFixed(1)} | ${(start / floor).toFixed(1)}x |`,
);
console.log(
  `| reset() with 20 records | ${reset.toFixed(2)} | startEmulator() to ready | ${start.toFixed(1)} | ${(reset / start).toFixed(3)}x |`,
);
const rollback = median(rollbacks);
const reseed = median(reseeds);
console.log(
  `| rollback() to a world of ${records} records | ${rollback.toFixed(2)} | reset() + seeding again | ${reseed.toFixed(1)} | ${(rollback / reseed).toFixed(4)}x (target: rollback <= 5 ms) |`,
);
