import { subscribeAll } from '../check/config-checks.js';
import type { Receiver } from '../check/webhook-checks.js';
import { addonEnv, startReadyAddon, type AddonProcess } from '../dev/addon-process.js';
import { createEmulator } from '../emulator/create-emulator.js';
import type { Emulator, EmulatorOptions } from '../emulator/emulator.js';
import { newSeed } from '../faults/seeded-random.js';
import { UserError } from '../common/errors.js';
import { MAX_EXPLORE_RUNS, MAX_EXPLORE_STEPS, REACHABLE_MS } from '../common/limits.js';
import { createHttpTransport, postOnce } from '../webhooks/http-attempt.js';
import { generateSequence } from './generate.js';
import { httpAnswer } from '../common/http-answer.js';
import { backendViolation, BUILT_IN, builtInViolation, type TeamInvariants, type Violation } from './invariants.js';
import { runSequence, type Run, type RunContext } from './run-sequence.js';
import { shrink } from './shrink.js';
import { stepProblem, wordsOf, type Explored, type Step } from './steps.js';
import { teamViolation } from './team-invariants.js';

export interface ExploreOptions {
  /** The emulated add-on and platform, as `addon check` takes them (default: the default app). */
  emulator?: Omit<EmulatorOptions, 'port' | 'dataDir' | 'webhooks'>;
  /** The emulator's port (default: a free one): a backend started beforehand calls the API there. */
  port?: number;
  /** The receivers, each with an event it subscribes to; the events explored are theirs. */
  webhooks: readonly Receiver[];
  /** The seed of the sequences (default: a new one, in the report); the same seed gives the same sequences. */
  seed?: number;
  /** How many sequences (default 100), and how many steps each (default 20). */
  runs?: number;
  steps?: number;
  /**
   * This sequence alone, neither generated nor shrunk: what a test written from a finding replays
   * (docs/explore.md#from-a-finding-to-a-test).
   */
  sequence?: readonly Step[];
  /** Real time after which no new sequence starts; a sequence under way (or its shrinking) ends first. */
  timeMs?: number;
  /** The team's own invariants, by name (docs/explore.md#your-own-invariants). */
  invariants?: TeamInvariants;
  backendUrl?: string;
  /**
   * The add-on's dev server (addon.config.json's `dev`), started beside the emulator and stopped
   * after, as `addon check` runs it, so the receivers it serves answer: ready once `url` answers.
   */
  addon?: { command: string; cwd: string; url: string; onLine?(line: string): void };
  /** Once the receivers are subscribed and the first sequence is about to run. */
  onStart?(): void;
  /** Each time a sequence is done: how many, of how many. */
  onProgress?(done: number, total: number): void;
  /** Stops the run between sequences (Ctrl-C, an MCP client cancelling): it rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** A step as the report tells it: in words, with what the receivers answered during it. */
export interface StepReport {
  step: string;
  answers: string[];
}

export interface ExploreReport {
  seed: number;
  runs: { asked: number; done: number };
  steps: number;
  events: string[];
  /** How many requests the receivers got in the sequences explored (shrinking's replays not counted). */
  requests: number;
  /** The invariants every step was judged by: the built-in ones, then the team's. */
  invariants: string[];
  /** The first rule broken, in its smallest sequence; null when every sequence passed. */
  finding: Finding | null;
}

export interface Finding extends Violation {
  /** The run (from 0) whose sequence broke it: `--seed S` gives the same sequence again. */
  run: number;
  found: readonly Step[];
  minimal: readonly Step[];
  story: StepReport[];
  replays: number;
}

/** The built-in invariants judged: those of the backend's API calls where there is a backend. */
const builtInNames = (backend: boolean) =>
  [
    BUILT_IN.answered,
    BUILT_IN.repeat,
    BUILT_IN.refused,
    ...(backend ? [BUILT_IN.retryAfter, BUILT_IN.expired] : []),
  ].map(({ name }) => name);

/** Replays a shrinking may make, at most: each is a whole sequence from the checkpoint. */
const SHRINK_REPLAYS = 200;

/**
 * `addon explore` (docs/explore.md): a fresh emulator subscribed to the add-on's receivers, then
 * `runs` seeded sequences of what the platform does, each from the same checkpoint, every step judged
 * by the built-in invariants and the team's; the first sequence that breaks one is shrunk to the
 * smallest that still does, and reported step by step.
 */
export async function explore(options: ExploreOptions): Promise<ExploreReport> {
  const budgeted = budgetOf(options);
  const emulator = await createEmulator({ ...budgeted.emulator, port: budgeted.port ?? 0, localReceivers: true });
  const http = createHttpTransport();
  let addon: AddonProcess | null = null;
  try {
    await emulator.listen();
    addon = budgeted.addon ? await startAddon(budgeted.addon, emulator, budgeted.signal) : null;
    await Promise.all(budgeted.webhooks.map(({ url }) => reachable(url)));
    const { subscribed, result } = await subscribeAll(emulator, budgeted.webhooks);
    const events = [...new Set(subscribed.map((receiver) => receiver.event))].sort();
    if (!events.length) throw new UserError(`no receiver could be subscribed: ${result.evidence.join('; ')}`);
    // The resources whose changes fire the events explored: what a user of the service acts on.
    const resources = [...new Set(events.map((event) => emulator.registry.catalog.known(event).source))].sort();
    const explored: Explored = { events, resources, backend: budgeted.backendUrl !== undefined };
    checkSequence(budgeted.sequence, explored);
    const timeoutMs = emulator.status().webhookTimeoutMs;
    const context: RunContext = {
      emulator,
      post: (url, request) => postOnce(http.send, { url, ...request, timeoutMs, cancel: NEVER }),
      subscribe: async () => void (await subscribeAll(emulator, subscribed)),
      backendUrl: budgeted.backendUrl,
    };
    budgeted.onStart?.();
    return await exploreFrom(context, budgeted, explored);
  } finally {
    http.close();
    await addon?.stop();
    await emulator.close();
  }
}

const startAddon = (
  { command, cwd, url, onLine }: NonNullable<ExploreOptions['addon']>,
  emulator: Emulator,
  signal: AbortSignal | undefined,
) =>
  startReadyAddon({
    signal,
    command,
    cwd,
    url,
    env: addonEnv({ url: emulator.url, apiUrl: emulator.apiUrl }),
    onLine: (line) => onLine?.(line),
  });

const NEVER = new AbortController().signal;

/** A sequence given (by a test) whose steps are all steps over the events explored. */
function checkSequence(sequence: readonly unknown[] | undefined, explored: Explored): void {
  sequence?.forEach((step, i) => {
    const problem = stepProblem(step, explored);
    if (problem) throw new UserError(`step ${i + 1} of the sequence: ${problem}`);
  });
}

/** The options with the budget filled in and checked: each a whole number, within its bound. */
function budgetOf(options: ExploreOptions): Budgeted {
  const { runs = DEFAULT_RUNS, steps = DEFAULT_STEPS, seed = newSeed(), sequence } = options;
  const whole = (value: number, max: number) => Number.isSafeInteger(value) && value >= 1 && value <= max;
  if (!whole(runs, MAX_EXPLORE_RUNS)) throw new UserError(`runs must be a whole number from 1 to ${MAX_EXPLORE_RUNS}`);
  if (!whole(steps, MAX_EXPLORE_STEPS))
    throw new UserError(`steps must be a whole number from 1 to ${MAX_EXPLORE_STEPS}`);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new UserError('the seed must be a whole number, 0 or more');
  if (sequence && !whole(sequence.length, MAX_EXPLORE_STEPS))
    throw new UserError(`a sequence has from 1 to ${MAX_EXPLORE_STEPS} steps`);
  return sequence ? { ...options, seed, runs: 1, steps: sequence.length } : { ...options, seed, runs, steps };
}

type Budgeted = ExploreOptions & Required<Pick<ExploreOptions, 'seed' | 'runs' | 'steps'>>;
const DEFAULT_RUNS = 100;
const DEFAULT_STEPS = 20;

/** A receiver that answers nothing at all before the run is bad input, said in one line, not a finding. */
async function reachable(url: string): Promise<void> {
  const answer = await httpAnswer(url, { method: 'HEAD', timeoutMs: REACHABLE_MS });
  if ('error' in answer) throw new UserError(`the receiver ${url} does not answer: ${answer.error}`);
}

async function exploreFrom(context: RunContext, options: Budgeted, explored: Explored): Promise<ExploreReport> {
  const { events } = explored;
  const start = context.emulator.checkpoint();
  const judge = judgeWith(context, options, start);
  // The requests of the sequences explored (not of shrinking's replays): what the report counts.
  const tally = { done: 0, requests: 0 };
  const exploring = judgeWith(context, options, start, (sends) => (tally.requests += sends));
  const deadline = options.timeMs === undefined ? Infinity : performance.now() + options.timeMs;
  const report = (finding: Finding | null): ExploreReport => reportOf(options, events, tally, finding);
  for (let run = 0; run < options.runs && performance.now() < deadline; run++) {
    options.signal?.throwIfAborted();
    const steps = options.sequence ?? generateSequence(options.seed, run, explored, options.steps);
    const outcome = await exploring(steps);
    tally.done++;
    options.onProgress?.(tally.done, options.runs);
    // A sequence given is reported as it failed: it is the minimal one already, or the test's own.
    if (outcome && options.sequence) return report(findingOf(run, steps, steps, outcome, 0));
    if (outcome) return report(await minimalFinding(judge, run, steps, outcome));
  }
  return report(null);
}

interface Judged {
  violation: Violation;
  /** The step that broke it, and what the run saw up to then. */
  step: number;
  run: Run;
}

/** Runs a sequence from the checkpoint and judges it after each step; the first violation, or null. */
function judgeWith(
  context: RunContext,
  options: ExploreOptions,
  start: ReturnType<Emulator['checkpoint']>,
  tally?: (sends: number) => void,
) {
  const world = { emulator: context.emulator, backendUrl: options.backendUrl };
  return async (steps: readonly Step[]): Promise<Judged | null> => {
    await context.emulator.rollback(start);
    const broken: { at?: { violation: Violation; step: number } } = {};
    // What was judged already: each step judges what came after.
    const judged = { sends: 0, calls: 0 };
    const run = await runSequence(context, steps, async (step, soFar) => {
      const violation =
        builtInViolation(soFar.sends, judged.sends) ??
        backendViolation(soFar.calls, judged.calls) ??
        (await teamViolation(options.invariants ?? {}, soFar, { ...world, final: step === steps.length - 1 }));
      Object.assign(judged, { sends: soFar.sends.length, calls: soFar.calls.length });
      if (violation) broken.at = { violation, step };
      return violation !== null;
    });
    tally?.(run.sends.length);
    return broken.at ? { ...broken.at, run } : null;
  };
}

/** The found sequence cut after its failing step, shrunk while the same invariant still breaks. */
async function minimalFinding(
  judge: (steps: readonly Step[]) => Promise<Judged | null>,
  run: number,
  found: readonly Step[],
  first: Judged,
): Promise<Finding> {
  const cut = found.slice(0, first.step + 1);
  const same = async (steps: readonly Step[]) =>
    (await judge(steps))?.violation.invariant === first.violation.invariant;
  const { steps: minimal, replays } = await shrink(cut, same, SHRINK_REPLAYS);
  // Once more, for the story of the minimal sequence and its own words of what went wrong.
  const last = (await judge(minimal)) ?? first;
  return findingOf(run, found, minimal, last, replays);
}

const findingOf = (
  run: number,
  found: readonly Step[],
  minimal: readonly Step[],
  judged: Judged,
  replays: number,
): Finding => ({
  ...judged.violation,
  run,
  found,
  minimal,
  story: storyOf(minimal, judged.run),
  replays,
});

function storyOf(steps: readonly Step[], { sends, pages, calls }: Run): StepReport[] {
  const answered = (answer: { status: number } | { error: string }) =>
    'status' in answer ? String(answer.status) : `no answer (${answer.error})`;
  return steps.map((step, i) => ({
    step: wordsOf(step),
    answers: [
      ...sends
        .filter((send) => send.step === i)
        .map(
          (send) =>
            `${send.forged ? `forged ${send.event}` : `${send.event} attempt ${send.attempt}`}: ${answered(
              send.outcome.response ?? { error: send.outcome.error ?? 'none' },
            )}`,
        ),
      ...calls
        .filter((call) => call.step === i)
        .map((call) => `API ${call.method} ${call.path}: ${call.status || 'cut off'}`),
      ...pages
        .filter((page) => page.step === i)
        .map((page) => `the backend answered its page: ${answered(page.answer)}`),
    ],
  }));
}

function reportOf(
  options: Budgeted,
  events: readonly string[],
  { done, requests }: { done: number; requests: number },
  finding: Finding | null,
): ExploreReport {
  const invariants = [...builtInNames(options.backendUrl !== undefined), ...Object.keys(options.invariants ?? {})];
  return {
    seed: options.seed,
    runs: { asked: options.runs, done },
    steps: options.steps,
    events: [...events],
    requests,
    invariants,
    finding,
  };
}
