import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_DRAINED_BODY_BYTES } from '../../src/common/limits.js';
import { api, cleanUp, startDev } from '../helpers.js';

/**
 * A body over its route's limit, sent by fetch (undici), which writes the whole body before it reads
 * the answer: the emulator must let it finish and answer 413, not close the connection on it (a
 * broken pipe or a reset in the client instead of the 413). Against a running `addon dev`, another
 * process (an emulator in the test's own process shares its event loop with the client and hides the
 * race), many times over, as the failure came in one request in three or more.
 */
afterAll(cleanUp);

const ROUNDS = 30;
const MiB = 1024 * 1024;

let url: string;
let token: string;
beforeAll(async () => {
  ({ url } = await startDev(['--ephemeral']));
  token = (await api(`${url}/_emulator/tokens`, { body: {} })).body.token;
});

/** A JSON body of `bytes` bytes: one string field. */
const bodyOf = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes - 20) }).padEnd(bytes, ' ');

/** Sends `body` to `path` ROUNDS times, one after another; what each answered, or how it failed. */
async function sendMany(path: string, body: string, headers: Record<string, string> = {}) {
  const outcomes: string[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    try {
      const response = await fetch(`${url}${path}`, {
        method: path.endsWith('/state') ? 'PUT' : 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      const answer = await response.json();
      outcomes.push(`${response.status} ${answer.code}`);
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
      outcomes.push(`failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
    }
  }
  return outcomes;
}

describe('a body over the route limit is read and answered 413, every time', () => {
  const overLimit = bodyOf(5 * MiB);
  const expected = Array(ROUNDS).fill('413 payload_too_large');

  it('the add-on API: POST /api/addon/v1/customers', async () => {
    expect(await sendMany('/api/addon/v1/customers', overLimit, { authorization: `Bearer ${token}` })).toEqual(
      expected,
    );
  });

  it('the built-in inbox: POST /inbox/<name>', async () => {
    expect(await sendMany('/inbox/big', overLimit)).toEqual(expected);
  });

  it('the control API: POST /_emulator/seed', async () => {
    expect(await sendMany('/_emulator/seed', overLimit)).toEqual(expected);
  });
});

describe('the 413 names the route limit', () => {
  it('1 MiB for a request body, with the connection kept for the next request', async () => {
    const response = await fetch(`${url}/_emulator/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bodyOf(MAX_BODY_BYTES + 1),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).not.toBe('close');
    expect(await response.json()).toMatchObject({
      code: 'payload_too_large',
      message: 'the request body is larger than the 1 MiB limit of this route',
    });
  });

  it('256 MiB for a state file (PUT /_emulator/state): larger than what is read first, so the connection closes', async () => {
    // Sent with a Content-Length and no body: the emulator answers on the header alone.
    const { request } = await import('node:http');
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${url}/_emulator/state`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'content-length': String(257 * MiB) },
      });
      req.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode!, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe('the request body is larger than the 256 MiB limit of this route');
    expect(257 * MiB).toBeGreaterThan(MAX_DRAINED_BODY_BYTES);
  });
});
