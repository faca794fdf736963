import { Writable, type Readable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { EmulatorClient } from '../cli/emulator-command.js';
import { createMcpServer } from './server.js';

export interface ServeOptions {
  /**
   * The emulator on this machine, through the CLI's client. Made by the command and given here:
   * the client's module in this chunk's imports splits the CLI's bundle (rolldown), which every
   * other command's start would pay for.
   */
  emulator: EmulatorClient;
  cwd: string;
  readOnly: boolean;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Serves the MCP server over the process's stdin and stdout until the client goes away: stdin ends
 * (once every request already read is answered), the transport closes, or a signal (at once).
 * stdout is the protocol's alone meanwhile: anything else written to it (a library's console.log,
 * a stray line of the kit's) goes to stderr instead.
 */
export async function serveStdio(options: ServeOptions): Promise<void> {
  const protocol = takeStdout();
  const { stdin } = process;
  let stop = () => {};
  const gone = new Promise<void>((resolve) => (stop = resolve));
  const transport = new AnsweringTransport(stdin, protocol.stream);
  // A client that pipes its requests and ends its input still gets every answer: a call it made
  // is carried out either way, and closing first would abort it and drop what it did.
  const ended = () => void transport.allAnswered().then(stop);
  try {
    const server = createMcpServer(options);
    server.server.onclose = stop;
    stdin.once('end', ended).once('close', ended);
    // The client is gone for good: nothing more can be answered.
    protocol.stream.once('error', stop);
    for (const signal of SIGNALS) process.once(signal, stop);
    await server.connect(transport);
    await gone;
    await server.close();
  } finally {
    for (const signal of SIGNALS) process.off(signal, stop);
    stdin.off('end', ended).off('close', ended);
    // Nothing more is read: the process may end once the emulator has stopped.
    stdin.destroy();
    protocol.restore();
  }
}

/** A stream onto the process's stdout for the protocol, and process.stdout's own writes sent to stderr. */
function takeStdout(): { stream: Writable; restore(): void } {
  const stdout = process.stdout;
  const own = Object.hasOwn(stdout, 'write');
  const write = stdout.write;
  const toStdout = write.bind(stdout) as (chunk: Buffer, done: (error?: Error | null) => void) => boolean;
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => void toStdout(chunk, (error) => done(error ?? null)),
  });
  stdout.write = process.stderr.write.bind(process.stderr) as typeof stdout.write;
  return {
    stream,
    restore() {
      if (own) stdout.write = write;
      else delete (stdout as { write?: unknown }).write;
    },
  };
}

/** The stdio transport, knowing which of the requests it read are not answered yet. */
class AnsweringTransport extends StdioServerTransport {
  readonly #open = new Set<RequestId>();
  #whenAnswered: Array<() => void> = [];

  constructor(stdin: Readable, stdout: Writable) {
    super(stdin, stdout);
    // The protocol's own handler, set when the server connects, runs after this one (Protocol.connect).
    this.onmessage = (message) => {
      if (isJSONRPCRequest(message)) this.#open.add(message.id);
      // A request the client cancelled is never answered (MCP cancellation): none is owed.
      else if (isJSONRPCNotification(message) && message.method === 'notifications/cancelled')
        this.#settle((message.params as { requestId?: RequestId } | undefined)?.requestId);
    };
  }

  override async send(message: JSONRPCMessage): Promise<void> {
    await super.send(message);
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) this.#settle(message.id);
  }

  #settle(id: RequestId | undefined): void {
    if (id !== undefined) this.#open.delete(id);
    if (!this.#open.size) for (const resolve of this.#whenAnswered.splice(0)) resolve();
  }

  /** Resolves once every request read so far has its answer written. */
  allAnswered(): Promise<void> {
    if (!this.#open.size) return Promise.resolve();
    return new Promise((resolve) => this.#whenAnswered.push(resolve));
  }
}
