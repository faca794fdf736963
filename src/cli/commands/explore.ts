import type { Command } from 'commander';
import type { ExploreReport } from '../../explore/explore.js';
import { parseExploreReportSpec, writeExploreReports, type ExploreReportSpec } from '../../explore/reports.js';
import { BOTH_TO_STDOUT, reportTargets, reportsToStdout } from '../../common/files/report-files.js';
import { newSeed } from '../../faults/seeded-random.js';
import { APP_ID } from '../../installations/installation-ids.js';
import { MAX_EXPLORE_RUNS, MAX_EXPLORE_STEPS } from '../../common/limits.js';
import { visible } from '../../common/text/visible-text.js';
import {
  receiverArg,
  checkedOption,
  count,
  duration,
  httpUrl,
  matching,
  port,
  repeated,
  usageError,
} from '../arguments.js';
import { currentIo, setExitCode } from '../cli-io.js';
import { coverageOption, declaredScopesOption } from '../emulator-flags.js';
import { abortOnSignals } from '../stop-signals.js';
import { exploreProject, type ExploreChoices } from '../explore-project.js';
import { color, printJson, println, printlnStderr } from '../output.js';

const url = httpUrl('http://127.0.0.1:8787/webhooks');

interface ExploreFlags extends Omit<ExploreChoices, 'seed'> {
  seed?: number;
  report?: ExploreReportSpec[];
  writeTest?: string;
  json?: boolean;
}

const reportSpec = repeated(parseExploreReportSpec);

/** `addon explore` (docs/explore.md): generated sequences of what the platform does, against the add-on's receivers. */
export function exploreCommand(program: Command): void {
  program
    .command('explore')
    .description(
      "explore the add-on's receivers with seeded sequences of deliveries, duplicates, delays, forgeries and time",
    )
    .addOption(
      checkedOption('--webhook <event=url>', "a receiver to explore (repeatable; replaces the config's)", receiverArg, {
        repeatable: true,
      }),
    )
    .addOption(
      checkedOption(
        '--backend-url <url>',
        "your backend's endpoint its page calls with the session token (call steps), whose origin invariants read",
        url,
      ),
    )
    .addOption(
      checkedOption(
        '-p, --port <n>',
        "the emulator's port (default: a free one; a backend you run yourself calls the API there)",
        port,
      ),
    )
    .option('--invariants <file>', "a module of your own invariants (default: addon.config.json's explore.invariants)")
    .addOption(
      checkedOption('--seed <n>', 'the seed of the sequences, to repeat a run (printed on every run)', count()),
    )
    .addOption(checkedOption('--runs <n>', 'how many sequences (default 100)', count(MAX_EXPLORE_RUNS, 1)).default(100))
    .addOption(
      checkedOption('--steps <n>', 'steps in each sequence (default 20)', count(MAX_EXPLORE_STEPS, 1)).default(20),
    )
    .addOption(checkedOption('--time <duration>', 'start no sequence after this long (default 5m)', duration()))
    .addOption(checkedOption('--app-id <id>', "the add-on app id (default: addon.config.json's)", matching(APP_ID)))
    .addOption(declaredScopesOption())
    .addOption(
      checkedOption('--webhook-timeout <duration>', 'how long a receiver has to answer (default 10s)', duration()),
    )
    .option('--write-test <dir>', 'on a finding, write it as a vitest test and its sequence file in this folder')
    .addOption(coverageOption())
    .option(
      '--report <format=file>',
      'also write a report: junit=FILE, markdown=FILE or json=FILE (FILE - is stdout; repeatable)',
      reportSpec,
    )
    .option('--json', 'print the report as JSON')
    .action(async (flags: ExploreFlags) => {
      const { cwd, env, stdout, stderr } = currentIo();
      // Where the reports land is known before the run: a path that cannot be written is said at
      // once, and a report to stdout moves the command's own to stderr.
      const targets = await reportTargets(flags.report ?? [], cwd);
      const toStdout = reportsToStdout(targets);
      if (toStdout && flags.json) throw usageError(BOTH_TO_STDOUT);
      const seed = flags.seed ?? newSeed();
      // Ctrl-C stops the add-on's dev server the run started, and the emulator, then the command.
      const stop = abortOnSignals('addon explore');
      const { report, written: findingFiles } = await exploreProject(
        cwd,
        { ...flags, seed, time: flags.time ?? 300_000 },
        // Once the run is sure to start, so that bad input is one line.
        {
          onStart: () => printlnStderr(color.dim(`addon explore: seed ${seed} (--seed ${seed} repeats this run)`)),
          onAddonLine: (line) => !flags.json && printlnStderr(`${color.cyan('[addon]')} ${line}`),
          signal: stop.signal,
        },
      ).finally(stop.dispose);
      if (!report) {
        printlnStderr(
          'addon explore: no webhook receiver configured ("webhooks" of addon.config.json, or --webhook EVENT=URL): nothing to explore',
        );
        return;
      }
      if (flags.json) printJson(report);
      else for (const line of reportLines(report)) (toStdout ? printlnStderr : println)(line);
      const written = await writeExploreReports(report, targets, { cwd, env, streams: { stdout, stderr } });
      for (const path of [...findingFiles, ...(flags.json ? [] : written)]) printlnStderr(color.dim(`wrote ${path}`));
      setExitCode(report.finding ? 1 : 0);
    });
}

function reportLines({ seed, runs, steps, events, requests, finding }: ExploreReport): string[] {
  const ran = `${runs.done} of ${runs.asked} sequences of ${steps} steps over ${events.join(', ')}, ${requests} requests`;
  if (!finding) return [`${color.green('✓')} no invariant broken in ${ran} (seed ${seed})`];
  return [
    `${color.red('✗')} ${finding.invariant}: ${visible(finding.message)}`,
    ...(finding.spec ? [color.dim(`  the spec: ${finding.spec}`)] : []),
    `  found in sequence ${finding.run + 1} (${finding.found.length} steps), shrunk to ${finding.minimal.length} in ${finding.replays} replays:`,
    ...finding.story.flatMap(({ step, answers }, i) => [
      `  ${i + 1}. ${step}`,
      ...answers.map((answer) => color.dim(`       ${visible(answer)}`)),
    ]),
    color.dim(`  ${ran}; addon explore --seed ${seed} repeats it`),
  ];
}
