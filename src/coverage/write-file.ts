import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COVERAGE_FORMAT, COVERAGE_VERSION, type CoverageFile, type CoverageSource } from './coverage-file.js';

/** The words of each source in a file's name (docs/coverage.md). */
const SLUGS: Record<CoverageSource, string> = {
  'addon dev': 'dev',
  'addon exec': 'exec',
  'addon check': 'check',
  'addon explore': 'explore',
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
  // Made again, should it have gone; a directory that cannot be one was said when recording began.
  await mkdir(dir, { recursive: true });
  const name = `coverage-${SLUGS[record.source]}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const path = join(dir, `${name}.json`);
  const { source, appId, startedAt, endedAt, surface, hits, seen } = record;
  const kit = await kitVersion();
  const file: CoverageFile = {
    ...{ format: COVERAGE_FORMAT, version: COVERAGE_VERSION, kit, source, appId, startedAt, endedAt },
    ...{ surface, hits, seen },
  };
  // Whole, as file-write.ts writeWhole writes: a temporary name `addon coverage` does not read
  // (not *.json), then renamed; the name is the file's own, so nothing is overwritten. Not writeWhole
  // itself: openHostPage writes with this module, and file-write.ts in the harness's chunk made the
  // CLI bundle split its entry into shared chunks every start reads (test/e2e/mcp.test.ts).
  const temp = join(dir, `${name}.partial`);
  await writeFile(temp, `${JSON.stringify(file, null, 2)}\n`);
  await rename(temp, path);
  return path;
}

/** This package's version, from its package.json (from src/ and dist/ alike, two folders down). */
const kitVersion = async (): Promise<string> =>
  (
    JSON.parse(await readFile(join(dirname(fileURLToPath(import.meta.url)), '../../package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
