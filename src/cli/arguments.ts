import { Argument, Option } from 'commander';
import { durationProblem, parseDuration } from '../common/duration.js';
import { UserError, type FieldProblem } from '../common/errors.js';
import { PLAIN_ID } from '../installations/installation-ids.js';
import { wordsOfPattern } from '../common/text/pattern-words.js';
import { compileSchema, problemOf } from '../common/json/validator.js';

/**
 * Arguments checked as commander reads them, so a malformed one is said before any network call,
 * with exit 2: `addon: --limit takes a whole number from 1 to 5000 (got "0")`. Only the form is
 * checked here; what depends on the emulator answering (an event in its catalog, a scope it
 * declared, a delivery that exists) is its answer.
 */

/** A mistake in what the command was given (exit 2, `usage_error` under --json). */
export const usageError = (message: string): UserError => new UserError(message, 2, 'usage_error');

/** A kind of value: what it takes, in words, and how its text is read (undefined: not that). */
export interface ValueKind<T> {
  takes: string;
  read: (text: string) => T | undefined;
  /** What is wrong with a text it does not read, when more can be said than what it takes. */
  problem?: (text: string) => string | undefined;
}

const reader =
  <T>(name: () => string, kind: ValueKind<T>) =>
  (text: string): T => {
    const value = kind.read(text);
    if (value !== undefined) return value;
    const problem = kind.problem?.(text) ?? `takes ${kind.takes}`;
    throw usageError(`${name()} ${problem} (got "${oneLine(text)}")`);
  };

/** `text` read as a `kind`, or a usage error naming where it came from: a flag, an argument, a variable. */
export const readAs = <T>(name: string, kind: ValueKind<T>, text: string): T => reader(() => name, kind)(text);

/** What was given, on one line and short: a pasted file never spreads an error over a screen. */
const oneLine = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
};

/** An option whose value is checked as it is read; a repeatable one collects its values in a list. */
export function checkedOption<T>(
  flags: string,
  help: string,
  kind: ValueKind<T>,
  { fallback, repeatable = false }: { fallback?: T; repeatable?: boolean } = {},
): Option {
  const option = new Option(flags, help);
  const read = reader(() => option.long!, kind);
  if (repeatable) option.argParser((text: string, previous: T[] = []) => [...previous, read(text)]);
  else option.argParser(read);
  return fallback === undefined ? option : option.default(fallback);
}

/** A positional argument checked as it is read: `<name> takes ...`. */
export function checkedArgument<T>(spec: string, help: string, kind: ValueKind<T>): Argument {
  const argument = new Argument(spec, help);
  return argument.argParser(reader(() => `<${argument.name()}>`, kind));
}

/** A whole number from `min` to `max` (or any). */
export const count = (max = Number.MAX_SAFE_INTEGER, min = 0): ValueKind<number> => ({
  takes: max === Number.MAX_SAFE_INTEGER ? 'a whole number' : `a whole number from ${min} to ${max}`,
  read: (text) => (/^\d{1,15}$/.test(text) && +text >= min && +text <= max ? +text : undefined),
});

/** A TCP port; 0 picks a free one. */
export const port: ValueKind<number> = { ...count(65535), takes: 'a port from 0 to 65535' };

/** Text matching a schema's pattern, said in the pattern's words. */
export const matching = (pattern: RegExp | string): ValueKind<string> => {
  const regex = new RegExp(pattern);
  return { takes: wordsOfPattern(regex.source), read: (text) => (regex.test(text) ? text : undefined) };
};

/** An organization or user id. */
export const plainId = matching(PLAIN_ID);

/** An http: or https: URL. */
export const httpUrl = (example: string): ValueKind<string> => ({
  takes: `an http(s) URL, like ${example}`,
  read: (text) => (/^https?:$/.test(URL.canParse(text) ? new URL(text).protocol : '') ? text : undefined),
});

/**
 * Scopes, comma- or space-separated, or `none` for no scope at all. A text that names none is
 * refused: it is an unset variable (`--scopes "$SCOPES"`) far more often than a wish for nothing,
 * which `none` says. Whether each is a scope is the emulator's answer, which knows its resources.
 */
export const scopeList: ValueKind<string[]> = {
  takes: 'scopes, comma- or space-separated, like invoices.read,customers.*, or none for no scope',
  read(text) {
    if (text.trim() === 'none') return [];
    const scopes = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
    return scopes.length ? scopes : undefined;
  },
  problem: () => 'names no scope: list them, like invoices.read,customers.*, or give none for no scope at all',
};

/** One of a fixed list. */
export const oneOf = <T extends string>(values: readonly T[]): ValueKind<T> => ({
  takes: `one of ${values.join(', ')}`,
  read: (text) => values.find((value) => value === text),
});

/** A duration like 90s or 1h30m, in milliseconds: at least 1ms, at most 100 years, with its unit (src/common/duration.ts). */
export const duration = (): ValueKind<number> => ({
  takes: 'a duration like 90s, 5m, 1h or 1h30m',
  read(text) {
    try {
      return parseDuration(text);
    } catch {
      return undefined;
    }
  },
  problem: durationProblem,
});

/**
 * What a command sends, checked against the control API's own schema for it before it is sent:
 * the emulator's words, with its fields named as the command names them (`--latency must be
 * milliseconds, like 200, or a range, like 100-500`).
 */
export function checkAgainstSchema(schema: object, value: unknown, fields: Record<string, string>): void {
  const validate = compileSchema(schema, 'json', { trusted: true });
  if (validate(value)) return;
  const said = ({ field, message }: FieldProblem) => `${fields[field] ?? field} ${message}`;
  throw usageError(validate.errors!.map((error) => said(problemOf(error))).join('; '));
}

/** A repeatable option's reader (`--report FORMAT=FILE`): each value read by `parse`, a bad one a usage error. */
export const repeated =
  <T>(parse: (text: string) => T) =>
  (text: string, previous: T[] = []): T[] => {
    try {
      return [...previous, parse(text)];
    } catch (error) {
      if (error instanceof UserError) throw usageError(error.message);
      throw error;
    }
  };

const webhookUrl = httpUrl('http://127.0.0.1:8787/webhooks');

/** `--webhook EVENT=URL` of addon check and addon explore: a receiver and an event it subscribes to. */
export const receiverArg: ValueKind<{ event: string; url: string }> = {
  takes: 'EVENT=URL, like invoice.paid=http://127.0.0.1:8787/webhooks',
  read(text) {
    const at = text.indexOf('=');
    const [event, address] = [text.slice(0, at), text.slice(at + 1)];
    return at > 0 && webhookUrl.read(address) ? { event, url: address } : undefined;
  },
};
