import { z } from 'zod';
import { exploreProject } from '../../cli/explore-project.js';
import { printlnStderr } from '../../cli/output.js';
import { newSeed } from '../../faults/seeded-random.js';
import { defineTool } from './tool.js';

/** An agent's exploration is bounded tighter than the CLI's: it waits for the whole answer. */
const MOST_RUNS = 1_000;
const MOST_STEPS = 100;
const TIME_MS = 120_000;

/** `addon explore`, its JSON report. */
export const EXPLORE_TOOL = defineTool({
  name: 'explore',
  title: "Explore the add-on's receivers (addon explore)",
  description:
    "Run addon explore on the project (docs/explore.md): on a fresh emulator of its own, with addon.config.json's receivers (and its dev command, if any), seeded sequences of what the platform does (deliveries, duplicates under one deliveryId, late and simultaneous deliveries, forgeries, the clock moving on, records created, moved on and deleted, the add-on reinstalled and a scope taken from its grant, its page calling its backend while the API fails the first call the backend makes), each step judged by the spec's invariants and the team's own module; the first one broken is shrunk to its smallest sequence. Answers the JSON report of addon explore --json: the seed (the same seed repeats the run), the sequences run, and the finding with its minimal steps in words, or null. Changes nothing in the emulator the other tools drive. Takes seconds to minutes (at most 2 minutes of new sequences).",
  changes: false,
  input: () => ({
    seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().describe('the seed, to repeat a run'),
    runs: z
      .number()
      .int()
      .min(1)
      .max(MOST_RUNS)
      .optional()
      .describe(`how many sequences (default 100, at most ${MOST_RUNS})`),
    steps: z
      .number()
      .int()
      .min(1)
      .max(MOST_STEPS)
      .optional()
      .describe(`steps in each (default 20, at most ${MOST_STEPS})`),
  }),
  async run({ seed = newSeed(), runs = 100, steps = 20 }, { cwd, progress, signal }) {
    const { report } = await exploreProject(
      cwd,
      { seed, runs, steps, time: TIME_MS },
      {
        onAddonLine: (line) => printlnStderr(`[addon] ${line}`),
        onProgress: (done, total) => progress(done, total, `${done} of ${total} sequences done`),
        signal,
      },
    );
    return { result: report ?? { nothing: 'no webhook receiver configured: nothing to explore' } };
  },
});
