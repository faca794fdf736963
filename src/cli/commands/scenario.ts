import type { Command } from 'commander';
import type { ScenarioResult } from '../../control/state-control.js';
import { UserError } from '../../common/errors.js';
import { readJsonFile } from '../../common/json/json-file.js';
import { SCENARIO_BOUNDS } from '../../common/limits.js';
import { checkedOption, oneOf, plainId } from '../arguments.js';
import { fromCwd } from '../cli-io.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { println } from '../output.js';

interface RunFlags extends EmulatorFlags {
  org?: string;
  webhooks: 'on' | 'off';
}

/** `addon scenario run <file>`: a world described once, made the same way every time (docs/scenarios.md). */
export function scenarioCommand(program: Command): void {
  const scenario = program.command('scenario').description('run scenario files: worlds described as steps');
  againstEmulator(
    scenario
      .command('run <file>')
      .description('run the steps of a scenario file; if one fails, the world goes back to what it was')
      .addOption(checkedOption('--org <id>', 'organization the steps work in (default: the emulated one)', plainId))
      .addOption(
        checkedOption(
          '--webhooks <on|off>',
          'deliver the events the steps fire, or none',
          oneOf(['on', 'off'] as const),
          {
            fallback: 'on',
          },
        ),
      ),
    'print { "records": { <as name>: <record> } } as JSON',
    async (emulator, flags: RunFlags, file: string) => {
      const content = await readJsonFile(fromCwd(file), SCENARIO_BOUNDS, 'the scenario');
      const body = { scenario: content, orgId: flags.org, webhooks: flags.webhooks === 'on' };
      return emulator.post<ScenarioResult>('/scenario', body, { orgId: '--org' }).catch((error: unknown) => {
        throw error instanceof UserError ? new UserError(`${file}: ${error.message}`) : error;
      });
    },
    ({ records }, { args: [file] }) => {
      const named = Object.entries(records);
      println(`Ran ${file}${named.length ? ':' : '.'}`);
      for (const [name, record] of named) println(`  ${name}  ${record._id}`);
    },
  );
}
