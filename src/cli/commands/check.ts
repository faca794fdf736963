import type { Command } from 'commander';
import { CHECKS, CHECK_GROUPS } from '../../check/check-list.js';
import { jsonReport } from '../../check/reports/json.js';
import {
  BOTH_TO_STDOUT,
  parseReportSpec,
  reportTargets,
  reportsToStdout,
  writeReports,
  type ReportSpec,
} from '../../check/reports/write-reports.js';
import { currentIo, setExitCode } from '../cli-io.js';
import { checkProject, type CheckChoices } from '../check-project.js';
import { abortOnSignals } from '../stop-signals.js';
import {
  checkedOption,
  count,
  duration,
  httpUrl,
  matching,
  oneOf,
  receiverArg,
  repeated,
  usageError,
  type ValueKind,
} from '../arguments.js';
import { coverageOption, declaredScopesOption } from '../emulator-flags.js';
import { APP_ID } from '../../installations/installation-ids.js';
import { color, println, printJson, printlnStderr } from '../output.js';

interface CheckFlags extends CheckChoices {
  report?: ReportSpec[];
  json?: boolean;
}

const KNOWN = new Set([...CHECKS.map(({ id }) => id), ...CHECK_GROUPS]);

const url = httpUrl('http://127.0.0.1:5173/');

const checkIds: ValueKind<string[]> = {
  takes: `check ids or groups, comma-separated: ${CHECK_GROUPS.join(', ')}, or an id of docs/check.md`,
  read(text) {
    const ids = text
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    return ids.length && ids.every((id) => KNOWN.has(id)) ? ids : undefined;
  },
};

const reportSpec = repeated(parseReportSpec);

/** `addon check` (docs/check.md): judges the add-on itself, on a fresh emulator of its own. */
export function checkCommand(program: Command): void {
  program
    .command('check')
    .description("judge the add-on: its webhook receiver, its page in the host, its backend's token checks, its scopes")
    .addOption(
      checkedOption(
        '--addon-url <url>',
        "the add-on's page (default: addon.config.json's url, else the demo add-on)",
        url,
      ),
    )
    .addOption(
      checkedOption(
        '--webhook <event=url>',
        "a receiver to judge, subscribed to the event (repeatable; replaces the config's)",
        receiverArg,
        { repeatable: true },
      ),
    )
    .addOption(
      checkedOption(
        '--backend-url <url>',
        'an endpoint of your backend that reads Authorization: Bearer, like /api/whoami',
        url,
      ),
    )
    .addOption(
      checkedOption(
        '--only <ids>',
        'only these checks or groups, comma-separated (config, webhook, page, backend, scopes, parity)',
        checkIds,
      ),
    )
    .option('--strict', 'warnings fail the run too')
    .option(
      '--report <format=file>',
      'also write a report: junit=FILE, markdown=FILE or json=FILE (FILE - is stdout; repeatable)',
      reportSpec,
    )
    .option('--json', 'print the report as JSON')
    .addOption(checkedOption('--seed <n>', "seed of the fault rules' probabilities, to repeat a run", count()))
    .addOption(checkedOption('--app-id <id>', "the add-on app id (default: addon.config.json's)", matching(APP_ID)))
    .addOption(declaredScopesOption())
    .addOption(coverageOption())
    .addOption(
      checkedOption(
        '--third-party-cookies <blocked|allowed>',
        "in the add-on's cross-site frame: blocked as Safari blocks them (the default), or allowed as Chrome's default",
        oneOf(['blocked', 'allowed'] as const),
      ),
    )
    .addOption(
      checkedOption(
        '--webhook-timeout <duration>',
        'how long a receiver has to answer (default 10s, as on the platform)',
        duration(),
      ),
    )
    .action(async (flags: CheckFlags) => {
      const { cwd, env, stdout, stderr } = currentIo();
      // Where the reports land is known before the run, which takes a while: a path that cannot be
      // written is said at once, and a report to stdout moves the command's own to stderr.
      const targets = await reportTargets(flags.report ?? [], cwd);
      const toStdout = reportsToStdout(targets);
      if (toStdout && flags.json) throw usageError(BOTH_TO_STDOUT);
      // Ctrl-C stops the add-on's dev server the run started (it has a process group of its own,
      // which the terminal's Ctrl-C does not reach) and the emulator, then the command.
      const stop = abortOnSignals('addon check');
      const report = await checkProject(cwd, flags, {
        signal: stop.signal,
        // A word while the emulator, the add-on and a browser start, for a person watching only.
        starting: () =>
          !flags.json &&
          currentIo().stderr.isTTY &&
          printlnStderr(color.dim('addon check: starting a fresh emulator and the add-on …')),
        onAddonLine: (line) => !flags.json && printlnStderr(`${color.cyan('[addon]')} ${line}`),
      }).finally(stop.dispose);
      if (flags.json) printJson(jsonReport(report));
      else {
        const { terminalReport } = await import('../../check/reports/terminal.js');
        for (const line of terminalReport(report, color)) (toStdout ? printlnStderr : println)(line);
      }
      const written = await writeReports(report, targets, { cwd, env, streams: { stdout, stderr } });
      if (!flags.json) for (const path of written) printlnStderr(color.dim(`wrote ${path}`));
      setExitCode(report.exitCode);
    });
}
