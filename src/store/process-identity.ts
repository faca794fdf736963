import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/**
 * What tells a process apart from a later one that got the same pid: when it started. A pid alone is
 * not enough: after a crash the pid may belong to any other program, and a killed process whose
 * parent died too stays a zombie until init reaps it (for ever, under an init that does not reap,
 * as in many containers), which `process.kill(pid, 0)` still counts as alive.
 */
export interface ProcessIdentity {
  /** The start time as the system reports it: clock ticks since boot on Linux, `ps`'s lstart elsewhere. */
  started: string;
  /** Exited, but not yet reaped by its parent: it will never run again. */
  zombie: boolean;
}

/** The identity of `pid`; null when no such process exists; undefined when this system cannot tell. */
export async function processIdentity(pid: number): Promise<ProcessIdentity | null | undefined> {
  if (process.platform === 'linux') return fromProcStat(pid);
  if (process.platform === 'win32') return undefined;
  return fromPs(pid);
}

/** `/proc/<pid>/stat`: the state is field 3 and the start time field 22, counted after `(comm)`. */
async function fromProcStat(pid: number): Promise<ProcessIdentity | null | undefined> {
  let text: string;
  try {
    text = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : undefined;
  }
  // The command name may itself hold spaces and parentheses: the fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { started: fields[19], zombie: fields[0] === 'Z' || fields[0] === 'X' };
}

/** macOS and the BSDs: `ps -o stat=,lstart= -p <pid>` prints nothing (exit 1) for a missing pid. */
function fromPs(pid: number): Promise<ProcessIdentity | null | undefined> {
  return new Promise((resolve) => {
    execFile('ps', ['-o', 'stat=,lstart=', '-p', String(pid)], (error, stdout) => {
      const line = stdout.trim();
      if (line) {
        const [state, ...started] = line.split(/\s+/);
        resolve({ started: started.join(' '), zombie: state.startsWith('Z') });
      } else resolve(error && (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : null);
    });
  });
}
