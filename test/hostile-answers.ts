import type { Socket } from 'node:net';

/** A body written for as long as the socket takes it: a receiver that never stops answering. */
function streamForever(socket: Socket): void {
  socket.write('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ntransfer-encoding: chunked\r\n\r\n');
  const chunk = `4000\r\n${'x'.repeat(0x4000)}\r\n`;
  const more = () => {
    while (!socket.destroyed && socket.write(chunk));
    if (!socket.destroyed) socket.once('drain', more);
  };
  more();
}

/**
 * How a webhook receiver on a bare socket (raw-receiver.ts) answers as no receiver should, by what it
 * does: the attacks a receiver can make on whoever posts to it.
 */
export const HOSTILE_ANSWERS = {
  'hangs (reads the request, never answers)': () => {},
  'answers headers, then never the body': (socket: Socket) =>
    socket.write('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n'),
  'streams a body for ever': streamForever,
  redirects: (socket: Socket) =>
    socket.write('HTTP/1.1 307 Temporary Redirect\r\nlocation: /elsewhere\r\ncontent-length: 0\r\n\r\n'),
  "answers headers over Node's limit": (socket: Socket) =>
    socket.write(`HTTP/1.1 200 OK\r\nx-padding: ${'a'.repeat(64 * 1024)}\r\n\r\n`),
  'answers garbage bytes': (socket: Socket) => socket.end(Buffer.from([0, 255, 13, 10, 13, 10, 71, 69, 84])),
  'closes with no answer': (socket: Socket) => socket.destroy(),
  'closes in the middle of its answer': (socket: Socket) =>
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\nnot a hundred bytes'),
} satisfies Record<string, (socket: Socket) => void>;

export type HostileAnswer = keyof typeof HOSTILE_ANSWERS;
