import { createInterface } from 'node:readline';
import type { ResultPromise } from 'execa';
import { UserError } from '../common/errors.js';
import { TETHER_GRACE_MS, tethered } from './tether.js';

export interface AddonProcess {
  /** Resolves once the add-on's URL answers HTTP; rejects if the process exits first or it times out. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** What the add-on's dev server is told of the emulator (`addon dev` and `addon check` alike). */
export const addonEnv = (emulator: { url: string; apiUrl: string }): Record<string, string> => ({
  ADDON_EMULATOR_URL: emulator.url,
  ADDON_API_URL: emulator.apiUrl,
  VITE_ADDON_API_URL: emulator.apiUrl,
});

export interface AddonProcessOptions {
  /** The `dev` command of addon.config.json, run through the shell in `cwd`. */
  command: string;
  cwd: string;
  /** The add-on's dev URL, polled until it answers. */
  url: string;
  env: Record<string, string>;
  /** Each line the process prints (stdout and stderr). */
  onLine(line: string): void;
  readyTimeoutMs?: number;
  /** Gives up waiting for the URL (`ready` rejects with its reason): the run was stopped. */
  signal?: AbortSignal;
}

/**
 * Runs the add-on's own dev server beside the emulator, as `addon dev` does when addon.config.json
 * names a `dev` command: tethered (tether.ts), in a process group of its own, so stopping it stops
 * what it started (npm, then vite) too, and it stops when this process ends, however it ends.
 */
export async function startAddonProcess(options: AddonProcessOptions): Promise<AddonProcess> {
  // Something else serving the URL would be taken for the add-on, wired to another emulator, while
  // the dev command fails on the busy port: say so before starting anything.
  if (await answers(options.url))
    throw new UserError(
      `${options.url} already answers before "${options.command}" ran: stop what serves it (another addon dev or addon check?) and try again`,
    );
  // Loaded here, not at the top: most `addon dev` runs start no add-on, and execa is slow to import.
  const { execa } = await import('execa');
  const [node, args] = tethered(options.command);
  const child: ResultPromise = execa(node, args, {
    cwd: options.cwd,
    env: options.env,
    all: true,
    buffer: false,
    reject: false,
    // The tether's end of the pipe: it stops the command when this process ends, however it ends.
    stdin: 'pipe',
    detached: true,
  });
  createInterface({ input: child.all! }).on('line', options.onLine);
  let exited = false;
  // The tether's own exit, not the end of its output: a process the command set apart from its group
  // (setsid, a daemon) may hold the pipes long after, and stopping waited on it for ever. Its output
  // is let go then, so that such a holder does not keep the kit's process alive either.
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      for (const stream of [child.stdout, child.stderr, child.all]) stream?.destroy();
      resolve(code);
    }),
  );

  const ready = (async () => {
    const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
    while (Date.now() < deadline) {
      options.signal?.throwIfAborted();
      if (exited) throw new UserError(`the add-on's dev command "${options.command}" exited with ${await exit}`);
      if (await answers(options.url)) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new UserError(
      `the add-on did not answer at ${options.url} within ${(options.readyTimeoutMs ?? 60_000) / 1000} s`,
    );
  })();

  return {
    ready,
    async stop() {
      if (exited || child.pid === undefined) return;
      // The tether stops the command's group, then leaves with it; a tether that is stuck is killed.
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), TETHER_GRACE_MS + 2000);
      await exit;
      clearTimeout(forced);
    },
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** The add-on's dev server, once its URL answers; stopped again if it never does. */
export async function startReadyAddon(options: AddonProcessOptions): Promise<AddonProcess> {
  const addon = await startAddonProcess(options);
  try {
    await addon.ready;
    return addon;
  } catch (error) {
    await addon.stop();
    throw error;
  }
}
