import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { clockCommand } from './commands/clock.js';
import { deliveriesCommand } from './commands/deliveries.js';
import { inboxCommand } from './commands/inbox.js';
import { devCommand } from './commands/dev.js';
import { eventsCommand } from './commands/events.js';
import { execCommand } from './commands/exec.js';
import { faultsCommand } from './commands/faults.js';
import { initCommand } from './commands/init.js';
import { logsCommand } from './commands/logs.js';
import { seedCommand } from './commands/seed.js';
import { scenarioCommand } from './commands/scenario.js';
import { scopesCommand } from './commands/scopes.js';
import { stateCommand } from './commands/state.js';
import { tokenCommand } from './commands/token.js';
import { triggerCommand } from './commands/trigger.js';
import { reportFailure } from './failure-report.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export function program(): Command {
  const cli = new Command('addon')
    .description("Local developer kit for the accounting service's add-on platform")
    .version(version)
    .enablePositionalOptions()
    .exitOverride();
  const commands = [devCommand, tokenCommand, clockCommand, logsCommand, seedCommand, eventsCommand, triggerCommand];
  const more = [
    deliveriesCommand,
    inboxCommand,
    faultsCommand,
    scopesCommand,
    stateCommand,
    scenarioCommand,
    execCommand,
    initCommand,
  ];
  for (const add of [...commands, ...more]) add(cli);
  return cli;
}

/** Runs the CLI (`cli`, the whole `addon` program unless a test gives another). */
export async function main(argv: string[], cli = program()): Promise<void> {
  // `addon events | head` closes the pipe early: that is the reader's choice, not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  try {
    await cli.parseAsync(argv);
  } catch (error) {
    process.exitCode = reportFailure(error);
  }
}
