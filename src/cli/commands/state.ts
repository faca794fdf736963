import type { Command } from 'commander';
import type { SavedStateInfo, StateFile, StateSummary } from '../../control/state-control.js';
import { UserError } from '../../common/errors.js';
import { readJsonFile } from '../../common/json/json-file.js';
import { STATE_BOUNDS } from '../../common/limits.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { fromCwd } from '../cli-io.js';
import { exportStateTo } from '../state-export.js';
import { STATE_NAME } from '../../state/saved-states.js';
import { checkedArgument, matching } from '../arguments.js';
import { color, printJson, println } from '../output.js';

/** A saved state's name, checked before the emulator is asked. */
const stateName = () => checkedArgument('<name>', "the saved state's name", matching(STATE_NAME));

/**
 * `addon state ...`: save the running emulator's world by name and go back to it, or carry it in one
 * portable file (docs/state.md).
 */
export function stateCommand(program: Command): void {
  const list = (command: Command, description = 'list the saved states') =>
    againstEmulator(
      command.description(description),
      'print as JSON',
      (emulator) => emulator.get<{ data: SavedStateInfo[] }>('/states'),
      showStates,
    );
  const state = list(
    program.command('state'),
    'save, restore, export and import the world (alone: list the saved states; docs/state.md)',
  );
  list(state.command('list'));
  againstEmulator(
    state.command('save').addArgument(stateName()).description('save the world under a name (in the data dir)'),
    'print as JSON',
    (emulator, _flags: EmulatorFlags, name: string) =>
      emulator.post<SavedStateInfo>('/states', { name }, { name: 'the name' }),
    (info) => println(`Saved ${info.name}: ${records(info.records)}, at ${info.savedAt} (emulated).`),
  );
  againstEmulator(
    state
      .command('restore')
      .addArgument(stateName())
      .description('go back to a saved world (records, counters, subscriptions, clock)'),
    'print as JSON',
    (emulator, _flags: EmulatorFlags, name: string) =>
      emulator.post<StateSummary>(`/states/${encodeURIComponent(name)}/restore`, {}, { name: 'the name' }),
    (summary, { args: [name] }) => println(`Restored ${name}: ${describe(summary)}.`),
  );
  againstEmulator(
    state.command('reset').description('go back to the start: the world of --import, else an empty one'),
    'print as JSON',
    (emulator) => emulator.post<StateSummary>('/reset', {}),
    (summary) => println(`Reset to ${describe(summary)}.`),
  );
  againstEmulator(
    state.command('rm').addArgument(stateName()).description('remove a saved state'),
    'print as JSON',
    async (emulator, _flags: EmulatorFlags, name: string) => {
      await emulator.delete(`/states/${encodeURIComponent(name)}`, { name: 'the name' });
      return { removed: name };
    },
    ({ removed }) => println(`Removed ${removed}.`),
  );
  againstEmulator(
    state.command('export <file>').description('write the world to one portable JSON file (- for stdout)'),
    'print a summary as JSON',
    async (emulator, _flags: EmulatorFlags, file: string) => {
      if (file !== '-') return exportStateTo(emulator, fromCwd(file));
      printJson(await emulator.get<StateFile>('/state'));
      return undefined;
    },
    (summary, { args: [file] }) => summary && println(`Exported ${describe(summary)} to ${file}.`),
  );
  againstEmulator(
    state
      .command('import <file>')
      .description('make a state file the world; the whole file is checked first, and nothing changes on any problem'),
    'print as JSON',
    async (emulator, _flags: EmulatorFlags, file: string) => {
      const content = await readJsonFile(fromCwd(file), STATE_BOUNDS, 'the state file');
      return emulator.put<StateSummary>('/state', content).catch((error: unknown) => {
        throw error instanceof UserError ? new UserError(`${file}: ${error.message}; nothing was changed`) : error;
      });
    },
    (summary, { args: [file] }) => println(`Imported ${file}: ${describe(summary)}.`),
  );
}

const records = (n: number) => `${n} record${n === 1 ? '' : 's'}`;

function describe(summary: StateSummary): string {
  const total = Object.values(summary.records).reduce((a, b) => a + b, 0);
  const orgs = summary.organizations.length;
  return `${records(total)} in ${orgs} organization${orgs === 1 ? '' : 's'}`;
}

function showStates({ data }: { data: SavedStateInfo[] }): void {
  if (!data.length) println(color.dim('No saved states. Save one with addon state save <name>.'));
  for (const info of data) {
    const when = info.savedAt ? `saved ${info.savedAt}` : `unreadable${info.problem ? `: ${info.problem}` : ''}`;
    println(`${info.name}  ${records(info.records)}  ${color.dim(when)}`);
  }
}
