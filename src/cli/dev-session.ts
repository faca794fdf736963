import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { addonEnv, startReadyAddon, type AddonProcess } from '../dev/addon-process.js';
import { createEmulator, type Emulator, type EmulatorOptions } from '../emulator/create-emulator.js';
import { UserError } from '../common/errors.js';
import { DEFAULT_HOST } from '../sdk/browser/addresses.js';
import { currentIo } from './cli-io.js';
import { printDevOutput } from './dev-output.js';
import { reportFailure } from './failure-report.js';
import { writeStateFile } from '../state/state-io.js';
import { color, printJsonLine, println } from './output.js';

export interface DevSessionOptions {
  emulator: EmulatorOptions;
  /** The add-on's own dev command from addon.config.json, run beside the emulator. */
  addonCommand?: string;
  cwd: string;
  open: boolean;
  json?: boolean;
  /** Where the world is written when the session stops (`--export-on-exit`). */
  exportOnExit?: string;
}

/**
 * `addon dev`: the emulator, the add-on's dev server when one is configured, the browser, and a clean
 * stop on Ctrl-C.
 */
export async function runDevSession(options: DevSessionOptions): Promise<void> {
  const started = performance.now();
  const removeIfNew = newDirRemover(options.emulator.dataDir);
  const emulator = await createEmulator(options.emulator).catch(async (error: unknown) => {
    await removeIfNew();
    throw error;
  });
  let addon: AddonProcess | null = null;
  try {
    await emulator.listen();
    addon = options.addonCommand ? await startAddon(emulator, options) : null;
  } catch (error) {
    await addon?.stop();
    await emulator.close();
    await removeIfNew();
    throw error;
  }
  // Before the ready line: a Ctrl-C sent as soon as it is read (a script, a test) must find the handler,
  // not the default action that kills the process without its export.
  stopOnSignal(async () => {
    await addon?.stop();
    if (options.exportOnExit) await exportWorld(emulator, options.exportOnExit, options.json);
    await emulator.close();
    if (!options.json) println(color.dim('  Stopped; the store is flushed.'));
  });
  printDevOutput(emulator, {
    json: options.json,
    host: options.emulator.host ?? DEFAULT_HOST,
    readyMs: Math.round(performance.now() - started),
  });
  // Loaded only when used: importing `open` costs start-up time on every run.
  if (options.open && !currentIo().env.CI)
    void import('open').then(({ default: open }) => open(emulator.hostPageUrl)).catch(() => {});
}

/**
 * The world, written whole to a temporary file and renamed over the old export: a stop that is
 * interrupted leaves the previous export as it was. A failure is said, and the stop goes on.
 */
async function exportWorld(emulator: Emulator, file: string, json?: boolean): Promise<void> {
  try {
    await writeStateFile(file, emulator.exportState());
    if (json) printJsonLine({ event: 'exported', file });
    else println(color.dim(`  Exported the world to ${file}.`));
  } catch (error) {
    const said = error instanceof UserError ? new UserError(`${error.message}; the world was not exported`) : error;
    process.exitCode = reportFailure(said);
  }
}

/** A start that fails (a busy port, say) leaves no data dir behind that it made itself. */
function newDirRemover(dataDir: string | undefined): () => Promise<void> {
  const existed = dataDir === undefined || existsSync(dataDir);
  // Quietly: the start's own error is the one to show (a path under a file cannot be removed either).
  return async () => {
    if (!existed) await rm(dataDir!, { recursive: true, force: true }).catch(() => {});
  };
}

/** Starts the add-on's dev command with the emulator's addresses in its environment, and waits for it. */
async function startAddon(emulator: Emulator, options: DevSessionOptions): Promise<AddonProcess> {
  const url = emulator.settings.addonUrl;
  if (!url || emulator.demoUrl) throw new UserError('addon.config.json names a "dev" command but no "url" to wait for');
  return startReadyAddon({
    command: options.addonCommand!,
    cwd: options.cwd,
    url,
    env: addonEnv(emulator),
    onLine: (line) => println(`${color.cyan('[addon]')} ${line}`),
  });
}

/** Ctrl-C (or SIGTERM) stops everything cleanly, flushing the store; a second one does not wait. */
function stopOnSignal(stopAll: () => Promise<void>): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(130);
    stopping = true;
    await stopAll();
    process.exit(process.exitCode ?? 0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
