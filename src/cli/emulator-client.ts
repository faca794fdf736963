import type { Command } from 'commander';
import { UserError } from '../common/errors.js';
import { CONTROL_PREFIX, EMULATOR_HEADER } from '../control/control-api.js';
import { API_PREFIX, DEFAULT_EMULATOR_URL } from '../sdk/browser/addresses.js';
import { readAs, type ValueKind } from './arguments.js';
import { currentIo } from './cli-io.js';

/** An emulator on this machine answers its status in milliseconds; a service that is not one may never answer. */
const PROBE_TIMEOUT_MS = 3_000;
/**
 * Beyond the receivers' time to answer: a trigger waits for the first attempt of each of its
 * deliveries, and a clock advance for the attempts that fell due (both bounded by the webhook
 * timeout the emulator reports), and a seed of 10,000 records takes a few seconds.
 */
const CALL_MARGIN_MS = 30_000;

/**
 * A running emulator's address: its origin. More than an origin (a path, a query, a fragment, a
 * user) is refused rather than dropped, so that `--emulator http://127.0.0.1:4455/api/addon/v1`
 * does not quietly mean less than it says.
 */
export const emulatorAddress: ValueKind<string> = {
  takes: `the emulator's address, like ${DEFAULT_EMULATOR_URL}`,
  read(text) {
    const url = URL.canParse(text) ? new URL(text) : null;
    return url && /^https?:$/.test(url.protocol) && url.href === `${url.origin}/` ? url.origin : undefined;
  },
  problem(text) {
    // `localhost:4455` is a URL of the scheme "localhost:" to new URL().
    if (/^(\[[\da-f:]+\]|[\w.-]+):\d+$/i.test(text)) return `needs its scheme: use http://${text}`;
    const [, scheme, port] = /^([a-z][a-z0-9+.-]*):(?:\/\/[^/:]*(?::(\d+))?)?/i.exec(text) ?? [];
    // Said before new URL() is asked: it calls a port out of range merely "invalid".
    if (scheme && !/^https?$/i.test(scheme)) return `takes an http: or https: address, not ${scheme}:`;
    if (port !== undefined && Number(port) > 65535) return 'has a port out of range: ports go from 1 to 65535';
    if (!URL.canParse(text)) return undefined;
    return `takes the emulator's origin alone (scheme, host and port): use ${new URL(text).origin}`;
  },
};

/** `--emulator URL`, else ADDON_EMULATOR_URL, else the default address of `addon dev`: an origin. */
export function emulatorUrl(flag?: string): string {
  const variable = currentIo().env.ADDON_EMULATOR_URL;
  if (flag !== undefined) return readAs('--emulator', emulatorAddress, flag);
  if (variable !== undefined) return readAs('ADDON_EMULATOR_URL', emulatorAddress, variable);
  return DEFAULT_EMULATOR_URL;
}

/** The flag of every command that talks to a running emulator. */
export const withEmulatorFlag = (command: Command): Command =>
  command.option(
    '--emulator <url>',
    `the running emulator (default: $ADDON_EMULATOR_URL, else ${DEFAULT_EMULATOR_URL})`,
  );

/** What a command calls its inputs: the control API's field names mapped to flags and arguments. */
export type FieldNames = Record<string, string>;

/**
 * Calls the running emulator's control API. Everything that can go wrong becomes one line naming the
 * URL tried: nothing there, something else there, no answer in time, or the emulator's refusal with
 * its fields named as the command names them (`fields`). `signal` ends the call early (`addon mcp`
 * stopping, or its client cancelling the call).
 */
export async function control<T>(
  base: string,
  path: string,
  body?: unknown,
  fields: FieldNames = {},
  method = body === undefined ? 'GET' : 'POST',
  signal?: AbortSignal,
): Promise<T> {
  const { webhookTimeoutMs = 0 } = await probe(base, signal);
  return answerOf<T>(
    base,
    await request(base, path, { method, body, timeoutMs: webhookTimeoutMs + CALL_MARGIN_MS, signal }),
    fields,
  );
}

/** A public GET of the add-on API (one that needs no token, such as the event catalog), after the same check. */
export async function publicApi<T>(base: string, path: string, signal?: AbortSignal): Promise<T> {
  await probe(base, signal);
  return answerOf<T>(base, await request(base, path, { timeoutMs: CALL_MARGIN_MS, prefix: API_PREFIX, signal }));
}

/** The JSON of an answer, or the emulator's refusal as one line. */
async function answerOf<T>(base: string, response: Response, fields: FieldNames = {}): Promise<T> {
  const payload = await jsonOf(base, response);
  if (!response.ok) throw new UserError(refusal(payload, response.status, fields), 1, codeOf(payload));
  return payload as T;
}

/**
 * A streaming request (server-sent events), after the same check; the caller reads the body. With
 * `body`, a POST, whose refusal is said as `control` says one; `signal` ends it early.
 */
export async function openStream(
  base: string,
  path: string,
  { body, fields = {}, signal }: { body?: unknown; fields?: FieldNames; signal?: AbortSignal } = {},
): Promise<Response> {
  await probe(base, signal);
  const method = body === undefined ? 'GET' : 'POST';
  const response = await request(base, path, { method, body, timeoutMs: null, signal });
  if (!response.ok) await answerOf(base, response, fields);
  if (!response.ok || !response.body) throw new UserError(`the emulator at ${base} answered ${response.status}`);
  return response;
}

/** Asks for the emulator's status, and makes sure it is an emulator that answered. */
async function probe(base: string, signal?: AbortSignal): Promise<{ webhookTimeoutMs?: number }> {
  const response = await request(base, '/status', { timeoutMs: PROBE_TIMEOUT_MS, signal });
  if (!response.headers.has(EMULATOR_HEADER)) {
    const type = response.headers.get('content-type')?.split(';')[0] ?? 'no content type';
    await response.body?.cancel();
    throw notAnEmulator(base, `HTTP ${response.status}, ${type}`);
  }
  return (await jsonOf(base, response)) as { webhookTimeoutMs?: number };
}

async function request(
  base: string,
  path: string,
  {
    method = 'GET',
    body,
    timeoutMs,
    prefix = CONTROL_PREFIX,
    signal,
  }: { method?: string; body?: unknown; timeoutMs: number | null; prefix?: string; signal?: AbortSignal },
): Promise<Response> {
  // A timer of our own, not AbortSignal.timeout: that one does not keep the process alive, and a
  // process with nothing else to wait for would end mid-request (exit 13) instead of saying why.
  const json = body === undefined ? undefined : JSON.stringify(body);
  const controller = new AbortController();
  const timer = timeoutMs === null ? null : setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await fetch(base + prefix + path, {
      method,
      headers: json === undefined ? {} : { 'content-type': 'application/json' },
      body: json,
      signal: signal ? AbortSignal.any([controller.signal, signal]) : controller.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw new UserError(`the call to ${base} was cancelled`, 1, 'cancelled');
    if (controller.signal.aborted)
      throw new UserError(`${base} did not answer within ${timeoutMs! / 1000} s; is an addon emulator running there?`);
    throw unreachable(base, error);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** fetch's network failure in words; an error without a cause is not one but a bug, given back as it is. */
function unreachable(base: string, error: unknown): Error {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause === undefined) return error as Error;
  const code = cause.code;
  if (code === 'ECONNREFUSED')
    return new UserError(`no emulator answers at ${base}: start one with "addon dev", or pass --emulator URL`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new UserError(`cannot find the host of ${base}`);
  // fetch, as browsers do, never connects to ports such as 9 or 6000 (the Fetch standard's "bad ports").
  if (cause.message === 'bad port')
    return new UserError(
      `${base} is on a port that fetch and browsers refuse to connect to; run the emulator on another`,
    );
  return notAnEmulator(base, code?.startsWith('HPE_') ? 'not HTTP' : (code ?? (error as Error).message));
}

const notAnEmulator = (base: string, what: string): UserError =>
  new UserError(`${base} answered, but it is not an addon emulator (${what}); pass the emulator's URL with --emulator`);

async function jsonOf(base: string, response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    throw notAnEmulator(base, 'its answer is not JSON');
  }
}

/** The emulator's own code for a refusal (`validation_failed`, `not_found`, ...), for `--json`. */
const codeOf = (payload: unknown): string | undefined => {
  const code = (payload as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The emulator's refusal in the command's words: `--limit must be at most 5000`, not `invalid querystring: limit …`. */
function refusal(payload: unknown, status: number, fields: FieldNames): string {
  const body = payload as { message?: string; details?: Array<{ field?: string; message: string }> } | null;
  if (Array.isArray(body?.details))
    return body.details
      .map(({ field, message }) => (field ? `${fields[field] ?? field} ${message}` : message))
      .join('; ');
  return body?.message ?? `the emulator answered ${status}`;
}
