import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UserError } from './errors.js';
import { writeWhole } from './file-write.js';
import { fileError } from './fs-errors.js';

/**
 * The report files a command writes besides what it prints (`addon check --report`, `addon coverage
 * --report`): `FORMAT=FILE` read, each file written whole, and the markdown appended to GitHub's job
 * summary when the run is in Actions. Each command says its formats and how it renders them.
 */

/** One `--report FORMAT=FILE`. */
export interface ReportSpec<Format extends string = string> {
  format: Format;
  file: string;
}

/** Reads `junit=report.xml`; one line naming the formats, and `example`, when it is not of that form. */
export function parseReportSpec<Format extends string>(
  text: string,
  formats: readonly Format[],
  example: string,
): ReportSpec<Format> {
  const hint = `(formats: ${formats.join(', ')})`;
  const at = text.indexOf('=');
  if (at < 0) throw new UserError(`--report ${text}: expected FORMAT=FILE, such as ${example} ${hint}`);
  const format = text.slice(0, at).trim();
  const file = text.slice(at + 1).trim();
  if (!formats.includes(format as Format)) throw new UserError(`--report ${text}: unknown format "${format}" ${hint}`);
  if (file === '') throw new UserError(`--report ${text}: no file after "${format}="`);
  return { format: format as Format, file };
}

export interface WriteReportsOptions {
  /** Where relative paths are found. */
  cwd: string;
  /** `GITHUB_STEP_SUMMARY`, when set, is a file the markdown report is appended to. */
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Writes each report to its file, whole (a CI step that reads it never sees half a file), making its
 * directory first, and appends `markdown()` to GitHub's step summary when running in Actions.
 * Answers the absolute paths written, the step summary last.
 */
export async function writeReportFiles<Format extends string>(
  specs: readonly ReportSpec<Format>[],
  render: (format: Format) => string,
  markdown: () => string,
  { cwd, env }: WriteReportsOptions,
): Promise<string[]> {
  const targets = specs.map((spec) => ({ format: spec.format, path: resolve(cwd, spec.file) }));
  refuseSharedFiles(targets.map((target) => target.path));
  const written: string[] = [];
  for (const { format, path } of targets) {
    await makeDirectory(path);
    await writeWhole(path, render(format));
    written.push(path);
  }
  const stepSummary = env.GITHUB_STEP_SUMMARY;
  if (stepSummary) written.push(await appendStepSummary(resolve(cwd, stepSummary), markdown()));
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
async function appendStepSummary(path: string, markdown: string): Promise<string> {
  try {
    await appendFile(path, '\n' + markdown);
  } catch (error) {
    throw await fileError(error, `cannot append to the step summary ${path}`, path);
  }
  return path;
}
