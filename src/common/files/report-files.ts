import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { landingOf, writeLanding, type Landing } from './file-write.js';
import { fileError } from './fs-errors.js';

/**
 * The report files a command writes besides what it prints (`addon check --report`, `addon coverage
 * --report`): `FORMAT=FILE` read, each file written as it lands (file-write.ts: a regular file whole,
 * a device or a pipe through, `-` or `/dev/stdout` in turn with what the command prints), and the
 * markdown appended to GitHub's job summary when the run is in Actions. Each command says its
 * formats and how it renders them.
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

/** A report and where it lands, found before the command prints or writes anything. */
export interface ReportTarget<Format extends string = string> {
  format: Format;
  /** The path as resolved, or `-`. */
  file: string;
  landing: Landing;
}

/** The command's own streams: a report to stdout or stderr is written there, in turn. */
export interface ReportStreams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/**
 * Where each report lands (`-` is stdout), refusing two that would land in one place (one would be
 * lost, or two documents mixed in one stream) and a path that cannot be written, in one line each,
 * before anything is written.
 */
export async function reportTargets<Format extends string>(
  specs: readonly ReportSpec<Format>[],
  cwd: string,
): Promise<ReportTarget<Format>[]> {
  const targets: ReportTarget<Format>[] = [];
  for (const { format, file } of specs) {
    const path = file === '-' ? file : resolve(cwd, file);
    targets.push({ format, file: path, landing: path === '-' ? { to: 'stdio', fd: 1 } : await landingOf(path) });
  }
  refuseSharedPlaces(targets);
  return targets;
}

/** `--json` prints the command's own report on stdout: a report there too would mix two documents. */
export const BOTH_TO_STDOUT = '--json and a --report to stdout (- or /dev/stdout) would both print there: keep one';

/** Whether a report takes the command's stdout: then its own report goes to stderr, to keep it clean. */
export const reportsToStdout = (targets: readonly ReportTarget[]): boolean =>
  targets.some(({ landing }) => landing.to === 'stdio' && landing.fd === 1);

export interface WriteReportsOptions {
  /** Where relative paths are found (the step summary's). */
  cwd: string;
  /** `GITHUB_STEP_SUMMARY`, when set, is a file the markdown report is appended to. */
  env: Readonly<Record<string, string | undefined>>;
  streams: ReportStreams;
}

/**
 * Writes each report where it lands, making a new file's directory first, and appends `markdown()`
 * to GitHub's step summary when running in Actions. Answers where each was written (a path, or
 * `stdout`/`stderr`), the step summary last.
 */
export async function writeReportFiles<Format extends string>(
  targets: readonly ReportTarget<Format>[],
  render: (format: Format) => string,
  markdown: () => string,
  { cwd, env, streams }: WriteReportsOptions,
): Promise<string[]> {
  const written: string[] = [];
  for (const { format, file, landing } of targets) {
    if (landing.to === 'stdio') {
      const stream = landing.fd === 1 ? 'stdout' : 'stderr';
      streams[stream].write(render(format));
      written.push(stream);
      continue;
    }
    if (landing.to === 'whole') await makeDirectory(landing.path);
    await writeLanding(landing, render(format), file);
    written.push(file);
  }
  const stepSummary = env.GITHUB_STEP_SUMMARY;
  if (stepSummary) written.push(await appendStepSummary(resolve(cwd, stepSummary), markdown()));
  return written;
}

/** Two reports in one place would leave only the last, or mix two in one stream: say so before writing either. */
function refuseSharedPlaces(targets: readonly ReportTarget[]): void {
  const places = targets.map(({ landing }) => (landing.to === 'stdio' ? `fd ${landing.fd}` : landing.path));
  const twice = places.findIndex((place, index) => places.indexOf(place) !== index);
  if (twice < 0) return;
  const { file, landing } = targets[twice];
  const where = landing.to === 'stdio' ? (landing.fd === 1 ? 'stdout' : 'stderr') : file;
  throw new UserError(`--report: two reports would be written to ${where}`);
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
