import type { Command } from 'commander';
import { control, emulatorUrl, openStream, publicApi, withEmulatorFlag, type FieldNames } from './emulator-client.js';
import { printJson } from './output.js';

/** The flags of every command that talks to a running emulator. */
export interface EmulatorFlags {
  json?: boolean;
  emulator?: string;
}

/** The running emulator as a command's action sees it: its control API, errors as one-line UserErrors. */
export interface EmulatorClient {
  /** Its origin, e.g. http://127.0.0.1:4455. */
  readonly url: string;
  get<T>(path: string, fields?: FieldNames): Promise<T>;
  post<T>(path: string, body: unknown, fields?: FieldNames): Promise<T>;
  put<T>(path: string, body: unknown, fields?: FieldNames): Promise<T>;
  delete<T>(path: string, fields?: FieldNames): Promise<T>;
  /** A server-sent event stream; the caller reads the body. With `body`, a POST that opens it. */
  stream(path: string, body?: unknown, fields?: FieldNames): Promise<Response>;
  /** A GET of the add-on API that needs no token (the event catalog). */
  publicApi<T>(path: string): Promise<T>;
}

/**
 * Makes `command` one that talks to the running emulator: `--emulator` and `--json` (described by
 * `json`) are declared here, `run` gets the client, its flags and its arguments, and what it returns
 * is printed as JSON under `--json`, else by `human`. A `run` that prints for itself returns nothing.
 */
export function againstEmulator<F extends EmulatorFlags, A extends unknown[], R>(
  command: Command,
  json: string,
  run: (emulator: EmulatorClient, flags: F, ...args: A) => Promise<R>,
  human: (result: R, context: { flags: F; emulator: EmulatorClient; args: A }) => void = () => {},
): Command {
  return withEmulatorFlag(command.option('--json', json)).action(async (...params: unknown[]) => {
    // commander passes the arguments, then the flags, then the command itself.
    const flags = params.at(-2) as F;
    const args = params.slice(0, -2) as A;
    const emulator = clientOf(emulatorUrl(flags.emulator));
    const result = await run(emulator, flags, ...args);
    if (result === undefined) return;
    if (flags.json) printJson(result);
    else human(result, { flags, emulator, args });
  });
}

/**
 * The control API of the emulator at `url` (an origin), as commands and `addon mcp`'s tools call it;
 * `signal` ends every call early (a tool's call that its client cancelled).
 */
export function clientOf(url: string, signal?: AbortSignal): EmulatorClient {
  return {
    url,
    get: (path, fields) => control(url, path, undefined, fields, 'GET', signal),
    post: (path, body, fields) => control(url, path, body ?? {}, fields, 'POST', signal),
    put: (path, body, fields) => control(url, path, body, fields, 'PUT', signal),
    delete: (path, fields) => control(url, path, undefined, fields, 'DELETE', signal),
    stream: (path, body, fields) => openStream(url, path, { body, fields, signal }),
    publicApi: (path) => publicApi(url, path, signal),
  };
}
