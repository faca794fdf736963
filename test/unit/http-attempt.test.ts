import { once } from 'node:events';
import { createServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHttpTransport, postOnce } from '../../src/webhooks/http-attempt.js';
import { answerOk, rawReceiver } from '../raw-receiver.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A receiver that reads the request and never answers. */
async function hangingReceiver(): Promise<string> {
  const server = createServer((request) => request.resume());
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

const http = createHttpTransport();
afterAll(http.close);

const post = (url: string, cancel = new AbortController().signal) =>
  postOnce(http.send, { url, headers: {}, body: '{}', timeoutMs: 300, cancel });

describe('one webhook attempt', () => {
  it('times out even when garbage collection runs while it waits', async () => {
    // AbortSignal.any([AbortSignal.timeout(ms)]) loses its timer to the GC (nodejs/node#57736).
    const attempt = post(await hangingReceiver());
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 20));
      gc();
    }
    const outcome = await attempt;
    expect(outcome).toMatchObject({ ok: false, response: null, error: 'timed out after 0.3 s' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
  }, 5_000);

  it('rejects, as no attempt at all, when the emulator closes during it', async () => {
    const closing = new AbortController();
    const attempt = post(await hangingReceiver(), closing.signal);
    setTimeout(() => closing.abort(), 50);
    await expect(attempt).rejects.toBeDefined();
  });

  it('keeps the connection for the next attempt to the receiver, and goes over a new one when the kept one is closed as it is used', async () => {
    // The first request of each connection is answered; a second one is met as a receiver closing an
    // idle connection meets it, with a reset: the platform's attempt must not fail for that.
    const served = new WeakMap<Socket, number>();
    const receiver = await rawReceiver((socket) => {
      served.set(socket, (served.get(socket) ?? 0) + 1);
      if (served.get(socket) === 1) answerOk(socket);
      else socket.resetAndDestroy();
    });
    const first = await post(receiver.url);
    expect(first).toMatchObject({ ok: true, error: null });
    const second = await post(receiver.url);
    expect(second).toMatchObject({ ok: true, error: null, response: { status: 200, body: 'ok' } });
    // The second attempt reached the receiver on the kept connection, then on a new one.
    expect(receiver.requests).toHaveLength(3);
    await receiver.close();
  });

  it('speaks TLS to an https: receiver (node:https, loaded on the first one) and plain HTTP to an http: one', async () => {
    // A bare TCP listener: what the sender writes first tells TLS (a handshake record, 0x16) from HTTP.
    const firstBytes: number[] = [];
    const tcp = createNetServer((socket) =>
      socket.once('data', (chunk) => {
        firstBytes.push(chunk[0]!);
        socket.destroy();
      }),
    );
    tcp.listen(0, '127.0.0.1');
    await once(tcp, 'listening');
    const { port } = tcp.address() as AddressInfo;
    try {
      const secure = await post(`https://127.0.0.1:${port}/hooks`);
      const plain = await post(`http://127.0.0.1:${port}/hooks`);
      expect([secure.ok, plain.ok]).toEqual([false, false]);
      expect(firstBytes).toEqual([0x16, 'P'.charCodeAt(0)]);
    } finally {
      tcp.close();
    }
  });
});
