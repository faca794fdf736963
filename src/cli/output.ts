import { stripVTControlCharacters } from 'node:util';
import { Chalk } from 'chalk';
import { lineBatch, type LineBatch } from '../common/line-batch.js';
import type { Logger } from '../common/logger.js';
import { currentIo, type CliIo, type CliStream } from './cli-io.js';

/**
 * Lines are painted always (only the basic colours, the same at every level a terminal supports),
 * and the paint is taken off as a line is written to a stream that is not a terminal, or with
 * NO_COLOR set (https://no-color.org): whether there is colour is the stream's, not the code's.
 */
export const color = new Chalk({ level: 1 });

/** What a line is painted with: `color`, or `noColor`, whose same calls paint nothing. */
export type Palette = typeof color;
const noColor: Palette = new Chalk({ level: 0 });

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
 * Linux, a pipe), so a stop (Ctrl-C, `process.exit`) loses none. Whether the stream paints is decided
 * once a write, not a line: a line painted, then stripped again for a pipe, with the environment read
 * each time, was ~2 µs of every API call (docs/performance.md).
 */
const waiting = new Map<CliStream, { batch: LineBatch; palette: Palette }>();
process.on('exit', () => {
  for (const { batch } of waiting.values()) batch.flush();
});

function write(stream: CliStream, text: string): void {
  waiting.get(stream)?.batch.flush();
  stream.write(text);
}

function waitingFor(stream: CliStream, io: CliIo): { batch: LineBatch; palette: Palette } {
  let gathered = waiting.get(stream);
  if (!gathered) {
    const batch = lineBatch((lines) => {
      waiting.delete(stream);
      stream.write(lines);
    });
    waiting.set(stream, (gathered = { batch, palette: paints(stream, io) ? color : noColor }));
  }
  return gathered;
}

/**
 * A line on standard output that may wait LINE_BATCH_MS, written with the others of that time in one
 * write: `addon dev` prints one per API call, and a write each was a syscall a call (docs/performance.md).
 * `line` makes it with the stream's palette, so a stream that shows no colour gets none to take off.
 */
export function printlnSoon(line: (c: Palette) => string): void {
  const io = currentIo();
  const { batch, palette } = waitingFor(io.stdout, io);
  batch.add(line(palette) + '\n');
}

/** printJsonLine's line, as printlnSoon's: for `addon dev --json`'s event per call. */
export function printJsonLineSoon(value: unknown): void {
  const io = currentIo();
  waitingFor(io.stdout, io).batch.add(JSON.stringify(value) + '\n');
}

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
