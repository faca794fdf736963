import { cp, lstat, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonCoverageReport } from '../../src/coverage/reports/json.js';
import { cleanUp, cli, expectOneLine, ROOT, tempDir } from '../helpers.js';

afterEach(cleanUp);

// `addon coverage` run as a user runs it, on the files of one suite (test/fixtures/coverage/suite):
// operations 6 of 8 (75%), responses 10 of 68 (14.7%), events 7 of 15, bridge 4 of 8, scopes 5 of 6,
// time 2 of 3.
const SUITE = join(ROOT, 'test', 'fixtures', 'coverage', 'suite');

/** A project whose .addon/coverage holds the suite's files, and its addon.config.json if given. */
async function project(config?: object): Promise<string> {
  const dir = await tempDir();
  await cp(SUITE, join(dir, '.addon', 'coverage'), { recursive: true });
  if (config) await writeFile(join(dir, 'addon.config.json'), JSON.stringify(config));
  return dir;
}

describe('addon coverage', () => {
  it('prints the summary and the gaps of .addon/coverage, exit 0 with no minimum', async () => {
    const result = await cli(['coverage'], { cwd: await project() });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('Platform coverage: 2 files (addon exec, startEmulator) of com.example.demo-addon');
    expect(lines[2]).toMatch(/^ {2}responses +10\/68 +14\.7% +[█░]{20}$/);
    expect(lines).toContain('  responses: no test met 409 on any operation');
    expect(lines).toContain('  events: invoice.overdue never subscribed to nor delivered');
    expect(lines).toContain('  bridge: service:navigate never sent');
    expect(lines).toContain('  scopes: customers.delete never used');
  });

  it('a minimum missed exits 1, naming the dimension, its share and its gaps', async () => {
    const result = await cli(['coverage', '.addon/coverage', '--min', 'operations=75,scopes=90'], {
      cwd: await project(),
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe('addon: scopes 83.3% is below the minimum 90%: customers.delete never used');
    expect(result.stdout).toMatch(/^ {2}scopes +5\/6 +83\.3% +[█░]{20} {2}minimum 90%$/m);
  });

  it('minimums met exit 0', async () => {
    const result = await cli(
      ['coverage', '--min', 'operations=75,responses=14.7,events=45,bridge=50,scopes=80,time=60'],
      {
        cwd: await project(),
      },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
  });

  it("addon.config.json's coverage.minimum holds unless --min is given, which replaces it", async () => {
    const dir = await project({ coverage: { minimum: { responses: 40 } } });
    const fromConfig = await cli(['coverage'], { cwd: dir });
    expect(fromConfig.exitCode).toBe(1);
    expect(fromConfig.stderr).toMatch(/^addon: responses 14\.7% is below the minimum 40%: /);
    const flagWins = await cli(['coverage', '--min', 'operations=50'], { cwd: dir });
    expect(flagWins.exitCode, flagWins.stderr).toBe(0);
  });

  it('a coverage.minimum that is not one is one line, exit 1', async () => {
    const dir = await project({ coverage: { minimum: { responses: 140 } } });
    expectOneLine(
      await cli(['coverage'], { cwd: dir }),
      'addon: addon.config.json: coverage.minimum.responses must be at most 100',
    );
  });

  it('--json prints the report; a missed minimum is in it, and exits 1', async () => {
    const result = await cli(['coverage', SUITE, '--json', '--min', 'bridge=60'], { cwd: await tempDir() });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as JsonCoverageReport;
    // Outside the working directory, whole.
    expect(report.files).toEqual([
      join(SUITE, 'coverage-exec-4242-1a2b3c4d.json'),
      join(SUITE, 'coverage-harness-4243-5e6f7a8b.json'),
    ]);
    expect(report.dimensions.operations).toMatchObject({ covered: 6, total: 8, percent: 75 });
    expect(report.dimensions.operations.missing).toEqual(['DELETE /customers/{id}', 'PATCH /customers/{id}']);
    expect(report.dimensions.scopes.met).toEqual({
      'customers.read': 9,
      'customers.write': 2,
      'invoices.read': 1,
      'invoices.write': 3,
      'toys.read': 1,
    });
    expect(report.seen['denied scopes']).toEqual({ 'invoices.write': 2 });
    expect(report.minimum).toEqual({ bridge: 60 });
    expect(report.belowMinimum).toEqual([
      {
        dimension: 'bridge',
        percent: 50,
        minimum: 60,
        message:
          'bridge 50% is below the minimum 60%: service:close never sent; service:context after a reload never sent; …',
      },
    ]);
  });

  it('--report writes each kind, and the markdown is appended to the GitHub step summary', async () => {
    const dir = await project();
    const summary = join(dir, 'summary.md');
    await writeFile(summary, '## an earlier step\n');
    const result = await cli(
      [
        'coverage',
        '--report',
        'html=out/coverage.html',
        '--report',
        'markdown=out/coverage.md',
        '--report',
        'json=out/coverage.json',
      ],
      { cwd: dir, env: { GITHUB_STEP_SUMMARY: summary } },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual(
      ['out/coverage.html', 'out/coverage.md', 'out/coverage.json', 'summary.md'].map(
        (file) => `wrote ${join(dir, file)}`,
      ),
    );
    const html = await readFile(join(dir, 'out', 'coverage.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>Platform coverage of com.example.demo-addon</title>');
    const markdown = await readFile(join(dir, 'out', 'coverage.md'), 'utf8');
    expect(markdown).toMatch(/^## addon coverage\n/);
    expect(markdown).toContain('| responses | 10 of 68 | 14.7% |  |');
    expect(markdown).toContain('- **scopes:** customers.delete never used');
    expect(await readFile(summary, 'utf8')).toBe(`## an earlier step\n\n${markdown}`);
    const json = JSON.parse(await readFile(join(dir, 'out', 'coverage.json'), 'utf8')) as JsonCoverageReport;
    expect(json.dimensions.responses).toMatchObject({ covered: 10, total: 68, percent: 14.7 });
  });

  // `json=/dev/stdout` as root replaced /dev/stdout with a regular file (a temp file renamed over the
  // link). The link here is the test's own, so that a regression cannot take the machine's.
  it.each([['-'], ['a link to /dev/stdout']])(
    '--report json=%s prints the JSON report alone on stdout, its own report on stderr, and keeps the link',
    async (to) => {
      const dir = await project();
      const link = join(dir, 'stdout');
      await symlink('/dev/stdout', link);
      const result = await cli(['coverage', '--report', `json=${to === '-' ? '-' : link}`], { cwd: dir });
      expect(result.exitCode, result.stderr).toBe(0);
      const json = JSON.parse(result.stdout) as JsonCoverageReport;
      expect(json.dimensions.responses).toMatchObject({ covered: 10, total: 68, percent: 14.7 });
      expect(result.stderr).toMatch(/^Platform coverage: 2 files /);
      expect(result.stderr.split('\n').at(-1)).toBe('wrote stdout');
      expect((await lstat(link)).isSymbolicLink()).toBe(true);
    },
  );

  it('--json beside a --report to stdout is refused, exit 2: two documents would mix', async () => {
    const result = await cli(['coverage', '--json', '--report', 'markdown=-'], { cwd: await project() });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        code: 'usage_error',
        message: '--json and a --report to stdout (- or /dev/stdout) would both print there: keep one',
      },
    });
  });

  it('a hostile file among them is one line naming it, exit 1, and no report is written', async () => {
    const dir = await project();
    const file = join(dir, '.addon', 'coverage', 'coverage-dev-1-00000000.json');
    const good = JSON.parse(await readFile(join(SUITE, 'coverage-exec-4242-1a2b3c4d.json'), 'utf8'));
    await writeFile(file, JSON.stringify({ ...good, version: 7 }));
    expectOneLine(
      await cli(['coverage', '--report', 'html=coverage.html'], { cwd: dir }),
      `addon: ${file}: a coverage file of version 7, which this kit does not read (it reads version 1)`,
    );
    await expect(readFile(join(dir, 'coverage.html'))).rejects.toThrow(/ENOENT/);
  });

  it('no coverage file is one line, exit 1', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'empty'));
    expectOneLine(
      await cli(['coverage', 'empty'], { cwd: dir }),
      'addon: no coverage file (*.json) under empty: run the tests with --coverage DIR first',
    );
  });

  it.each([
    [
      ['--min', 'lines=80'],
      'addon: --min takes dimension=percent pairs, comma-separated, like operations=80,responses=40 (dimensions: operations, responses, events, bridge, scopes, time; percents 0-100) (got "lines=80")',
    ],
    [['--min', 'operations=120'], /^addon: --min takes dimension=percent pairs, .+ \(got "operations=120"\)$/],
    [['--report', 'pdf=x.pdf'], 'addon: --report pdf=x.pdf: unknown format "pdf" (formats: html, markdown, json)'],
    [
      ['--report', 'coverage.html'],
      'addon: --report coverage.html: expected FORMAT=FILE, such as html=coverage.html (formats: html, markdown, json)',
    ],
  ])('a usage mistake is one line, exit 2: %j', async (args, line) => {
    const result = await cli(['coverage', ...args], { cwd: await project() });
    expectOneLine(result, line, 2);
  });

  it('two reports to one file are refused before either is written, exit 1, as addon check does', async () => {
    const dir = await project();
    expectOneLine(
      await cli(['coverage', '--report', 'html=a.html', '--report', 'markdown=a.html'], { cwd: dir }),
      `addon: --report: two reports would be written to ${join(dir, 'a.html')}`,
    );
    await expect(readFile(join(dir, 'a.html'))).rejects.toThrow(/ENOENT/);
  });
});
