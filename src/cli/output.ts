import { stripVTControlCharacters } from 'node:util';
import { Chalk } from 'chalk';
import { lineBatch, type LineBatch } from '../line-batch.js';
import type { Logger } from '../logger.js';
import { currentIo, type CliIo, type CliStream } from './cli-io.js';

/**
 * Lines are painted always (only the basic colours, the same at every level a terminal supports),
 * and the paint is taken off as a line is written to a stream that is not a terminal, or with
 * NO_COLOR set (https://no-color.org): whether there is colour is the stream's, not the code's.
 */
export const color = new Chalk({ level: 1 });

/**
 * Whether `stream` of `io` shows colour; commander's help and errors ask it too. NO_COLOR (or
 * `--no-color`) turns it off; FORCE_COLOR turns it on where the stream is no terminal (a CI log that
 * renders colour), `FORCE_COLOR=0` off; else a terminal has it.
 */
export function paints(stream: CliStream, io: CliIo): boolean {
  if (io.env.NO_COLOR !== undefined) return false;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  return stream.isTTY === true;
}

const painted = (stream: CliStream, io: CliIo, text: string) =>
  (paints(stream, io) ? text : stripVTControlCharacters(text)) + '\n';

function writeLine(pick: (io: CliIo) => CliStream, text: string): void {
  const io = currentIo();
  const stream = pick(io);
  write(stream, painted(stream, io, text));
}

export const println = (text = ''): void => writeLine((io) => io.stdout, text);

/**
 * Lines waiting for their stream's next write (line-batch.ts), by stream: `addon dev`'s line per call.
 * Anything else written to the stream writes them first, so the order stays the order they were
 * printed in; the process's exit writes them too (stdout is synchronous on a terminal, a file and, on
 * Linux, a pipe), so a stop (Ctrl-C, `process.exit`) loses none.
 */
const waiting = new Map<CliStream, LineBatch>();
process.on('exit', () => {
  for (const batch of waiting.values()) batch.flush();
});

function write(stream: CliStream, text: string): void {
  waiting.get(stream)?.flush();
  stream.write(text);
}

function soon(stream: CliStream, text: string): void {
  let batch = waiting.get(stream);
  if (!batch) {
    batch = lineBatch((lines) => {
      waiting.delete(stream);
      stream.write(lines);
    });
    waiting.set(stream, batch);
  }
  batch.add(text);
}

/**
 * A line on standard output that may wait LINE_BATCH_MS, written with the others of that time in one
 * write: `addon dev` prints one per API call, and a write each was a syscall a call (docs/performance.md).
 */
export function printlnSoon(text: string): void {
  const io = currentIo();
  soon(io.stdout, painted(io.stdout, io, text));
}

/** printJsonLine's line, as printlnSoon's: for `addon dev --json`'s event per call. */
export const printJsonLineSoon = (value: unknown): void => soon(currentIo().stdout, JSON.stringify(value) + '\n');

/** A line on standard error: what is said about a command's output, never part of it. */
export const printlnStderr = (text: string): void => writeLine((io) => io.stderr, text);

export const printJson = (value: unknown): void => write(currentIo().stdout, JSON.stringify(value, null, 2) + '\n');

/** One JSON document per line, for streams (`--follow --json`, `dev --json`). */
export const printJsonLine = (value: unknown): void => write(currentIo().stdout, JSON.stringify(value) + '\n');

/** The emulator's failures that no command waits for, as `addon:` lines on standard error. */
export const cliLogger: Logger = {
  error: (message, error) =>
    printlnStderr(`addon: ${message}${error === undefined ? '' : `: ${error instanceof Error ? error.stack : error}`}`),
};
