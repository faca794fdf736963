import fc from 'fast-check';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeCoverage } from '../../src/coverage/merge.js';
import { coverageFileOf, readCoverageFile, readCoverageFiles } from '../../src/coverage/read-coverage.js';
import { coverageReport } from '../../src/coverage/report.js';
import { htmlReport } from '../../src/coverage/reports/html.js';
import { markdownReport } from '../../src/coverage/reports/markdown.js';
import { UserError } from '../../src/common/errors.js';
import { MAX_COVERAGE_FILE_BYTES, MAX_COVERAGE_FILES } from '../../src/common/limits.js';
import { cleanUp, ROOT, tempDir } from '../helpers.js';

afterEach(cleanUp);

// A coverage file is hostile input: whoever can write to the directory wrote it. Each is refused in
// one line that names the file and what is wrong, with exit status 1 (the command line was right).

const GOOD = join(ROOT, 'test', 'fixtures', 'coverage', 'suite', 'coverage-exec-4242-1a2b3c4d.json');
const good = async () => JSON.parse(await readFile(GOOD, 'utf8'));

/** The one line a file written from `text` is refused with. */
async function refusal(text: string): Promise<string> {
  const path = join(await tempDir(), 'coverage-x.json');
  await writeFile(path, text);
  const error = await readCoverageFile(path).then(
    () => null,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(UserError);
  expect((error as UserError).exitCode).toBe(1);
  const message = (error as UserError).message;
  expect(message.split('\n'), message).toHaveLength(1);
  expect(message.startsWith(`${path}: `) || message.startsWith(`${path} `), message).toBe(true);
  return message.slice(path.length);
}

const edited = async (edit: (file: any) => void) => {
  const file = await good();
  edit(file);
  return JSON.stringify(file);
};

describe('a coverage file that is not one is refused, naming the file and the problem', () => {
  it.each([
    [
      'of another format',
      (f: any) => (f.format = 'istanbul'),
      ': not a coverage file (its format is "istanbul", not "addon-devkit-coverage")',
    ],
    [
      'of another version',
      (f: any) => (f.version = 2),
      ': a coverage file of version 2, which this kit does not read (it reads version 1)',
    ],
    [
      'with no version',
      (f: any) => delete f.version,
      ': a coverage file of version nothing, which this kit does not read (it reads version 1)',
    ],
    [
      'a negative count',
      (f: any) => (f.hits.operations['GET /customers'] = -1),
      ': hits.operations["GET /customers"] must be a whole number from 0 to 9007199254740991 (got -1)',
    ],
    [
      'a fractional count',
      (f: any) => (f.hits.scopes['customers.read'] = 1.5),
      ': hits.scopes["customers.read"] must be a whole number from 0 to 9007199254740991 (got 1.5)',
    ],
    [
      'a huge count',
      (f: any) => (f.hits.events['customer.created delivered'] = 1e300),
      ': hits.events["customer.created delivered"] must be a whole number from 0 to 9007199254740991 (got 1e+300)',
    ],
    [
      'a count as text',
      (f: any) => (f.seen['denied scopes']['invoices.write'] = '1'),
      ': seen["denied scopes"]["invoices.write"] must be a whole number from 0 to 9007199254740991 (got "1")',
    ],
    [
      'an item that is no string',
      (f: any) => (f.surface.operations[1] = 42),
      ': surface.operations[1] must be words, like "GET /customers 429" (got 42)',
    ],
    [
      'an item that is true',
      (f: any) => f.surface.bridge.push(true),
      ': surface.bridge[8] must be words, like "GET /customers 429" (got true)',
    ],
    [
      'an item that is blank',
      (f: any) => f.surface.bridge.push('  '),
      ': surface.bridge[8] must be words, like "GET /customers 429" (got "  ")',
    ],
    [
      'an item with a terminal escape',
      (f: any) => f.surface.scopes.push('\u001b[2Jcleared'),
      ': surface.scopes[5] must be words, like "GET /customers 429" (got "\\u001b[2Jcleared")',
    ],
    // Trojan Source: a bidi override turns the rest of a report's line around; the others hide in it.
    ...(
      [
        ['a right-to-left override', '\u202e', '\\u202e'],
        ['a line separator', '\u2028', '\\u2028'],
        ['a zero-width space', '\u200b', '\\u200b'],
        ['a byte order mark', '\ufeff', '\\ufeff'],
        ['a tag character', '\u{e0041}', '\\u{e0041}'],
      ] as const
    ).map(([what, char, escaped]): [string, (f: any) => unknown, string] => [
      `an item with ${what}`,
      (f: any) => f.surface.operations.push(`GET /customers${char}/cba`),
      `: surface.operations[7] must be words, like "GET /customers 429" (got "GET /customers${escaped}/cba")`,
    ]),
    [
      'an item too long',
      (f: any) => f.surface.time.push('x'.repeat(501)),
      `: surface.time[3] is longer than 500 characters ("${'x'.repeat(56)}...)`,
    ],
    [
      'a dimension that is not one',
      (f: any) => (f.surface.lines = []),
      ': surface has "lines", which is not a dimension (operations, responses, events, bridge, scopes, time)',
    ],
    [
      'a dimension missing',
      (f: any) => delete f.hits.time,
      ': hits.time must be an object of items and their counts (got nothing)',
    ],
    [
      'a surface that is a list',
      (f: any) => (f.surface = []),
      ': surface must be an object of the dimensions (got [])',
    ],
    [
      'an app id that is no text',
      (f: any) => (f.appId = null),
      ': appId must be words, like "GET /customers 429" (got null)',
    ],
  ])('%s', async (_, edit, problem) => {
    expect(await refusal(await edited(edit))).toBe(problem);
  });

  it('a __proto__ key, before anything reads it', async () => {
    const text = (await readFile(GOOD, 'utf8')).replace('"GET /customers": 5', '"__proto__": { "polluted": 1 }');
    expect(await refusal(text)).toBe(
      ': a JSON key must not be __proto__ or constructor.prototype (at /hits/operations/__proto__); nothing was changed',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('nested deeper than the format', async () => {
    expect(await refusal(await edited((f) => (f.seen.deep = { a: { b: 1 } })))).toBe(
      ': the coverage file nests deeper than 3 levels of arrays and objects (at /seen/deep/a); nothing was changed',
    );
    expect(await refusal('['.repeat(100_000) + ']'.repeat(100_000))).toMatch(
      /^: the coverage file nests deeper than 3 levels/,
    );
  });

  it('larger than the limit, before it is read', async () => {
    expect(await refusal(' '.repeat(MAX_COVERAGE_FILE_BYTES + 1) + '{}')).toBe(
      ' is larger than 4 MiB; nothing was changed',
    );
  });

  it('not JSON', async () => {
    expect(await refusal('{"format": "addon-devkit-coverage",')).toMatch(
      /^ is not valid JSON \(.+\); nothing was changed$/,
    );
  });

  it('a directory with another JSON file in it: the file is named', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'coverage-a.json'), await readFile(GOOD));
    await writeFile(join(dir, 'package.json'), '{"name":"x"}');
    await expect(readCoverageFiles([dir], dir)).rejects.toThrow(
      `${join(dir, 'package.json')}: not a coverage file (its format is nothing, not "addon-devkit-coverage")`,
    );
  });

  it('more files than are merged at once, before any is read', async () => {
    const dir = await tempDir();
    await Promise.all(
      Array.from({ length: MAX_COVERAGE_FILES + 1 }, (_, i) => writeFile(join(dir, `coverage-${i}.json`), '')),
    );
    await expect(readCoverageFiles([dir], dir)).rejects.toThrow(
      `10001 coverage files under ${dir}: at most 10000 are merged at once`,
    );
  });

  it('a directory with none, or none at all', async () => {
    const dir = await tempDir();
    await expect(readCoverageFiles(['.'], dir)).rejects.toThrow(
      'no coverage file (*.json) under .: run the tests with --coverage DIR first',
    );
    await expect(readCoverageFiles(['.addon/coverage'], dir)).rejects.toThrow(
      'cannot read .addon/coverage: the directory ' + join(dir, '.addon') + ' does not exist (ENOENT)',
    );
  });
});

describe('any value in any place of a file', () => {
  // Where a hostile writer may put anything: each field, each dimension, an item and a count.
  const PLACES = [
    [],
    ['format'],
    ['version'],
    ['appId'],
    ['surface'],
    ['surface', 'responses'],
    ['surface', 'events', 0],
    ['hits'],
    ['hits', 'operations'],
    ['hits', 'operations', 'GET /customers'],
    ['hits', 'bridge', 'service:ready'],
    ['seen'],
    ['seen', 'denied scopes'],
  ] as const;

  it('is a coverage file every report can show, or one line naming the file', async () => {
    const base = await good();
    await fc.assert(
      fc.property(fc.constantFrom(...PLACES), fc.jsonValue({ maxDepth: 3 }), (place, value) => {
        const file = structuredClone(base);
        if (place.length === 0) return check(value);
        let at = file;
        for (const key of place.slice(0, -1)) at = at[key];
        at[place.at(-1)!] = value;
        return check(file);
      }),
      { numRuns: 300 },
    );
  });

  function check(value: unknown): void {
    let file;
    try {
      file = coverageFileOf(value, 'coverage-x.json');
    } catch (error) {
      expect(error).toBeInstanceOf(UserError);
      expect((error as UserError).message).toMatch(/^coverage-x\.json: [^\n]+$/);
      return;
    }
    expect(mergeCoverage([file]).files).toBe(1);
    const report = coverageReport([{ path: join(ROOT, 'coverage-x.json'), file }], { responses: 50 }, ROOT);
    expect(htmlReport(report)).toMatch(/<\/html>\n$/);
    expect(markdownReport(report)).toMatch(/^## addon coverage\n/);
  }
});
