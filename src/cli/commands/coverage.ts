import type { Command } from 'commander';
import { readCoverageFiles } from '../../coverage/read-coverage.js';
import { coverageReport, exitCodeOf, type CoverageReport } from '../../coverage/report.js';
import { htmlReport } from '../../coverage/reports/html.js';
import { jsonReport } from '../../coverage/reports/json.js';
import { markdownReport } from '../../coverage/reports/markdown.js';
import { terminalReport } from '../../coverage/reports/terminal.js';
import { MINIMUM_TAKES, parseMinimum, type Minimum } from '../../coverage/thresholds.js';
import { UserError } from '../../common/errors.js';
import {
  BOTH_TO_STDOUT,
  parseReportSpec,
  reportTargets,
  reportsToStdout,
  writeReportFiles,
  type ReportSpec,
} from '../../common/files/report-files.js';
import { checkedOption, usageError } from '../arguments.js';
import { currentIo, setExitCode } from '../cli-io.js';
import { readConfigFile } from '../config-file.js';
import { color, println, printJson, printlnStderr } from '../output.js';

const FORMATS = ['html', 'markdown', 'json'] as const;
type Format = (typeof FORMATS)[number];

/** Where `addon dev --coverage`'s users most often point it, and where the templates write. */
const DEFAULT_DIR = '.addon/coverage';

interface CoverageFlags {
  min?: Minimum;
  report?: ReportSpec<Format>[];
  json?: boolean;
}

function reportSpec(text: string, previous: ReportSpec<Format>[] = []): ReportSpec<Format>[] {
  try {
    return [...previous, parseReportSpec(text, FORMATS, 'html=coverage.html')];
  } catch (error) {
    if (error instanceof UserError) throw usageError(error.message);
    throw error;
  }
}

const RENDER: Readonly<Record<Format, (report: CoverageReport) => string>> = {
  html: htmlReport,
  markdown: markdownReport,
  json: (report) => JSON.stringify(jsonReport(report), null, 2) + '\n',
};

/** `addon coverage` (docs/coverage.md): how much of the platform the tests met, merged from their files. */
export function coverageCommand(program: Command): void {
  program
    .command('coverage')
    .description('how much of the platform your tests met: merges coverage files and reports the gaps')
    .argument('[dirs...]', `directories (or files) of coverage files (default ${DEFAULT_DIR})`)
    .addOption(
      checkedOption(
        '--min <dimension=percent,...>',
        "fail (exit 1) below these shares (replaces addon.config.json's coverage.minimum)",
        {
          takes: MINIMUM_TAKES,
          read: parseMinimum,
        },
      ),
    )
    .option(
      '--report <format=file>',
      'also write a report: html=FILE, markdown=FILE or json=FILE (FILE - is stdout; repeatable)',
      reportSpec,
    )
    .option('--json', 'print the report as JSON')
    .action(async (dirs: string[], flags: CoverageFlags) => {
      const { cwd, env, stdout, stderr } = currentIo();
      const targets = await reportTargets(flags.report ?? [], cwd);
      // A report to stdout keeps it clean: the command's own report goes to stderr.
      const toStdout = reportsToStdout(targets);
      if (toStdout && flags.json) throw usageError(BOTH_TO_STDOUT);
      const minimum = flags.min ?? (await readConfigFile(cwd)).coverage?.minimum ?? {};
      const read = await readCoverageFiles(dirs.length ? dirs : [DEFAULT_DIR], cwd);
      const report = coverageReport(read, minimum, cwd);
      if (flags.json) printJson(jsonReport(report));
      else for (const line of terminalReport(report, color)) (toStdout ? printlnStderr : println)(line);
      const written = await writeReportFiles(
        targets,
        (format) => RENDER[format](report),
        () => markdownReport(report),
        { cwd, env, streams: { stdout, stderr } },
      );
      if (!flags.json) {
        for (const path of written) printlnStderr(color.dim(`wrote ${path}`));
        for (const { message } of report.missed) printlnStderr(`${color.red('addon:')} ${message}`);
      }
      setExitCode(exitCodeOf(report));
    });
}
