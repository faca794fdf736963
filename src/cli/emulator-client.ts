import type { Command } from 'commander';
import { UserError } from '../errors.js';
import { CONTROL_PREFIX } from '../control/control-api.js';

export const DEFAULT_EMULATOR_URL = 'http://127.0.0.1:4455';

/** `--emulator URL`, else ADDON_EMULATOR_URL, else the default address of `addon dev`. */
export function emulatorUrl(flag?: string): string {
  const url = flag ?? process.env.ADDON_EMULATOR_URL ?? DEFAULT_EMULATOR_URL;
  try {
    return new URL(url).origin;
  } catch {
    throw new UserError(`"${url}" is not a URL; pass the emulator's address, like ${DEFAULT_EMULATOR_URL}`);
  }
}

/** The flag of every command that talks to a running emulator. */
export const withEmulatorFlag = (command: Command): Command =>
  command.option(
    '--emulator <url>',
    `the running emulator (default: $ADDON_EMULATOR_URL, else ${DEFAULT_EMULATOR_URL})`,
  );

/** Calls the running emulator's control API; its errors become one-line user errors. */
export async function control<T>(base: string, path: string, body?: unknown): Promise<T> {
  const response = await request(base, path, body);
  const text = await response.text();
  const payload = text ? JSON.parse(text) : null;
  if (!response.ok) throw new UserError(payload?.message ?? `the emulator answered ${response.status}`);
  return payload as T;
}

/** A streaming request (server-sent events); the caller reads the body. */
export async function openStream(base: string, path: string): Promise<Response> {
  const response = await request(base, path);
  if (!response.ok || !response.body) throw new UserError(`the emulator answered ${response.status}`);
  return response;
}

async function request(base: string, path: string, body?: unknown): Promise<Response> {
  try {
    return await fetch(base + CONTROL_PREFIX + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new UserError(`no emulator answers at ${base}: start one with "addon dev", or pass --emulator URL`);
  }
}
