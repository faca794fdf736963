import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';

/** One request as a raw receiver read it off the socket: the header lines exactly as sent, and the body. */
export interface RawRequest {
  requestLine: string;
  /** Each header line's name and value, in the order and the spelling they came in. */
  headers: Array<[string, string]>;
  body: Buffer;
}

/** A plain 200 with a short body, written by hand. */
export const answerOk = (socket: Socket): void => {
  socket.write('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 2\r\n\r\nok');
};

/**
 * A webhook receiver on a bare TCP socket (node:net) on 127.0.0.1: it reads each request's bytes as
 * they came, with no HTTP library between it and the sender, so a test sees every header the sender
 * wrote, and it answers with whatever bytes `answer` writes (a proper 200, garbage, nothing at all).
 * Requests on one connection are read one after another (keep-alive).
 */
export async function rawReceiver(answer: (socket: Socket, request: RawRequest) => void = answerOk) {
  const requests: RawRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (let request; (request = takeRequest(buffer));) {
        buffer = buffer.subarray(request.length);
        requests.push(request.request);
        answer(socket, request.request);
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    /** Connections open now. */
    get connections() {
      return sockets.size;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The first whole request in `buffer` (head and `content-length` bytes of body), and its length in bytes. */
function takeRequest(buffer: Buffer): { request: RawRequest; length: number } | null {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [requestLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const headers = lines.map((line): [string, string] => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon), line.slice(colon + 1).trim()];
  });
  const size = Number(headers.find(([name]) => name.toLowerCase() === 'content-length')?.[1] ?? 0);
  const length = end + 4 + size;
  if (buffer.length < length) return null;
  return { request: { requestLine, headers, body: buffer.subarray(end + 4, length) }, length };
}

/** A request's header names, lowercased and sorted: what set equality compares. */
export const headerNames = (request: RawRequest): string[] =>
  request.headers.map(([name]) => name.toLowerCase()).sort();
