import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UserError } from '../../errors.js';
import { writeWhole } from '../../file-write.js';
import { fileError } from '../../fs-errors.js';
import type { CheckReport } from '../check-result.js';
import { jsonReport } from './json.js';
import { junitReport } from './junit.js';
import { markdownReport } from './markdown.js';

export const REPORT_FORMATS = ['junit', 'markdown', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** One `--report FORMAT=FILE`. */
export interface ReportSpec {
  format: ReportFormat;
  file: string;
}

const isFormat = (text: string): text is ReportFormat => (REPORT_FORMATS as readonly string[]).includes(text);

const FORMATS_HINT = `(formats: ${REPORT_FORMATS.join(', ')})`;

/** Reads `junit=report.xml`; one line naming the formats when it is not of that form. */
export function parseReportSpec(text: string): ReportSpec {
  const at = text.indexOf('=');
  if (at < 0) throw new UserError(`--report ${text}: expected FORMAT=FILE, such as junit=report.xml ${FORMATS_HINT}`);
  const format = text.slice(0, at).trim();
  const file = text.slice(at + 1).trim();
  if (!isFormat(format)) throw new UserError(`--report ${text}: unknown format "${format}" ${FORMATS_HINT}`);
  if (file === '') throw new UserError(`--report ${text}: no file after "${format}="`);
  return { format, file };
}

const RENDER: Readonly<Record<ReportFormat, (report: CheckReport) => string>> = {
  junit: (report) => junitReport(report),
  markdown: (report) => markdownReport(report),
  json: (report) => JSON.stringify(jsonReport(report), null, 2) + '\n',
};

export interface WriteReportsOptions {
  /** Where relative paths are found. */
  cwd: string;
  /** `GITHUB_STEP_SUMMARY`, when set, is a file the markdown report is appended to. */
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Writes each report to its file, whole (a CI step that reads it never sees half a file), making its
 * directory first, and appends the markdown report to GitHub's step summary when running in Actions.
 * Answers the absolute paths written, the step summary last.
 */
export async function writeReports(
  report: CheckReport,
  specs: readonly ReportSpec[],
  { cwd, env }: WriteReportsOptions,
): Promise<string[]> {
  const targets = specs.map((spec) => ({ format: spec.format, path: resolve(cwd, spec.file) }));
  refuseSharedFiles(targets.map((target) => target.path));
  const written: string[] = [];
  for (const { format, path } of targets) {
    await makeDirectory(path);
    await writeWhole(path, RENDER[format](report));
    written.push(path);
  }
  const stepSummary = env.GITHUB_STEP_SUMMARY;
  if (stepSummary) written.push(await appendStepSummary(resolve(cwd, stepSummary), report));
  return written;
}

/** Two reports named for one file would leave only the last: say so before writing either. */
function refuseSharedFiles(paths: readonly string[]): void {
  const twice = paths.find((path, index) => paths.indexOf(path) !== index);
  if (twice !== undefined) throw new UserError(`--report: two reports would be written to ${twice}`);
}

async function makeDirectory(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true }).catch(async (error: unknown) => {
    throw await fileError(error, `cannot write ${path}`, path);
  });
}

/**
 * GitHub shows the file as the step's summary, and other steps' tools may have written to it already:
 * append, after a blank line so that the heading starts a block of its own.
 */
async function appendStepSummary(path: string, report: CheckReport): Promise<string> {
  try {
    await appendFile(path, '\n' + markdownReport(report));
  } catch (error) {
    throw await fileError(error, `cannot append to the step summary ${path}`, path);
  }
  return path;
}
