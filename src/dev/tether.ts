/**
 * The add-on's dev command, tethered to the kit's process: a small Node process of its own runs it,
 * in a process group of its own (so stopping it stops what it started: npm, then vite), and stops
 * that group when the pipe the kit holds to it closes. A pipe closes however its holder ends, by
 * Ctrl-C, `kill -9`, a closed terminal or a crashed CI step, so no signal handler of the kit's is
 * needed for the dev server to end with it (a `kill -9` of `addon dev` left it holding its port).
 * The tether is in a process group of its own too: a `kill -9` of the kit's whole group (npx, npm,
 * the kit) does not take it before it has stopped the command.
 *
 * Run as `node -e TETHER <command> <graceMs>`: plain JavaScript that loads nothing of the kit's, so no
 * file has to be found beside the bundle. It stops the group on its stdin's end and on SIGTERM (the
 * kit's `stop`), SIGKILL following `graceMs` later, and exits with the command's exit code.
 */
export const TETHER_SOURCE = `
const { spawn } = require('node:child_process');
const [command, graceMs] = process.argv.slice(1);
const child = spawn(command, { shell: true, detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
let stopping = false;
const signal = (name) => { try { process.kill(-child.pid, name); } catch {} };
const stop = () => {
  if (stopping) return;
  stopping = true;
  signal('SIGTERM');
  setTimeout(() => signal('SIGKILL'), Number(graceMs)).unref();
};
process.stdin.on('end', stop).on('close', stop).on('error', stop).resume();
process.on('SIGTERM', stop).on('SIGINT', stop).on('SIGHUP', stop);
child.on('error', () => process.exit(127));
child.on('exit', (code, name) => process.exit(code ?? (name ? 128 : 1)));
`;

/** How long the command's group has to end after SIGTERM before SIGKILL: npm, then vite, each pass it on. */
export const TETHER_GRACE_MS = 3000;

/** The program and arguments that run `command` tethered (see TETHER_SOURCE). */
export const tethered = (command: string): [string, string[]] => [
  process.execPath,
  ['-e', TETHER_SOURCE, command, String(TETHER_GRACE_MS)],
];
