// The authenticated list of the emulator built from this checkout against the same list served by
// another build (another checkout, e.g. the commit before a change), measured in the same run:
//
//   node bench/compare-build.js <other checkout>   (both built: npm run build in each)
//   BENCH_SECONDS=20 BENCH_ROUNDS=4                  (measured seconds per build, all rounds; default 12, 4)
//
// Each emulator runs alone in a child process, in memory, with 60 customers; autocannon (10
// connections) asks both for `GET /api/addon/v1/customers?limit=50` with a session token, in rounds
// whose order alternates, so drift in the machine's speed favours neither. Prints req/s of each and
// the ratio this / other: the figure to compare (machines are noisy). Loopback only; stops by itself.

import { fork } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const RECORDS = 60;

if (process.argv[2] === '--serve') {
  const { createEmulator } = await import(pathToFileURL(resolve(process.argv[3], 'dist/index.js')).href);
  const emulator = await createEmulator({ port: 0, host: '127.0.0.1', rateLimit: 1_000_000 });
  const customers = emulator.domain.collections.get('customers');
  for (let i = 0; i < RECORDS; i++) await customers.create(emulator.settings.orgId, { name: `Customer ${i}` });
  const url = await emulator.listen();
  const { token } = await emulator.mintToken();
  process.send({ url, token });
  process.on('disconnect', () => void emulator.close());
} else {
  const other = process.argv[2];
  if (!other) throw new Error('usage: node bench/compare-build.js <other checkout>');
  const self = fileURLToPath(new URL('..', import.meta.url));
  const builds = [
    { title: 'this checkout', dir: self, results: [] },
    { title: resolve(other), dir: resolve(other), results: [] },
  ];
  for (const build of builds) {
    build.child = fork(fileURLToPath(import.meta.url), ['--serve', build.dir]);
    [build.server] = await once(build.child, 'message');
  }
  const run = (build, duration) =>
    autocannon({
      url: `${build.server.url}/api/addon/v1/customers?limit=50`,
      headers: { authorization: `Bearer ${build.server.token}` },
      connections: 10,
      duration,
    });
  for (const build of builds) await run(build, 1); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...builds].reverse() : builds;
    for (const build of order) {
      const result = await run(build, SECONDS / ROUNDS);
      if (result.non2xx || result.errors)
        throw new Error(`${build.title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      build.results.push(result['2xx'] / result.duration);
    }
  }
  for (const build of builds) build.child.disconnect();
  const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
  for (const build of builds)
    console.log(
      `${build.title}: ${Math.round(mean(build.results))} req/s (rounds: ${build.results.map(Math.round).join(', ')})`,
    );
  console.log(`ratio this / other: ${(mean(builds[0].results) / mean(builds[1].results)).toFixed(3)}`);
}
