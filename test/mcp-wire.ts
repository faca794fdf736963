import type { Socket } from 'node:net';
import { execa, type ResultPromise } from 'execa';
import { BIN } from './helpers.js';

/** One line `addon mcp` wrote on stdout: an answer (or a notification), parsed. */
export type WireMessage = {
  id?: string | number | null;
  result?: any;
  error?: { code: number; message: string; data?: { code?: string } };
  method?: string;
};

/**
 * `addon mcp ...args` driven over its stdin and stdout line by line, as the protocol is written:
 * what the SDK's client would not send (a line that is not JSON, one of 12 MB) can be.
 */
export interface Wire {
  child: ResultPromise<{ stdin: 'pipe' | Socket; reject: false; buffer: false; forceKillAfterDelay: false }>;
  /** Writes one line (a message, or text as it is). */
  send(message: object | string): void;
  /** The answer to request `id`, once it is written. */
  answer(id: string | number | null): Promise<WireMessage>;
  /** `tools/call` of `name` with `args`, answered. */
  call(name: string, args: unknown): Promise<WireMessage>;
  /** Every line written on stdout so far. */
  readonly lines: WireMessage[];
  stderr(): string;
}

let nextId = 1000;

/**
 * `addon mcp ...args` in `cwd`, initialized, with `env` besides the test's; `node` is given `nodeArgs`
 * first. Its stdin is a pipe, or the `socket` pair's `theirs` (written to through `ours`).
 */
export async function startWire(
  args: string[],
  {
    cwd,
    env = {},
    nodeArgs = [],
    socket,
  }: { cwd: string; env?: Record<string, string>; nodeArgs?: string[]; socket?: { theirs: Socket; ours: Socket } },
): Promise<Wire> {
  const child = execa('node', [...nodeArgs, BIN, 'mcp', ...args], {
    cwd,
    stdin: socket?.theirs ?? 'pipe',
    reject: false,
    env: { NO_COLOR: '1', ...env },
    buffer: false,
    // A signal the test sends is all the process gets: execa's SIGKILL 5 s later would end it for it.
    forceKillAfterDelay: false,
  });
  // The child holds its own copy of the socket now.
  socket?.theirs.destroy();
  const input = socket?.ours ?? child.stdin!;
  // A server that has gone makes the next write fail (EPIPE): what the test asserts says so instead.
  input.on('error', () => {});
  const lines: WireMessage[] = [];
  const waiting = new Map<string | number | null, (message: WireMessage) => void>();
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    rest += chunk.toString('utf8');
    for (let end = rest.indexOf('\n'); end !== -1; end = rest.indexOf('\n')) {
      const message = JSON.parse(rest.slice(0, end)) as WireMessage;
      rest = rest.slice(end + 1);
      lines.push(message);
      if (message.id !== undefined) waiting.get(message.id)?.(message);
    }
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const answer = (id: string | number | null) =>
    new Promise<WireMessage>((resolve) => {
      const written = lines.find((line) => line.id === id);
      if (written) resolve(written);
      else waiting.set(id, resolve);
    });
  const send = (message: object | string) =>
    input.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  const wire: Wire = {
    child,
    send,
    answer,
    async call(name, args) {
      const id = nextId++;
      send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
      return answer(id);
    },
    lines,
    stderr: () => stderr,
  };
  // MCP's opening: initialize, answered, then initialized.
  send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'wire', version: '1' } },
  });
  await answer(0);
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return wire;
}
