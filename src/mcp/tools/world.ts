import { resolve } from 'node:path';
import { z } from 'zod';
import type { StateFile } from '../../control/state-control.js';
import type { JsonBounds } from '../../common/json/json-bounds.js';
import { readJsonFile } from '../../common/json/json-file.js';
import { MAX_SEED_SIZE, SCENARIO_BOUNDS, STATE_BOUNDS } from '../../common/limits.js';
import { defineTool, needed, path, refusal } from './tool.js';

const STATE_ACTIONS = {
  list: false,
  export: false,
  save: true,
  restore: true,
  rm: true,
  import: true,
  reset: true,
  seed: true,
} as const;

/**
 * A document the call gives itself, else the file it names (relative to the project), read within
 * the document's bounds; a call with neither is refused, naming both fields.
 */
async function givenOrRead(
  given: object | undefined,
  file: string | undefined,
  cwd: string,
  read: { fields: string; action: string; bounds: JsonBounds; what: string },
): Promise<unknown> {
  return given ?? (await readJsonFile(resolve(cwd, needed(file, read.fields, read.action)), read.bounds, read.what));
}

/** The world: saved states, the portable state file, reset, sample data, scenarios. */
export const WORLD_TOOLS = [
  defineTool({
    name: 'state',
    title: 'The world: save, restore, export, import, reset, seed',
    description:
      "The emulator's world, its records, subscriptions, installations and clock (addon state, addon seed; docs/state.md): list the saved states; save the world under a name; restore a saved one; rm one; export the world as one state file (answered inline, or written to file: a world of megabytes is too big to answer); import a state file (given as state, or read from file), checked whole first, nothing changed on any problem; reset to the start; seed an organization with sample records (quietly: no events).",
    changes: { field: 'action', changes: STATE_ACTIONS },
    tooLarge: 'give file to write the world to a file instead',
    input: (actions) => ({
      action: z.enum(actions).default('list'),
      name: z
        .string()
        .optional()
        .describe("save, restore, rm: the saved state's name (1 to 64 letters, digits, . _ -)"),
      file: z
        .string()
        .optional()
        .describe(
          'import: the state file to read, relative to the project, when no state is given; export: where to write the world (answered: its path and what it holds)',
        ),
      state: z.record(z.string(), z.unknown()).optional().describe('import: the state file itself'),
      orgId: z.string().optional().describe("seed: the organization; default: the emulator's"),
      size: z
        .number()
        .int()
        .min(1)
        .max(MAX_SEED_SIZE)
        .optional()
        .describe('seed: the number of customers (default 12)'),
    }),
    async run({ action, name, file, state, orgId, size }, { emulator, cwd, readOnly, exportStateTo }) {
      const named = () => needed(name, 'a name', `state ${action}`);
      switch (action) {
        case 'save':
          return { result: await emulator.post('/states', { name: named() }) };
        case 'restore':
          return { result: await emulator.post(`${path('states', named())}/restore`, {}) };
        case 'rm':
          await emulator.delete(path('states', named()));
          return { result: { removed: name } };
        case 'export':
          if (file === undefined) return { result: await emulator.get<StateFile>('/state') };
          // A file is the project's, and --read-only changes nothing, the project's files included.
          if (readOnly) throw refusal('addon mcp --read-only: state export to a file would write it', 'read_only');
          return { result: await exportStateTo(emulator, resolve(cwd, file)) };
        case 'import': {
          const content = await givenOrRead(state, file, cwd, {
            fields: 'state or file',
            action: 'state import',
            bounds: STATE_BOUNDS,
            what: 'the state file',
          });
          return { result: await emulator.put('/state', content) };
        }
        case 'reset':
          return { result: await emulator.post('/reset', {}) };
        case 'seed':
          return { result: await emulator.post('/seed', { orgId, size }) };
        default:
          return { result: await emulator.get('/states') };
      }
    },
  }),
  defineTool({
    name: 'scenario',
    title: 'Run a scenario',
    description:
      'Make a world described as steps (addon scenario run; docs/scenarios.md): create, update, delete, advance, trigger; later steps refer to earlier records as ${name.field}. Checked whole first and rolled back if a step fails. Give the scenario itself, or the file holding it. Answers the records the steps named.',
    changes: true,
    input: () => ({
      scenario: z.record(z.string(), z.unknown()).optional().describe('the scenario: {"steps": [...]}'),
      file: z.string().optional().describe('the scenario file, relative to the project, when no scenario is given'),
      orgId: z.string().optional().describe("the organization the steps work in; default: the emulator's"),
      webhooks: z.boolean().default(true).describe('deliver the events the steps fire (false: none)'),
    }),
    async run({ scenario, file, orgId, webhooks }, { emulator, cwd }) {
      const content = await givenOrRead(scenario, file, cwd, {
        fields: 'scenario or file',
        action: 'scenario',
        bounds: SCENARIO_BOUNDS,
        what: 'the scenario',
      });
      return { result: await emulator.post('/scenario', { scenario: content, orgId, webhooks }) };
    },
  }),
];
