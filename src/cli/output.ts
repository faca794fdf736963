import { stripVTControlCharacters } from 'node:util';
import { Chalk } from 'chalk';
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

function writeLine(pick: (io: CliIo) => CliStream, text: string): void {
  const io = currentIo();
  const stream = pick(io);
  stream.write((paints(stream, io) ? text : stripVTControlCharacters(text)) + '\n');
}

export const println = (text = ''): void => writeLine((io) => io.stdout, text);

/** A line on standard error: what is said about a command's output, never part of it. */
export const printlnStderr = (text: string): void => writeLine((io) => io.stderr, text);

export const printJson = (value: unknown): void => {
  currentIo().stdout.write(JSON.stringify(value, null, 2) + '\n');
};

/** One JSON document per line, for streams (`--follow --json`, `dev --json`). */
export const printJsonLine = (value: unknown): void => {
  currentIo().stdout.write(JSON.stringify(value) + '\n');
};

/** The emulator's failures that no command waits for, as `addon:` lines on standard error. */
export const cliLogger: Logger = {
  error: (message, error) =>
    printlnStderr(`addon: ${message}${error === undefined ? '' : `: ${error instanceof Error ? error.stack : error}`}`),
};
