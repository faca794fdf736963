import { createServer as createNetServer } from 'node:net';
import { EventEmitter, once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { expect } from 'vitest';
import { CONTROL_PREFIX } from '../src/control/control-api.js';
import { createEmulator, type Emulator, type EmulatorOptions } from '../src/emulator/create-emulator.js';
import type { Delivery } from '../src/webhooks/delivery-log.js';

export const ROOT = new URL('..', import.meta.url).pathname;
export const BIN = join(ROOT, 'bin', 'addon.js');

const cleanups: Array<() => Promise<unknown>> = [];

/** Runs registered clean-ups; call from afterEach/afterAll. */
export async function cleanUp(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
}

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'addon-test-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An emulator of inProcess(): `call` sends a request through `inject`, with no socket. */
export type InProcessEmulator = Emulator & { call: Caller };

/** An in-process emulator (memory store unless a dataDir is given), not listening: use `inject`. */
export async function inProcess(options: EmulatorOptions = {}): Promise<InProcessEmulator> {
  const emulator = await createEmulator({ port: 0, ...options });
  cleanups.push(() => emulator.close());
  const call: Caller = async (method, path, { token, body, headers = {} } = {}) => {
    const response = await emulator.inject({
      method,
      url: path.startsWith('/') ? path : `/api/addon/v1/${path}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.body ? safeJson(response.body) : null,
    };
  };
  return Object.assign(emulator, { call });
}

export type Caller = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS',
  path: string,
  options?: { token?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<{ status: number; headers: Record<string, unknown>; body: any }>;

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * The environment of a user's shell: without the npm_* variables of the `npm test` running us, so
 * that an npm or npx run by a test takes its project from its own directory, not this checkout.
 */
export const userEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => !/^npm_/i.test(key) || /^npm_config_(cache|userconfig|globalconfig)$/i.test(key),
  ),
) as Record<string, string>;

/** Runs a command as a user would, failing with its whole output. */
export async function run(cwd: string, command: string, args: string[], timeout = 120_000) {
  const result = await execa(command, args, {
    cwd,
    timeout,
    reject: false,
    all: true,
    env: { ...userEnv, NO_COLOR: '1', CI: '1' },
    extendEnv: false,
  });
  if (result.exitCode !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.exitCode}):\n${result.all}`);
  return result;
}

/**
 * A user error as the README promises it: exit 1 (2 for a usage error) and one line on stderr (so no
 * stack trace), equal to or matching `line` when given.
 */
export function expectOneLine(
  result: { exitCode?: number; stderr: string },
  line?: string | RegExp,
  exitCode: 1 | 2 = 1,
): void {
  expect(result.exitCode, result.stderr).toBe(exitCode);
  const lines = result.stderr.split('\n').filter(Boolean);
  expect(lines, result.stderr).toHaveLength(1);
  if (typeof line === 'string') expect(lines[0]).toBe(line);
  else if (line) expect(lines[0]).toMatch(line);
}

/** Runs the real CLI to completion; killed after 55 s, a guard against a hang (an `addon check` takes ~9 s quiet). */
export function cli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  return execa('node', [BIN, ...args], {
    reject: false,
    timeout: 55_000,
    cwd: options.cwd ?? ROOT,
    env: { NO_COLOR: '1', ...options.env },
  });
}

export interface DevProcess {
  url: string;
  apiUrl: string;
  process: ResultPromise;
  output(): string;
  /** Stops it (the whole process group when started through npx) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Spawns `addon dev --json` on a free port and waits for its ready line; killed at clean-up, with its
 * output kept for the failure message. With `npx`, it runs as a user types it, `npx addon dev`, in a
 * process group of its own (npm, a shell, then the emulator as a grandchild), and `stop` signals the
 * whole group. With `json: false`, it prints for a person, and its banner's host page is the URL.
 */
export async function startDev(
  args: string[],
  options: { cwd?: string; npx?: boolean; json?: boolean; group?: boolean } = {},
): Promise<DevProcess> {
  const json = options.json ?? true;
  // In a process group of its own, which `stop` signals whole: as npx runs it, or `group`.
  const grouped = options.npx || options.group;
  const devArgs = ['dev', '--no-open', ...(json ? ['--json'] : []), '--port', '0', ...args];
  const child = execa(options.npx ? 'npx' : 'node', options.npx ? ['addon', ...devArgs] : [BIN, ...devArgs], {
    cwd: options.cwd ?? ROOT,
    env: { ...userEnv, NO_COLOR: '1', CI: '1' },
    extendEnv: false,
    reject: false,
    buffer: false,
    detached: grouped,
  });
  let output = '';
  const ready = new Promise<{ url: string; apiUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`addon dev did not get ready in 20 s:\n${output}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const line = output.split('\n').find((l) => l.includes('"event":"ready"'));
      const banner = /Host page +(http:\/\/\S+)\/\n[\s\S]*Ready in/.exec(output);
      if (json ? line : banner) {
        clearTimeout(timer);
        const url = json ? JSON.parse(line!).url : banner![1];
        resolve({ url, apiUrl: `${url}/api/addon/v1` });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`addon dev exited with ${code} before it was ready:\n${output}`));
    });
  });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (grouped) {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // The group is gone already.
      }
    } else if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await child;
  };
  cleanups.push(() => stop('SIGKILL'));
  const { url, apiUrl } = await ready;
  return { url, apiUrl, process: child, output: () => output, stop };
}

/**
 * `addon logs --follow <args>` against the emulator at `url`, once it says on stderr that it is
 * connected: from then on, no call is missed. `printed()` is its stdout so far.
 */
export async function followLogs(url: string, args: string[] = []) {
  const child = execa('node', [BIN, 'logs', '--follow', ...args, '--emulator', url], {
    env: { ...userEnv, NO_COLOR: '1' },
    extendEnv: false,
    reject: false,
    buffer: false,
  });
  cleanups.push(async () => child.kill('SIGKILL'));
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk));
  await new Promise<void>((resolve) =>
    child.stderr!.on('data', (chunk: Buffer) => String(chunk).includes('Following the audit log') && resolve()),
  );
  return {
    printed: () => printed,
    async stop() {
      child.kill();
      await child;
    },
  };
}

let flushes = 0;
/** Waits until addon dev has printed everything up to now: the line of a call made after it all. */
export async function printed(dev: DevProcess, token: string): Promise<string> {
  const path = `/customers?printed=${++flushes}`;
  await api(`${dev.apiUrl}${path}`, { token });
  await expect.poll(() => dev.output().includes(path)).toBe(true);
  return dev.output();
}

/** The parity warnings addon dev --json printed. */
export const parityLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.includes('"event":"parity"'))
    .map((line) => JSON.parse(line));

/** fetch with a bearer token and JSON body. */
export async function api(url: string, options: { token?: string; method?: string; body?: unknown } = {}) {
  const response = await fetch(url, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/**
 * Eight writers creating customers until told to stop; `answered` holds the ids of the writes
 * answered 201, and `reached(n)` resolves once there are n of them.
 */
export function writers(apiUrl: string, token: string) {
  const answered: string[] = [];
  let stopped = false;
  const waiting: Array<{ n: number; resolve(): void }> = [];
  const write = async () => {
    while (!stopped) {
      const result = await api(`${apiUrl}/customers`, { token, body: { name: 'Written' } }).catch(() => null);
      if (result?.status !== 201) continue;
      answered.push(result.body.data._id);
      for (const w of waiting.filter((w) => answered.length >= w.n)) w.resolve();
    }
  };
  const running = Array.from({ length: 8 }, write);
  return {
    answered,
    reached: (n: number) => new Promise<void>((resolve) => waiting.push({ n, resolve })),
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** A seeded pseudo-random source, so a randomised test prints its seed and can be repeated exactly. */
export { seededRandom } from '../src/faults/seeded-random.js';

/** An emulator in this process, or an `addon dev` reached over its control API. */
type DeliverySource = Pick<Emulator, 'deliveries'> | { url: string };

async function allDeliveries(source: DeliverySource): Promise<Delivery[]> {
  if ('deliveries' in source) return source.deliveries({ limit: Infinity });
  return (await api(`${source.url}${CONTROL_PREFIX}/deliveries?limit=5000`)).body.data;
}

/** How many attempts the delivery log holds in all, now. */
export async function attemptsInLog(source: DeliverySource): Promise<number> {
  return (await allDeliveries(source)).reduce((sum, d) => sum + d.attempts.length, 0);
}

/**
 * Waits until the delivery log holds `n` attempts in all. A receiver has its request before the
 * emulator has read the answer and logged the attempt, so a test that next advances the clock, resets
 * or stops the emulator must wait for this, not for the receiver. (After a clock advance there is
 * nothing to wait for: it returns once the attempts that fell due are logged.)
 */
export async function attemptsLogged(source: DeliverySource, n: number): Promise<void> {
  await expect.poll(() => attemptsInLog(source), { timeout: 15_000 }).toBe(n);
}

export interface ReceivedRequest {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A real webhook receiver on 127.0.0.1: records every request and answers `status`, `delayMs` after
 * it arrived (a slow receiver), or never while `hang` is set. `mostOpen` is the most requests it had
 * unanswered at once.
 */
export async function startReceiver(options: { status?: number; delayMs?: number } = {}) {
  const { createServer } = await import('node:http');
  const state = {
    status: options.status ?? 200,
    delayMs: options.delayMs ?? 0,
    hang: false,
    /** Answers nothing until `letGo()`: a receiver the test holds, to act while a delivery is under way. */
    hold: false,
    requests: [] as ReceivedRequest[],
    mostOpen: 0,
  };
  const holding: Array<() => void> = [];
  let open = 0;
  const arrivals = new EventEmitter();
  const server = createServer((request, response) => {
    state.mostOpen = Math.max(state.mostOpen, ++open);
    response.on('close', () => open--);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      arrivals.emit('request');
      if (state.hang) return;
      const { status } = state;
      const answer = () => response.writeHead(status, { 'content-type': 'text/plain' }).end(`answered ${status}`);
      if (state.hold) holding.push(answer);
      else if (state.delayMs) setTimeout(answer, state.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return Object.assign(state, {
    url,
    /** Answers the requests held so far (see `hold`). */
    letGo() {
      for (const answer of holding.splice(0)) answer();
    },
    /** Waits until `count` requests have arrived. */
    async received(count: number, timeoutMs = 15_000) {
      const signal = AbortSignal.timeout(timeoutMs);
      while (state.requests.length < count) {
        await once(arrivals, 'request', { signal }).catch(() => {
          throw new Error(`receiver got ${state.requests.length} of ${count} requests`);
        });
      }
      return state.requests;
    },
  });
}

/**
 * A POST over a real socket with exactly the headers given: what a browser sends (`Origin`,
 * `Sec-Fetch-Site`, `Sec-Fetch-Mode`) can be spelt out, where fetch from Node puts its own
 * `sec-fetch-mode: cors` over any other.
 */
export async function rawPost(url: string, headers: Record<string, string>, body: string | Buffer = '') {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, unknown>; body: any }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-length': Buffer.byteLength(body), ...headers } });
    req.on('error', reject);
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode!, headers: response.headers, body: text ? safeJson(text) : null });
      });
    });
    req.end(body);
  });
}

/** A port of 127.0.0.1 free a moment ago, for a child process that must be told where to listen. */
export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
