// What `addon check` costs a CI job on the vite-ts template: the wall time of the whole run (a fresh
// emulator, the template's Vite dev server, every check, a headless host page) against a baseline
// measured in the same run, `addon check --only config` (the same emulator and dev server started
// and stopped, no checks run). Spawned in alternating pairs, CHECK_RUNS pairs (default 5), so a busy
// moment of a noisy machine costs both alike; medians quoted. The target: the whole run <= 60 s.
//
//   node bench/check.js           (after npm run build; makes the add-on in a temp dir, installs it
//                                  from the npm cache this project's install filled)
//   node bench/check.js <other checkout>
//                                 the whole `addon check` of this checkout against the other's (built:
//                                 npm run build there), in alternating pairs on the same add-on; the
//                                 median of each pair's ratio this / other is the figure (issue 45: at
//                                 most 1.10 for the third-party and token checks).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.CHECK_RUNS ?? 5);
const BIN = fileURLToPath(new URL('../bin/addon.js', import.meta.url));
const OTHER = process.argv[2] ? join(resolve(process.argv[2]), 'bin', 'addon.js') : null;
const env = { ...process.env, CI: '1', NO_COLOR: '1' };

function sh(cwd, command, args) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

const work = mkdtempSync(join(tmpdir(), 'addon-bench-check-'));
try {
  const dir = join(work, 'bench-addon');
  sh(work, process.execPath, [BIN, 'init', dir, '--template', 'vite-ts']);
  sh(dir, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']);

  if (OTHER) compareBuilds(dir);
  else againstBaseline(dir);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** The whole `addon check` of this build and of OTHER, in alternating pairs; each pair's ratio, their median. */
function compareBuilds(dir) {
  const builds = { this: BIN, other: OTHER };
  const times = { this: [], other: [] };
  const ratios = [];
  for (let pair = 0; pair < RUNS; pair++) {
    const order = pair % 2 ? ['other', 'this'] : ['this', 'other'];
    for (const name of order) {
      const started = performance.now();
      sh(dir, process.execPath, [builds[name], 'check']);
      times[name].push(performance.now() - started);
    }
    ratios.push(times.this.at(-1) / times.other.at(-1));
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`\naddon check on the vite-ts template: this build / ${process.argv[2]} (${RUNS} alternating pairs)\n`);
  console.log('| build | median s | all runs, s |');
  console.log('|---|---:|---|');
  for (const [name, values] of Object.entries(times))
    console.log(
      `| ${name} | ${(median(values) / 1000).toFixed(1)} | ${values.map((v) => (v / 1000).toFixed(1)).join(', ')} |`,
    );
  console.log(
    `\nratio this / other, each pair: ${ratios.map((r) => r.toFixed(3)).join(', ')}; median ${median(ratios).toFixed(3)}`,
  );
}

/** The whole run against `addon check --only config` (the same emulator and dev server, no checks). */
function againstBaseline(dir) {
  const runs = { 'addon check': ['check'], 'addon check --only config': ['check', '--only', 'config'] };
  const times = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
  let summary = '';
  for (let pair = 0; pair < RUNS; pair++) {
    // Alternating which goes first, so neither always meets the machine warmer.
    const order = pair % 2 ? Object.entries(runs).reverse() : Object.entries(runs);
    for (const [name, args] of order) {
      const started = performance.now();
      const out = sh(dir, process.execPath, [BIN, ...args]);
      times[name].push(performance.now() - started);
      if (name === 'addon check') summary = out.trim().split('\n').at(-1);
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const [full, base] = [median(times['addon check']), median(times['addon check --only config'])];
  console.log(`\naddon check on the vite-ts template (${RUNS} alternating pairs, medians)\n`);
  console.log('| run | median s | all runs, s |');
  console.log('|---|---:|---|');
  for (const [name, values] of Object.entries(times))
    console.log(
      `| \`${name}\` | ${(median(values) / 1000).toFixed(1)} | ${values.map((v) => (v / 1000).toFixed(1)).join(', ')} |`,
    );
  console.log(`\nlast full run: ${summary}`);
  console.log(
    `the checks themselves: ${((full - base) / 1000).toFixed(1)} s; whole run ${(full / base).toFixed(2)}x the baseline`,
  );
  console.log(`whole run ${(full / 1000).toFixed(1)} s: ${full <= 60_000 ? 'within' : 'OVER'} the 60 s target`);
}
