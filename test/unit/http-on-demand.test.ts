import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { cleanUp, tempDir } from '../helpers.js';

afterEach(cleanUp);

/** A request written as bytes on a new connection, and everything the server sends back until it closes. */
async function raw(url: string, request: string): Promise<string> {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  // Not end(): a half-closed connection may be closed before an answer the app makes later.
  socket.write(request);
  await once(socket, 'close');
  return Buffer.concat(chunks).toString('latin1');
}

/** What an answer says, without what differs between two emulators (ids, times, port). */
const answer = (text: string, url: string) =>
  text
    .replaceAll(url, 'URL')
    .replace(/^date: .*$/im, 'date: -')
    .replace(/^x-ratelimit-reset: .*$/im, 'x-ratelimit-reset: -')
    .replace(/^x-request-id: .*$/im, 'x-request-id: -')
    .replace(/"(requestId|id)":"[^"]+"/g, '"$1":"-"');

const FIRST_REQUESTS = (token: string) => [
  `GET /api/addon/v1/customers?limit=2 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
  `GET /api/addon/v1/customers HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  `GET /no/such/page HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  `GET /.well-known/jwks.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  // Malformed: node's parser refuses it before any route (fastify's clientError answer).
  `GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n`,
];

async function started(httpOnDemand: boolean): Promise<{ emulator: Emulator; url: string; token: string }> {
  const emulator = await createEmulator({ port: 0, httpOnDemand, faultSeed: 1 });
  const url = await emulator.listen();
  const { token } = await emulator.token();
  return { emulator, url, token };
}

describe('an emulator whose HTTP app is made on demand (addon exec)', () => {
  it('answers its very first requests, all at once, exactly as an emulator made whole does', async () => {
    const whole = await started(false);
    const onDemand = await started(true);
    try {
      // All sent before the on-demand app exists: each waits for it, then gets fastify's own answer.
      const first = await Promise.all(FIRST_REQUESTS(onDemand.token).map((r) => raw(onDemand.url, r)));
      const expected = await Promise.all(FIRST_REQUESTS(whole.token).map((r) => raw(whole.url, r)));
      const jwks = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).keys;
      expect(jwks(first[3])[0].kty).toBe('EC');
      first[3] = expected[3] = 'a JWKS, each emulator its own key';
      expect(first.map((text) => answer(text, onDemand.url))).toEqual(expected.map((text) => answer(text, whole.url)));
      expect(first[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(first[0]).toContain('{"data":[],"total":0}');
      expect(first[1]).toMatch(/^HTTP\/1\.1 401 /);
      expect(first[4]).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      // inject answers the same as a socket.
      const injected = await onDemand.emulator.inject({
        url: '/api/addon/v1/customers?limit=2',
        headers: { authorization: `Bearer ${onDemand.token}` },
      });
      expect(injected.json()).toEqual({ data: [], total: 0 });
    } finally {
      await whole.emulator.close();
      await onDemand.emulator.close();
    }
  });

  it('closes without a request, and while the app is being made for its first', async () => {
    const idle = await started(true);
    await idle.emulator.close();
    await expect(fetch(`${idle.url}/_emulator/status`)).rejects.toThrow();

    const busy = await started(true);
    // inject starts making the app at once; close waits for it, then closes it.
    const pending = busy.emulator.inject('/_emulator/status').catch((error: Error) => error);
    await busy.emulator.close();
    await pending;
    await expect(fetch(`${busy.url}/_emulator/status`)).rejects.toThrow();
  });

  it('is made whole when it keeps a coverage file, which names every operation the routes tell', async () => {
    const [dirA, dirB] = [await tempDir(), await tempDir()];
    const onDemand = await createEmulator({ port: 0, httpOnDemand: true, coverage: { dir: dirA } });
    const whole = await createEmulator({ port: 0, coverage: { dir: dirB } });
    try {
      expect(onDemand.coverage!.now().surface).toEqual(whole.coverage!.now().surface);
    } finally {
      await onDemand.close();
      await whole.close();
    }
  });
});
