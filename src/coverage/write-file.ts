import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeWhole } from '../file-write.js';
import { fileError } from '../fs-errors.js';
import { COVERAGE_FORMAT, COVERAGE_VERSION, type CoverageFile, type CoverageSource } from './coverage-file.js';

/** The words of each source in a file's name (docs/coverage.md). */
const SLUGS: Record<CoverageSource, string> = {
  'addon dev': 'dev',
  'addon exec': 'exec',
  'addon check': 'check',
  startEmulator: 'harness',
  openHostPage: 'host-page',
};

/** A coverage file but for its heading: what the emulator met, and who wrote it. */
export type CoverageRecord = Omit<CoverageFile, 'format' | 'version' | 'kit'>;

/**
 * Writes `record` as a coverage file into `dir` (made if missing), whole: a name of its own
 * (`coverage-<source>-<pid>-<8 hex>.json`), so every emulator of every worker writes beside the
 * others and none overwrites another. Resolves with its path.
 */
export async function writeCoverageFile(dir: string, record: CoverageRecord): Promise<string> {
  await makeCoverageDir(dir);
  const path = join(dir, `coverage-${SLUGS[record.source]}-${process.pid}-${randomBytes(4).toString('hex')}.json`);
  const { source, appId, startedAt, endedAt, surface, hits, seen } = record;
  const kit = await kitVersion();
  const file: CoverageFile = {
    ...{ format: COVERAGE_FORMAT, version: COVERAGE_VERSION, kit, source, appId, startedAt, endedAt },
    ...{ surface, hits, seen },
  };
  await writeWhole(path, `${JSON.stringify(file, null, 2)}\n`);
  return path;
}

/**
 * Makes `dir` if it is missing: when recording begins, so a directory that cannot be one is said in
 * one line before a suite runs, not after it; and again before writing, should it have gone.
 */
export async function makeCoverageDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true }).catch(async (error: unknown) => {
    throw await fileError(error, `cannot make the coverage directory ${dir}`, dir);
  });
}

/** This package's version, from its package.json (from src/ and dist/ alike, two folders down). */
const kitVersion = async (): Promise<string> =>
  (JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
