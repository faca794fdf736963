import { readFileSync } from 'node:fs';
import { Command, type OutputConfiguration } from 'commander';
import { checkCommand } from './commands/check.js';
import { clockCommand } from './commands/clock.js';
import { deliveriesCommand } from './commands/deliveries.js';
import { inboxCommand } from './commands/inbox.js';
import { devCommand } from './commands/dev.js';
import { eventsCommand } from './commands/events.js';
import { execCommand } from './commands/exec.js';
import { faultsCommand } from './commands/faults.js';
import { initCommand } from './commands/init.js';
import { listenCommand } from './commands/listen.js';
import { logsCommand } from './commands/logs.js';
import { seedCommand } from './commands/seed.js';
import { scenarioCommand } from './commands/scenario.js';
import { scopesCommand } from './commands/scopes.js';
import { stateCommand } from './commands/state.js';
import { tokenCommand } from './commands/token.js';
import { triggerCommand } from './commands/trigger.js';
import { processIo, setExitCode, withIo, type CliIo } from './cli-io.js';
import { reportFailure } from './failure-report.js';
import { paints } from './output.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export function program(io: CliIo): Command {
  // Before the commands are added: each takes its output and exit handling from its parent as it is made.
  const cli = new Command('addon')
    .description("Local developer kit for the accounting service's add-on platform")
    .version(version)
    .enablePositionalOptions()
    .configureOutput(outputTo(io))
    .exitOverride();
  const commands = [devCommand, tokenCommand, clockCommand, logsCommand, seedCommand, eventsCommand, triggerCommand];
  const more = [
    deliveriesCommand,
    inboxCommand,
    listenCommand,
    faultsCommand,
    scopesCommand,
    stateCommand,
    scenarioCommand,
    execCommand,
    checkCommand,
    initCommand,
  ];
  for (const add of [...commands, ...more]) add(cli);
  return cli;
}

/**
 * Runs the CLI on `args` (what follows `addon`) with `io` for its streams, environment and working
 * directory, and answers its exit code (`cli`, the whole `addon` program unless a test gives another).
 * A user error is one line on stderr and a non-zero exit; a bug says it is one and keeps its stack.
 */
export async function runCli(args: string[], io: CliIo, cli = program(io)): Promise<number> {
  return withIo(io, async () => {
    try {
      await cli.parseAsync(args, { from: 'user' });
    } catch (error) {
      setExitCode(reportFailure(error));
    }
  });
}

/** bin/addon.js: the CLI on the process's own streams, environment and directory. */
export async function main(args: string[]): Promise<void> {
  // `addon events | head` closes the pipe early: that is the reader's choice, not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  process.exitCode = await runCli(args, processIo());
}

/**
 * Commander's help, version and usage errors, on the run's streams; help is 80 wide but on a
 * terminal. A usage error is one line, as every error is, its "(Did you mean --json?)" included.
 */
const outputTo = (io: CliIo): OutputConfiguration => ({
  writeOut: (text: string) => void io.stdout.write(text),
  writeErr: (text: string) => void io.stderr.write(text),
  outputError: (text: string, write: (text: string) => void) => write(text.trimEnd().replace(/\n+/g, ' ') + '\n'),
  getOutHelpWidth: () => io.stdout.columns ?? 80,
  getErrHelpWidth: () => io.stderr.columns ?? 80,
  getOutHasColors: () => paints(io.stdout, io),
  getErrHasColors: () => paints(io.stderr, io),
});
