// Where `addon dev`'s start-up goes: a CPU profile (node --cpu-prof) of
// `node bin/addon.js dev --no-open --port 0 --json --data <dir>` from spawn to its ready line, on a data
// dir of PROFILE_RECORDS customers (default 100,000; 0 for an empty one), summarised by phase and by
// function. Not part of `npm run bench`; it explains the start-up row of bench/api.js.
//
//   node bench/profile-start.js                          (after npm run build)
//   PROFILE_RECORDS=0 node bench/profile-start.js
//   PROFILE_KEEP=/tmp/profiles node bench/profile-start.js (keeps the .cpuprofile, for Chrome DevTools)
//
// Profiling slows the process down (by a fifth or so): compare the shares, not the milliseconds, with
// the start-up row of bench/api.js. Loopback only; it stops the process and removes its temp dirs.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { internalsOf } from './internals.js';

const RECORDS = Number(process.env.PROFILE_RECORDS ?? 100_000);
const KEEP = process.env.PROFILE_KEEP;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** First matching rule names a sample's phase; a rule tests every frame of the sample's stack. */
const PHASES = [
  ['stop (after ready; not counted)', (f) => f.functionName === 'stop' && f.url.includes('dist/cli/dev-session.js')],
  ['snapshot: read + JSON.parse (lowdb DataFile.read)', (f) => f.url.includes('lowdb/lib/adapters/node/DataFile')],
  ['snapshot: fromSnapshot (Maps of the documents)', (f) => f.functionName === 'fromSnapshot'],
  ['ajv: route schemas (api/validation.js)', (f) => f.url.includes('dist/api/validation.js')],
  ['ajv: addon.config.json schema (cli/config-file.js)', (f) => f.url.includes('dist/cli/config-file.js')],
  ['ajv: other (meta-schema, formats)', (f) => f.url.includes('/ajv')],
  ['fast-json-stringify (response serialisers)', (f) => f.url.includes('fast-json-stringify')],
  ['@fastify/swagger + OpenAPI document', (f) => /swagger|dist\/api\/openapi/.test(f.url)],
  ['signing keys (jose)', (f) => f.url.includes('/jose/') || f.url.includes('dist/auth/keys')],
  [
    'module loading (resolve, read, compile, evaluate)',
    (f) => f.url.startsWith('node:internal/modules') || f.functionName === 'compileSourceTextModule',
  ],
];

const work = await mkdtemp(join(tmpdir(), 'addon-profile-'));
try {
  const dataDir = join(work, 'data');
  if (RECORDS > 0) await fill(dataDir, RECORDS);
  const profileDir = join(work, 'profile');
  await mkdir(profileDir);

  const started = performance.now();
  const args = ['--cpu-prof', '--cpu-prof-dir', profileDir, join(ROOT, 'bin', 'addon.js')];
  const proc = spawn(process.execPath, [...args, 'dev', '--no-open', '--port', '0', '--json', '--data', dataDir], {
    cwd: work,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(proc, 'exit');
  const killer = setTimeout(() => proc.kill('SIGKILL'), 120_000);
  let text = '';
  proc.stdout.setEncoding('utf8');
  const ready = await new Promise((resolve) => {
    proc.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('"event":"ready"')) resolve(performance.now() - started);
    });
    exited.then(() => resolve(null));
  });
  // Stopped at once: the profile is written on exit.
  proc.kill('SIGTERM');
  await exited;
  clearTimeout(killer);
  if (ready === null) throw new Error('addon dev exited before it was ready');

  const [name] = (await readdir(profileDir)).filter((n) => n.endsWith('.cpuprofile'));
  const profile = await unbundled(JSON.parse(await readFile(join(profileDir, name), 'utf8')));
  if (KEEP) {
    await mkdir(KEEP, { recursive: true });
    await cp(join(profileDir, name), join(KEEP, name));
  }
  console.log(
    `\naddon dev on ${RECORDS ? RECORDS.toLocaleString('en-US') + ' customers' : 'an empty data dir'}, ` +
      `node ${process.version}, under --cpu-prof: ready in ${Math.round(ready)} ms from spawn\n`,
  );
  summarise(profile);
  if (KEEP) console.log(`\nprofile kept: ${join(KEEP, name)} (open it in Chrome DevTools, Performance tab)`);
} finally {
  await rm(work, { recursive: true, force: true });
}

/** The same customers as bench/api.js fills, created through the domain in this process, then closed. */
async function fill(dataDir, count) {
  const { createEmulator } = await import('../dist/index.js');
  const emulator = await createEmulator({ port: 0, dataDir });
  const customers = (await internalsOf(emulator)).domain.collections.get('customers');
  const orgId = emulator.settings.orgId;
  for (let done = 0; done < count; done += 1000) {
    const writes = [];
    for (let k = done; k < Math.min(done + 1000, count); k++) {
      writes.push(customers.create(orgId, { name: `Customer ${k}`, email: `customer${k}@example.com` }));
    }
    await Promise.all(writes);
  }
  await emulator.close();
}

/**
 * The CLI runs from one bundle (rolldown.config.js): each frame in it is mapped back, through the
 * bundle's source map, to the file it came from (dist/... or node_modules/...), so the phases below
 * can tell them apart.
 */
async function unbundled(profile) {
  const maps = new Map();
  for (const { callFrame: frame } of profile.nodes) {
    if (!frame.url.endsWith('.bundle.js')) continue;
    if (!maps.has(frame.url)) {
      const payload = JSON.parse(await readFile(fileURLToPath(frame.url + '.map'), 'utf8'));
      maps.set(frame.url, new SourceMap(payload));
    }
    const entry = maps.get(frame.url).findEntry(frame.lineNumber, frame.columnNumber);
    if (!entry.originalSource) continue;
    frame.url = new URL(entry.originalSource, frame.url).href;
    frame.lineNumber = entry.originalLine;
    frame.columnNumber = entry.originalColumn;
  }
  return profile;
}

function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const phases = new Map();
  const functions = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const leaf = byId.get(profile.samples[i]).callFrame;
    const stack = [];
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) stack.push(byId.get(id).callFrame);
    let phase = 'other (fastify routes and plugins, domain, CLI, ...)';
    if (leaf.functionName === '(garbage collector)') phase = 'garbage collection';
    else if (leaf.functionName === '(idle)') phase = 'idle (waiting for I/O)';
    else phase = PHASES.find(([, test]) => stack.some(test))?.[0] ?? phase;
    if (phase.startsWith('stop')) continue;
    total += ms;
    phases.set(phase, (phases.get(phase) ?? 0) + ms);
    const where = `${leaf.functionName || '(anonymous)'} ${leaf.url.replace(`file://${ROOT}`, '')}:${leaf.lineNumber + 1}`;
    functions.set(where, (functions.get(where) ?? 0) + ms);
  }
  const table = (title, rows) => {
    console.log(`| ${title} | ms | share |`);
    console.log('|---|---:|---:|');
    for (const [name, ms] of rows)
      console.log(`| ${name} | ${Math.round(ms)} | ${((100 * ms) / total).toFixed(0)} % |`);
  };
  table(
    'phase (until ready)',
    [...phases].sort((a, b) => b[1] - a[1]),
  );
  console.log();
  table('function (self time), top 15', [...functions].sort((a, b) => b[1] - a[1]).slice(0, 15));
  console.log(`\nsampled ${Math.round(total)} ms in all`);
}
