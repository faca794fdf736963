import { spawn } from 'node:child_process';

/** How a command ended: its exit code, or the signal that ended it; `code` when it could not start (`ENOENT`: no such program). */
export interface CommandEnd {
  exitCode?: number;
  signal?: NodeJS.Signals;
  code?: string;
}

/** The signals that end a process unless it handles them (signal-exit's list, which execa's `cleanup` watches). */
const ENDING_SIGNALS: NodeJS.Signals[] = [
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGALRM',
  'SIGABRT',
  'SIGVTALRM',
  'SIGXCPU',
  'SIGXFSZ',
  'SIGUSR2',
  'SIGTRAP',
  'SIGSYS',
  'SIGQUIT',
  'SIGIOT',
  ...(process.platform === 'linux' ? (['SIGIO', 'SIGPOLL', 'SIGPWR', 'SIGSTKFLT'] as NodeJS.Signals[]) : []),
];

/**
 * Runs `command` (a program and its arguments) on this process's terminal, stdin, stdout and stderr
 * inherited, in `cwd` with exactly `env`, and answers how it ended. While it runs, the end of this
 * process ends it too: a signal that would end this process (Ctrl-C, a CI job's timeout) sends the
 * command SIGTERM before this process goes the same way, and so does an exit.
 *
 * That is what execa did for `addon exec`, with `reject: false` and its `cleanup`; on POSIX it spawns
 * no differently, and it cost every `addon exec` ~10 ms to load (docs/performance.md). On Windows
 * execa still runs the command: it finds programs as the shell would (PATHEXT, `.cmd` shims).
 */
export async function runCommand(
  [program, ...args]: string[],
  { cwd, env }: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<CommandEnd> {
  if (process.platform === 'win32') {
    const { execa } = await import('execa');
    const result = await execa(program, args, { stdio: 'inherit', reject: false, cwd, extendEnv: false, env });
    return { exitCode: result.exitCode, signal: result.signal, code: (result as { code?: string }).code };
  }
  const child = spawn(program, args, { stdio: 'inherit', cwd, env });
  const endsWithThis = (signal: NodeJS.Signals) => {
    stopWatching();
    child.kill('SIGTERM');
    // No handler is left for it, so it now ends this process as it would have.
    process.kill(process.pid, signal);
  };
  const onExit = () => child.kill('SIGTERM');
  const stopWatching = () => {
    for (const signal of ENDING_SIGNALS) process.off(signal, endsWithThis);
    process.off('exit', onExit);
  };
  for (const signal of ENDING_SIGNALS) process.on(signal, endsWithThis);
  process.on('exit', onExit);
  try {
    return await new Promise<CommandEnd>((resolve) => {
      child.once('error', (error: NodeJS.ErrnoException) => resolve({ code: error.code }));
      child.once('exit', (exitCode, signal) =>
        resolve({ exitCode: exitCode ?? undefined, signal: signal ?? undefined }),
      );
    });
  } finally {
    stopWatching();
  }
}
