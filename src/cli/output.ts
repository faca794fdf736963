import { Chalk } from 'chalk';
import type { Logger } from '../logger.js';

/** Colour only for a terminal, and never with NO_COLOR set (https://no-color.org). */
export const color = new Chalk({
  level:
    process.env.NO_COLOR !== undefined || !process.stdout.isTTY ? 0 : (Math.max(1, new Chalk().level) as 1 | 2 | 3),
});

export const printJson = (value: unknown): void => {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
};

/** One JSON document per line, for streams (`--follow --json`, `dev --json`). */
export const printJsonLine = (value: unknown): void => {
  process.stdout.write(JSON.stringify(value) + '\n');
};

export const println = (text = ''): void => {
  process.stdout.write(text + '\n');
};

/** The emulator's failures that no command waits for, as `addon:` lines on standard error. */
export const cliLogger: Logger = {
  error: (message, error) =>
    process.stderr.write(
      `addon: ${message}${error === undefined ? '' : `: ${error instanceof Error ? error.stack : error}`}\n`,
    ),
};
