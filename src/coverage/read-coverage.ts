import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { UserError } from '../common/errors.js';
import { fileError } from '../common/files/fs-errors.js';
import { isJsonObject } from '../common/json/json-bounds.js';
import { readJsonFile } from '../common/json/json-file.js';
import { COVERAGE_BOUNDS, MAX_COVERAGE_FILES, MAX_COVERAGE_ITEM_CHARS } from '../common/limits.js';
import {
  COVERAGE_FORMAT,
  COVERAGE_VERSION,
  DIMENSIONS,
  type CoverageFile,
  type Hits,
  type Seen,
  type Surface,
} from './coverage-file.js';
import { hasUnseen, visible } from '../common/text/visible-text.js';

/**
 * Coverage files as `addon coverage` reads them (docs/coverage.md): every `*.json` under the paths
 * given, each bounded and checked before it is believed. A file is hostile input: what is kept of it
 * is copied into prototype-less objects, and a problem is one line naming the file and where.
 */

/** A file read, with where it was found. */
export interface ReadCoverage {
  path: string;
  file: CoverageFile;
}

/** Every coverage file under `paths` (directories, or files), in the order of their paths. */
export async function readCoverageFiles(paths: readonly string[], cwd: string): Promise<ReadCoverage[]> {
  const found = new Set<string>();
  for (const path of paths) for (const file of await jsonFilesUnder(resolve(cwd, path), path)) found.add(file);
  if (found.size === 0)
    throw new UserError(`no coverage file (*.json) under ${paths.join(', ')}: run the tests with --coverage DIR first`);
  if (found.size > MAX_COVERAGE_FILES)
    throw new UserError(
      `${found.size} coverage files under ${paths.join(', ')}: at most ${MAX_COVERAGE_FILES} are merged at once`,
    );
  const read: ReadCoverage[] = [];
  for (const path of [...found].sort()) read.push({ path, file: await readCoverageFile(path) });
  return read;
}

async function jsonFilesUnder(path: string, given: string): Promise<string[]> {
  try {
    if (!(await stat(path)).isDirectory()) return [path];
    const entries = await readdir(path, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
      .map((entry) => join(entry.parentPath, entry.name));
  } catch (error) {
    throw await fileError(error, `cannot read ${given}`, path);
  }
}

/** One coverage file, read within COVERAGE_BOUNDS and held to the shape of coverage-file.ts. */
export async function readCoverageFile(path: string): Promise<CoverageFile> {
  const value = await readJsonFile(path, COVERAGE_BOUNDS, 'the coverage file');
  return coverageFileOf(value, path);
}

/** `value` as a coverage file, or one line saying what is wrong with it, naming `name`. */
export function coverageFileOf(value: unknown, name: string): CoverageFile {
  const fail = (problem: string): never => {
    throw new UserError(`${name}: ${problem}`, 1, 'coverage_file_invalid');
  };
  if (!isJsonObject(value) || value.format !== COVERAGE_FORMAT)
    return fail(
      `not a coverage file (its format is ${said(isJsonObject(value) ? value.format : value)}, not "${COVERAGE_FORMAT}")`,
    );
  if (value.version !== COVERAGE_VERSION)
    return fail(
      `a coverage file of version ${said(value.version)}, which this kit does not read (it reads version ${COVERAGE_VERSION})`,
    );
  const text = (key: string): string => (checkItem(value[key], key, fail), value[key] as string);
  return {
    format: COVERAGE_FORMAT,
    version: COVERAGE_VERSION,
    kit: text('kit'),
    source: text('source') as CoverageFile['source'],
    appId: text('appId'),
    startedAt: text('startedAt'),
    endedAt: text('endedAt'),
    surface: surfaceOf(value.surface, fail),
    hits: hitsOf(value.hits, fail),
    seen: seenOf(value.seen, fail),
  };
}

type Fail = (problem: string) => never;

/** Each dimension, no other key: a file that names another is of a shape this kit does not know. */
function byDimension<T>(
  value: unknown,
  where: string,
  fail: Fail,
  read: (item: unknown, at: string) => T,
): Record<string, T> {
  if (!isJsonObject(value)) return fail(`${where} must be an object of the dimensions (got ${said(value)})`);
  const other = Object.keys(value).find((key) => !(DIMENSIONS as readonly string[]).includes(key));
  if (other !== undefined) fail(`${where} has ${said(other)}, which is not a dimension (${DIMENSIONS.join(', ')})`);
  const out = Object.create(null) as Record<string, T>;
  for (const dimension of DIMENSIONS) out[dimension] = read(value[dimension], `${where}.${dimension}`);
  return out;
}

function surfaceOf(value: unknown, fail: Fail): Surface {
  return byDimension(value, 'surface', fail, (items, at) => {
    if (!Array.isArray(items)) return fail(`${at} must be a list of items (got ${said(items)})`);
    items.forEach((item, i) => checkItem(item, `${at}[${i}]`, fail));
    return [...new Set(items as string[])];
  }) as Surface;
}

function hitsOf(value: unknown, fail: Fail): Hits {
  return byDimension(value, 'hits', fail, (counts, at) => countsOf(counts, at, fail)) as Hits;
}

function seenOf(value: unknown, fail: Fail): Seen {
  if (!isJsonObject(value)) return fail(`seen must be an object of kinds (got ${said(value)})`);
  const out = Object.create(null) as Seen;
  for (const [kind, counts] of Object.entries(value)) {
    checkItem(kind, 'a kind of seen', fail);
    out[kind] = countsOf(counts, `seen[${said(kind)}]`, fail);
  }
  return out;
}

/** Items and their counts: each item words, each count a whole number, none negative. */
function countsOf(value: unknown, at: string, fail: Fail): Record<string, number> {
  if (!isJsonObject(value)) return fail(`${at} must be an object of items and their counts (got ${said(value)})`);
  const out = Object.create(null) as Record<string, number>;
  for (const [item, count] of Object.entries(value)) {
    checkItem(item, `an item of ${at}`, fail);
    if (!Number.isSafeInteger(count) || (count as number) < 0)
      fail(`${at}[${said(item)}] must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER} (got ${said(count)})`);
    out[item] = count as number;
  }
  return out;
}

/**
 * Words: no control character, which a terminal would obey and a page could not show, nor a bidi
 * control, a line or paragraph separator or a zero-width character, which would turn a report's
 * line around or hide in it (visible-text.ts). The kit writes them as escapes (recorder.ts).
 */
function checkItem(item: unknown, at: string, fail: Fail): void {
  if (typeof item !== 'string' || item.trim() === '' || hasUnseen(item))
    fail(`${at} must be words, like "GET /customers 429" (got ${said(item)})`);
  else if (item.length > MAX_COVERAGE_ITEM_CHARS)
    fail(`${at} is longer than ${MAX_COVERAGE_ITEM_CHARS} characters (${said(item)})`);
}

/** A value from the file, said short and on one line: a hostile one never fills the screen. */
function said(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = visible(JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
