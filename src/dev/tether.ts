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
 * file has to be found beside the bundle. It stops the group on its stdin's end, on SIGTERM (the kit's
 * `stop`) and when the command's shell exits by itself (a command that left a server in the background
 * has ended all the same): SIGTERM, then SIGKILL once `graceMs` has passed with any process of the
 * group left. It waits for the group, not the shell, since a shell dies of SIGTERM while a server it
 * started ignores it; and it exits only once the group is gone or killed, with the command's exit code
 * (128 + the signal's number when a signal ended its shell).
 */
export const TETHER_SOURCE = `
const { spawn } = require('node:child_process');
const { constants } = require('node:os');
const [command, graceMs] = process.argv.slice(1);
const child = spawn(command, { shell: true, detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
// Detached, the shell leads a group of its own, whose id is its pid: -pid signals the whole group.
const signal = (name) => {
  try {
    process.kill(-child.pid, name);
    return true;
  } catch {
    return false;
  }
};
let exitCode = null;
let ended = false;
const leave = () => {
  if (ended && exitCode !== null) process.exit(exitCode);
};
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  signal('SIGTERM');
  const deadline = Date.now() + Number(graceMs);
  // Signal 0 finds any process left in the group; SIGKILL, which none can ignore, ends the grace.
  const check = () => {
    const left = signal(0);
    if (left && Date.now() < deadline) return;
    if (left) signal('SIGKILL');
    clearInterval(poll);
    ended = true;
    leave();
  };
  const poll = setInterval(check, 50);
  check();
};
process.stdin.on('end', stop).on('close', stop).on('error', stop).resume();
process.on('SIGTERM', stop).on('SIGINT', stop).on('SIGHUP', stop);
child.on('error', () => process.exit(127));
child.on('exit', (code, name) => {
  exitCode = code ?? 128 + (constants.signals[name] ?? 0);
  stop();
  leave();
});
`;

/** How long the command's group has to end after SIGTERM before SIGKILL: npm, then vite, each pass it on. */
export const TETHER_GRACE_MS = 3000;

/** The program and arguments that run `command` tethered (see TETHER_SOURCE). */
export const tethered = (command: string): [string, string[]] => [
  process.execPath,
  ['-e', TETHER_SOURCE, command, String(TETHER_GRACE_MS)],
];
