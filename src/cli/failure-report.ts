import { CommanderError } from 'commander';
import { UserError } from '../common/errors.js';
import { visible } from '../common/text/visible-text.js';
import { color, printlnStderr } from './output.js';

/** A usage error (an unknown command or flag, a missing or malformed argument), apart from a failure (1). */
export const USAGE_EXIT_CODE = 2;

/**
 * The exit code of a failure that is a bug of the kit, not the user's mistake (1): sysexits'
 * EX_SOFTWARE, so a script or CI can tell the two apart.
 */
export const BUG_EXIT_CODE = 70;

/**
 * Says on stderr why a command failed and returns its exit code. A user's mistake (UserError) is one
 * line; commander has printed its own. Anything else is a bug: said to be one, with its stack, and
 * never worded as the user's mistake.
 */
export function reportFailure(error: unknown, json = false): number {
  // Commander has printed its own line; help and the version end this way too, with 0.
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : USAGE_EXIT_CODE;
  if (error instanceof UserError) {
    if (json) printlnStderr(jsonError(error.code, error.message));
    // One line whatever the message quotes (a file's name, a value from it): a line break, an escape
    // sequence or a bidi override in it is shown as its escape, never obeyed (visible-text.ts).
    else printlnStderr(`${color.red('addon:')} ${visible(error.message, '\t')}`);
    return error.exitCode;
  }
  const stack = error instanceof Error ? (error.stack ?? String(error)) : String(error);
  const said = 'this is a bug in addon-devkit, not a mistake of yours; please report it with these lines';
  if (json) printlnStderr(jsonError('internal_error', said, stack));
  else printlnStderr(`${color.red('addon:')} ${said}:\n${stack}`);
  return BUG_EXIT_CODE;
}

/** Under `--json`, an error is one JSON object on stderr: `{"error": {"code", "message"}}` (docs/cli.md). */
export const jsonError = (code: string, message: string, stack?: string): string =>
  JSON.stringify({ error: { code, message, ...(stack ? { stack } : {}) } });
