// Soak: mixed API load and event triggers against a real `addon dev` process, with a flaky webhook
// receiver, for SOAK_SECONDS (default 120). It checks that the emulator's live heap (measured after a
// full GC by bench/soak-heap-probe.cjs, preloaded into it) stays flat, that no attempt is sent twice, that
// every delivery the receiver acknowledged is in the delivery log, and that the audit log has one
// line for every API call (all pass the rate limit here). Loopback only; it stops by itself.
//
//   npm run soak
//   SOAK_SECONDS=300 node bench/soak.js     (after npm run build)

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const BIN = fileURLToPath(new URL('../bin/addon.js', import.meta.url));
const PROBE = fileURLToPath(new URL('./soak-heap-probe.cjs', import.meta.url));
const failures = [];
const check = (ok, message) =>
  ok ? console.log(`ok   ${message}`) : (failures.push(message), console.log(`FAIL ${message}`));

const dataDir = await mkdtemp(join(tmpdir(), 'addon-soak-'));
/** deliveryId -> the event's timestamp, for every delivery the receiver answered 2xx. */
const acknowledged = new Map();
/** deliveryId -> when its first attempt arrived (real time). */
const firstSeen = new Map();
/** Acknowledged deliveries waiting for verifyLoop to look them up. */
let toVerify = [];
/** Acknowledged a second or more ago, yet not logged as succeeded when looked up. */
const unlogged = [];
let verified = 0;
/** `deliveryId attempt` pairs that arrived more than once: each attempt must be sent once. */
const seen = new Set();
const repeated = [];
let received = 0;
// Flaky: a third of the deliveries fail, some answer slowly.
const receiver = createServer((request, response) => {
  const chunks = [];
  request.on('data', (c) => chunks.push(c));
  request.on('end', () => {
    received++;
    const fail = Math.random() < 0.33;
    setTimeout(
      () => {
        const { deliveryId, timestamp } = JSON.parse(Buffer.concat(chunks).toString());
        const pair = `${deliveryId} ${request.headers['x-service-delivery-attempt']}`;
        if (seen.has(pair)) repeated.push(pair);
        seen.add(pair);
        if (!firstSeen.has(deliveryId)) firstSeen.set(deliveryId, Date.now());
        if (!fail) {
          acknowledged.set(deliveryId, timestamp);
          // Only deliveries made moments ago: an old one that succeeds on a retry may be among the
          // oldest of the 5,000 the log keeps, and leave it at the next trim, as it should.
          if (Date.now() - firstSeen.get(deliveryId) <= 2_000) toVerify.push({ deliveryId, at: Date.now() });
        }
        response.writeHead(fail ? 500 : 204).end();
      },
      Math.random() < 0.1 ? 300 : 0,
    );
  });
});
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');
const hook = `http://127.0.0.1:${receiver.address().port}/hooks`;

const dev = spawn(
  'node',
  ['--require', PROBE, BIN, 'dev', '--json', '--no-open', '--port', '0', '--data', dataDir, '--rate-limit', '1000000'],
  {
    env: { ...process.env, CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
/** The live heap after a full GC, in MB, every 5 s (bench/soak-heap-probe.cjs); other stderr passes through. */
const liveHeap = [];
createInterface({ input: dev.stderr }).on('line', (line) => {
  const probe = /^soak-probe live-heap (\d+)$/.exec(line);
  if (probe) liveHeap.push(Number(probe[1]) / 2 ** 20);
  else console.error(line);
});
// However the soak ends, the emulator ends with it.
process.on('exit', () => dev.kill());
const lines = createInterface({ input: dev.stdout });
const ready = await new Promise((resolve) =>
  lines.on('line', (line) => line.includes('"event":"ready"') && resolve(JSON.parse(line))),
);
const { url, apiUrl } = ready;
const control = async (path, body) =>
  (
    await fetch(`${url}/_emulator${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    })
  ).json();
const { token } = await control('/tokens', {});
let calls = 0;
const call = async (method, path, body) => {
  calls++;
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body && JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 500) failures.push(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
};

const EVENTS = ['customer.created', 'invoice.paid', 'payment.received', 'ticket.created'];
// Three failures in a row disable a subscription (a third of attempts fail here): subscribe again,
// as a developer would.
const subscribeAll = () =>
  Promise.all(EVENTS.map((event) => call('POST', '/events/subscribe', { event, webhookUrl: hook })));
await subscribeAll();

const rss = () => readFile(`/proc/${dev.pid}/status`, 'utf8').then((s) => Number(/VmRSS:\s+(\d+)/.exec(s)[1]) / 1024);
const samples = [];
const deadline = Date.now() + SECONDS * 1000;
let triggers = 0;

const worker = async () => {
  while (Date.now() < deadline) {
    const customer = (await call('POST', '/customers', { name: `Soak ${calls}` })).data;
    await call('GET', '/customers?limit=50');
    await call('PATCH', `/customers/${customer._id}`, { phone: '+1 555 0100' });
    const invoice = (
      await call('POST', '/invoices', {
        customerId: customer._id,
        lineItems: [{ description: 'Work', quantity: 2, unitPrice: 99.5 }],
        status: 'sent',
      })
    ).data;
    await call('PATCH', `/invoices/${invoice._id}`, { status: 'paid' });
    await call('DELETE', `/customers/${customer._id}`);
  }
};
const triggerLoop = async () => {
  while (Date.now() < deadline) {
    await control('/events/trigger', { event: 'ticket.created' });
    triggers++;
    await new Promise((r) => setTimeout(r, 500));
  }
};
const clockLoop = async () => {
  // Six emulated minutes every 15 s: every pending retry falls due and goes out.
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 15_000));
    await control('/clock/advance', { by: '6m' });
    await subscribeAll();
  }
};
const memoryLoop = async () => {
  while (Date.now() < deadline) {
    samples.push(await rss());
    await new Promise((r) => setTimeout(r, 5_000));
  }
};
// Every second, up to 40 deliveries the receiver acknowledged at least a second ago, within 2 s of
// their first attempt, are looked up: each must be logged as succeeded. At a few hundred deliveries
// a second they are far inside the log's newest 5,000, so none may be missing either.
const verifyLoop = async () => {
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1_000));
    const settled = toVerify.filter((v) => v.at <= Date.now() - 1_000);
    toVerify = toVerify.filter((v) => v.at > Date.now() - 1_000);
    for (const { deliveryId } of settled.sort(() => Math.random() - 0.5).slice(0, 40)) {
      const response = await fetch(`${url}/_emulator/deliveries/${deliveryId}`);
      const delivery = response.ok ? await response.json() : null;
      verified++;
      if (delivery?.status !== 'succeeded')
        unlogged.push(`${deliveryId}: ${delivery ? delivery.status : response.status}`);
    }
  }
};
await Promise.all([...Array.from({ length: 4 }, worker), triggerLoop(), clockLoop(), memoryLoop(), verifyLoop()]);

// Send the last retries (the advance answers once their attempts are logged), then stop the emulator
// cleanly (it flushes the store and audit log).
await control('/clock/advance', { by: '6m' });
const deliveries = (await control('/deliveries?limit=5000')).data;
dev.kill('SIGINT');
await once(dev, 'exit');
receiver.close();

const auditLines = (await readFile(join(dataDir, 'audit.log'), 'utf8')).trim().split('\n').length;
const inLog = new Map(deliveries.map((d) => [d.deliveryId, d]));
// The log keeps the newest 5,000 deliveries (older finished ones make room): every acknowledged one
// still in it must say succeeded.
const lost = [...acknowledged].filter(([id]) => inLog.has(id) && inLog.get(id).status !== 'succeeded');
// Flat means what stays alive stops growing: the median live heap of the last third of the run is
// no more than a quarter (and 10 MB, for the records the load adds) above the middle third's.
// Medians, because single samples spike: a snapshot compaction, for one, holds the text of the
// whole snapshot alive while it is written.
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const third = Math.max(1, Math.floor(liveHeap.length / 3));
const middle = median(liveHeap.slice(third, 2 * third));
const late = median(liveHeap.slice(-third));

for (const [id] of lost.slice(0, 3)) {
  const { status, attempts } = inLog.get(id);
  const tried = attempts.map((a) => [a.attempt, a.response?.status ?? a.error, a.durationMs]);
  console.log('acknowledged but logged as', status, id, JSON.stringify(tried));
}
console.log(
  `\nsoak: ${SECONDS} s, ${calls} API calls, ${triggers} triggers, ${received} deliveries received, ${acknowledged.size} acknowledged`,
);
console.log(`soak: live heap after a full GC (MB): ${liveHeap.map((m) => m.toFixed(0)).join(' ')}`);
console.log(`soak: RSS (MB): ${samples.map((m) => m.toFixed(0)).join(' ')}`);
check(failures.length === 0, `no 5xx answers${failures.length ? `: ${failures.slice(0, 3).join('; ')}` : ''}`);
check(auditLines === calls, `audit log has a line for every API call (${auditLines} lines, ${calls} calls)`);
check(
  unlogged.length === 0,
  `every acknowledged delivery looked up a second later is logged as succeeded (${verified} looked up, ${unlogged.length} not${unlogged.length ? `: ${unlogged.slice(0, 3).join(', ')}` : ''})`,
);
check(
  lost.length === 0,
  `every acknowledged delivery still in the log at the end says succeeded (${lost.length} do not)`,
);
check(
  repeated.length === 0,
  `no attempt of a delivery arrived twice (${repeated.length} did${repeated.length ? `: ${repeated.slice(0, 3).join(', ')}` : ''})`,
);
check(
  late <= middle * 1.25 + 10,
  `memory stays flat (live heap median ${middle.toFixed(0)} MB in the middle third, ${late.toFixed(0)} MB in the last; peak ${Math.max(...liveHeap).toFixed(0)} MB)`,
);
await rm(dataDir, { recursive: true, force: true });
process.exit(failures.length ? 1 : 0);
