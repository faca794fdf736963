import { Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
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
 * Serves the MCP server over the process's stdin and stdout until the client goes away: stdin ends,
 * the transport closes, or a signal. stdout is the protocol's alone meanwhile: anything else written
 * to it (a library's console.log, a stray line of the kit's) goes to stderr instead.
 */
export async function serveStdio(options: ServeOptions): Promise<void> {
  const protocol = takeStdout();
  const { stdin } = process;
  let stop = () => {};
  const gone = new Promise<void>((resolve) => (stop = resolve));
  try {
    const server = createMcpServer(options);
    server.server.onclose = stop;
    stdin.once('end', stop).once('close', stop);
    for (const signal of SIGNALS) process.once(signal, stop);
    await server.connect(new StdioServerTransport(stdin, protocol.stream));
    await gone;
    await server.close();
  } finally {
    for (const signal of SIGNALS) process.off(signal, stop);
    stdin.off('end', stop).off('close', stop);
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
