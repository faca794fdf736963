// The fixed cost `addon exec` adds to every CI run: the wall time of `addon exec -- true` (start an
// in-memory emulator, mint a token, run a command that does nothing, stop), against a bare
// `node -e 0` measured in the same run. The two are spawned in turn, RUNS times each, so that a
// busy moment of a noisy machine costs both alike; medians and 90th percentiles. Loopback only.
//
//   npm run bench                 (runs this with the others)
//   node bench/exec-start.js      (after npm run build; EXEC_RUNS=41 for more)
//
// Both run with this process's environment. Where it sets NODE_EXTRA_CA_CERTS (these machines do),
// Node 20 reads that file at every start, of both commands alike: ~50 ms here, which makes
// `node -e 0` slower and the ratio smaller than without it; the last line says so when it is set.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.EXEC_RUNS ?? 21);
const BIN = fileURLToPath(new URL('../bin/addon.js', import.meta.url));
const commands = {
  'node -e 0': ['-e', '0'],
  'addon exec -- true': [BIN, 'exec', '--', 'true'],
};

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const times = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
for (let run = 0; run < RUNS; run++) {
  for (const [name, args] of Object.entries(commands)) {
    const started = performance.now();
    const { status } = spawnSync(process.execPath, args, { stdio: 'ignore', env: { ...process.env, CI: '1' } });
    if (status !== 0) throw new Error(`${name} exited with ${status}`);
    times[name].push(performance.now() - started);
  }
}

console.log(`\nCI start-up (${RUNS} runs each, interleaved)\n`);
console.log('| command | median ms | p90 ms |');
console.log('|---|---:|---:|');
for (const [name, values] of Object.entries(times))
  console.log(`| \`${name}\` | ${percentile(values, 0.5).toFixed(0)} | ${percentile(values, 0.9).toFixed(0)} |`);
const ratio = percentile(times['addon exec -- true'], 0.5) / percentile(times['node -e 0'], 0.5);
console.log(`\naddon exec -- true: ${ratio.toFixed(2)}x node -e 0 (target <= 3x)`);
if (process.env.NODE_EXTRA_CA_CERTS)
  console.log(
    `NODE_EXTRA_CA_CERTS is set: node ${process.version} may read it at each start of both (docs/performance.md)`,
  );
