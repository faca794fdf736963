import { AsyncLocalStorage } from 'node:async_hooks';
import { resolve } from 'node:path';

/** Where the CLI writes: the process's stdout or stderr, or a test's. */
export interface CliStream {
  write(text: string): unknown;
  /** A terminal: it gets colour, and help is wrapped to its width. */
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/**
 * What one run of the CLI reads and writes in place of the process's own: bin/addon.js passes the
 * process's, a test its own, so that commands run in-process and their output can be asserted.
 * `addon dev` and the command of `addon exec` still own the process's terminal and signals.
 */
export interface CliIo {
  stdout: CliStream;
  stderr: CliStream;
  env: Readonly<Record<string, string | undefined>>;
  /** Where relative paths in arguments, and addon.config.json, are found. */
  cwd: string;
}

interface CliRun {
  readonly io: CliIo;
  exitCode: number;
}

// A context rather than a parameter: the commands print through small helpers from many modules
// (output.ts), and threading the run through each of them would change every signature for nothing
// they do. Runs side by side in one process (tests) each keep their own, through AsyncLocalStorage.
// A run begun when no other is under way (the binary's one run) is kept in `sole` instead: once
// AsyncLocalStorage holds a run, every promise the process makes pays for its bookkeeping (Node 20's
// async hooks), which was ~5 ms of `addon exec -- true` (docs/performance.md).
const runs = new AsyncLocalStorage<CliRun>();
let sole: CliRun | null = null;

export const processIo = (): CliIo => ({
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});

/** Runs `body` with `io` as the run's own, and answers the exit code it set (0 if none). */
export async function withIo(io: CliIo, body: () => Promise<void>): Promise<number> {
  const run: CliRun = { io, exitCode: 0 };
  if (sole || runs.getStore()) {
    await runs.run(run, body);
    return run.exitCode;
  }
  sole = run;
  try {
    await body();
  } finally {
    sole = null;
  }
  return run.exitCode;
}

/**
 * The io of the run under way. Outside any run, the process's; a listener called from the process's
 * own events (`addon dev`'s Ctrl-C handler, which only the real binary has) gets the binary's run,
 * whose io is the process's too.
 */
export const currentIo = (): CliIo => (runs.getStore() ?? sole)?.io ?? processIo();

/** The exit code of the run under way, for a command that ends without an error but not with 0. */
export function setExitCode(code: number): void {
  const run = runs.getStore() ?? sole;
  if (run) run.exitCode = code;
  else process.exitCode = code;
}

/** A path from an argument, taken from the run's working directory. */
export const fromCwd = (path: string): string => resolve(currentIo().cwd, path);
