import { Writable } from 'node:stream';
import { printlnStderr } from '../cli/output.js';
import { UserError } from '../common/errors.js';
import { createMcpServer, type McpServerOptions } from './server.js';
import { StdioTransport } from './stdio-transport.js';

/**
 * The emulator on this machine, through the CLI's client, and the CLI's own state export: made by the
 * command and given here, as the CLI's modules in this chunk's imports split the CLI's bundle
 * (rolldown), which every other command's start would pay for.
 */
export type ServeOptions = McpServerOptions;

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * After a signal, how long the calls aborted have to end before the process leaves without them. An
 * HTTP call ends at once; check and host_page (a browser, the add-on's dev command) cannot be cut
 * short. Real time, not the emulated clock: the client that sent the signal waits in real time.
 */
const SIGNAL_GRACE_MS = 3_000;

/** Why the server stops: its input ended (every request read answered), a signal, or its input failed. */
type End = { signal?: NodeJS.Signals; failed?: Error };

/**
 * Serves the MCP server over the process's stdin and stdout until the client goes away: stdin ends
 * (once every request already read is answered), or a signal (at once: the calls in flight are
 * aborted). stdin failing is no way to go: it throws, said in one line. stdout is the protocol's
 * alone meanwhile: anything else written to it (a library's console.log, a stray line of the kit's)
 * goes to stderr instead.
 */
export async function serveStdio(options: ServeOptions): Promise<void> {
  const protocol = takeStdout();
  const { stdin } = process;
  let finish: (end: End) => void = () => {};
  const ended = new Promise<End>((resolve) => (finish = resolve));
  const transport = new StdioTransport(stdin, protocol.stream);
  // A client that pipes its requests and ends its input still gets every answer: a call it made
  // is carried out either way, and closing first would abort it and drop what it did.
  transport.onend = (failed) => (failed ? finish({ failed }) : void transport.allAnswered().then(() => finish({})));
  const onSignal = (signal: NodeJS.Signals) => finish({ signal });
  try {
    const server = createMcpServer(options);
    // What the protocol meets and goes on from (an answer it could not send, say): said, not lost.
    server.server.onerror = (error) => printlnStderr(`addon mcp: ${error.message}`);
    // The client is gone for good: nothing more can be answered.
    protocol.stream.once('error', () => finish({}));
    for (const signal of SIGNALS) process.once(signal, onSignal);
    await server.connect(transport);
    const { signal, failed } = await ended;
    if (signal) leaveWithin(SIGNAL_GRACE_MS, signal);
    // Aborts every call in flight (the SDK aborts each handler's signal): none is answered.
    await server.close();
    if (failed) throw new UserError(`addon mcp cannot read its stdin, so it stops: ${failed.message}`);
  } finally {
    for (const signal of SIGNALS) process.off(signal, onSignal);
    // Nothing more is read: the process may end once the emulator has stopped.
    stdin.destroy();
    protocol.restore();
  }
}

/**
 * Ends the process `ms` from now if it is still there: a call that could not be aborted is not
 * waited for. Unref'd: a process with nothing else left ends before it.
 */
function leaveWithin(ms: number, signal: NodeJS.Signals): void {
  setTimeout(() => {
    printlnStderr(`addon mcp: stopped by ${signal}, without waiting longer for the calls still running`);
    process.exit(0);
  }, ms).unref();
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
