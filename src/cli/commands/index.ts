import type { Command } from 'commander';
import { checkCommand } from './check.js';
import { clockCommand } from './clock.js';
import { completionCommand } from './completion.js';
import { coverageCommand } from './coverage.js';
import { deliveriesCommand } from './deliveries.js';
import { inboxCommand } from './inbox.js';
import { devCommand } from './dev.js';
import { eventsCommand } from './events.js';
import { execCommand } from './exec.js';
import { exploreCommand } from './explore.js';
import { faultsCommand } from './faults.js';
import { initCommand } from './init.js';
import { installCommand, uninstallCommand } from './install.js';
import { listenCommand } from './listen.js';
import { logsCommand } from './logs.js';
import { mcpCommand } from './mcp.js';
import { seedCommand } from './seed.js';
import { scenarioCommand } from './scenario.js';
import { scopesCommand } from './scopes.js';
import { stateCommand } from './state.js';
import { tokenCommand } from './token.js';
import { triggerCommand } from './trigger.js';
// Here, not first: imported before the other commands, it made rolldown split the modules the lazy
// chunks share out of the CLI's entry, into chunks every start reads (test/e2e/mcp.test.ts).
import { apiCommand } from './api.js';
import { usersCommand } from './users.js';

/**
 * Every command, by name, in the order `addon --help` lists them. A run of one command (`addon exec
 * -- npm test`) makes only that one: commander making all of them, with their options, was ~3 ms of
 * every start (docs/performance.md). The others still make them all: `--help`, `help`, a name that
 * is not a command (commander suggests one), and `completion`, which describes the whole program.
 * `addon exec` alone is made without this module (src/cli/main.ts).
 */
export const COMMANDS: Readonly<Record<string, (program: Command) => void>> = {
  dev: devCommand,
  token: tokenCommand,
  clock: clockCommand,
  logs: logsCommand,
  seed: seedCommand,
  events: eventsCommand,
  trigger: triggerCommand,
  api: apiCommand,
  deliveries: deliveriesCommand,
  inbox: inboxCommand,
  listen: listenCommand,
  faults: faultsCommand,
  scopes: scopesCommand,
  install: installCommand,
  uninstall: uninstallCommand,
  users: usersCommand,
  state: stateCommand,
  scenario: scenarioCommand,
  exec: execCommand,
  check: checkCommand,
  explore: exploreCommand,
  coverage: coverageCommand,
  mcp: mcpCommand,
  init: initCommand,
  completion: completionCommand,
};
