import { readFileSync } from 'node:fs';
import { Command, type OutputConfiguration } from 'commander';
import { execCommand } from './commands/exec.js';
import { processIo, setExitCode, withIo, type CliIo } from './cli-io.js';
import { jsonError, reportFailure } from './failure-report.js';
import { addExamples } from './help-examples.js';
import { color, paints } from './output.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** The `addon` program; with `only`, the name of a command, that command alone (see commands/index.ts). */
export async function program(io: CliIo, json = false, only?: string): Promise<Command> {
  // Before the commands are added: each takes its output and exit handling from its parent as it is made.
  const cli = new Command('addon')
    .description("Local developer kit for the accounting service's add-on platform")
    .version(version, '-v, --version', 'print the version')
    // Read before commander parses (withoutColorFlag), so it works after any command; here for --help.
    .option('--no-color', 'no colour in the output (as NO_COLOR=1; FORCE_COLOR=1 forces it)')
    .enablePositionalOptions()
    .configureOutput(outputTo(io, json))
    .exitOverride();
  for (const add of await commandsFor(only)) add(cli);
  addExamples(cli);
  return cli;
}

/**
 * The commands a run makes. `addon exec`, which CI runs before every job's command, is made without
 * loading the others: their code, in a chunk of its own, was a third of what every start compiled
 * (docs/performance.md).
 */
async function commandsFor(only: string | undefined): Promise<Array<(program: Command) => void>> {
  if (only === 'exec') return [execCommand];
  const { COMMANDS } = await import('./commands/index.js');
  const alone = only !== undefined && only !== 'completion' && Object.hasOwn(COMMANDS, only);
  return alone ? [COMMANDS[only]] : Object.values(COMMANDS);
}

/**
 * Runs the CLI on `args` (what follows `addon`) with `io` for its streams, environment and working
 * directory, and answers its exit code (`cli`, the whole `addon` program unless a test gives another).
 * A user error is one line on stderr and a non-zero exit; a bug says it is one and keeps its stack.
 */
export async function runCli(args: string[], given: CliIo, cli?: Command): Promise<number> {
  const { args: rest, io } = withoutColorFlag(args, given);
  const json = beforeCommand(rest).includes('--json');
  const run = cli ?? (await program(io, json, rest[0]));
  return withIo(io, async () => {
    try {
      await run.parseAsync(rest, { from: 'user' });
    } catch (error) {
      setExitCode(reportFailure(error, json));
    }
  });
}

/**
 * `--no-color`, anywhere before a `--` (what follows belongs to `addon exec`'s command): the run as
 * with NO_COLOR set, whichever command it is.
 */
/** The arguments that are the kit's: those before a `--` (what follows is `addon exec`'s command's). */
const beforeCommand = (args: string[]) => (args.includes('--') ? args.slice(0, args.indexOf('--')) : args);

function withoutColorFlag(args: string[], io: CliIo): { args: string[]; io: CliIo } {
  const end = beforeCommand(args).length;
  if (!beforeCommand(args).includes('--no-color')) return { args, io };
  const rest = [...args.slice(0, end).filter((arg) => arg !== '--no-color'), ...args.slice(end)];
  return { args: rest, io: { ...io, env: { ...io.env, NO_COLOR: '1' } } };
}

/** bin/addon.js: the CLI on the process's own streams, environment and directory. */
export async function main(args: string[]): Promise<void> {
  // `addon events | head` closes the pipe early: that is the reader's choice, not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  // Once nothing is left to do (the event loop is empty: the output written, servers, children and
  // timers gone), leave at once rather than have Node free the whole heap and its threads first,
  // which took ~10 ms of every run (docs/performance.md). What keeps the process (addon dev) comes
  // here only when it stops; a beforeExit listener of anyone else's is left to Node's own exit.
  process.once('beforeExit', () => {
    if (process.listenerCount('beforeExit') === 0) process.exit();
  });
  process.exitCode = await runCli(args, processIo());
}

/**
 * Commander's help, version and usage errors, on the run's streams; help is 80 wide but on a
 * terminal. A usage error is one line, as every error is, its "(Did you mean --json?)" included.
 */
const outputTo = (io: CliIo, json: boolean): OutputConfiguration => ({
  writeOut: (text: string) => void io.stdout.write(text),
  writeErr: (text: string) => void io.stderr.write(text),
  // One prefix for every error, commander's usage errors too: `addon: unknown command 'frobnicate'`.
  outputError: (text: string, write: (text: string) => void) => {
    const line = text
      .trimEnd()
      .replace(/\n+/g, ' ')
      .replace(/^error: /, '');
    if (json) write(`${jsonError('usage_error', line)}\n`);
    else write(`${paints(io.stderr, io) ? color.red('addon:') : 'addon:'} ${line}\n`);
  },
  getOutHelpWidth: () => io.stdout.columns ?? 80,
  getErrHelpWidth: () => io.stderr.columns ?? 80,
  getOutHasColors: () => paints(io.stdout, io),
  getErrHasColors: () => paints(io.stderr, io),
});
