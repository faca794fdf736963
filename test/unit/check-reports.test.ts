import { execFile } from 'node:child_process';
import { lstat, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { reportOf, type CheckReport, type CheckResult } from '../../src/check/check-result.js';
import { jsonReport } from '../../src/check/reports/json.js';
import { junitReport } from '../../src/check/reports/junit.js';
import { markdownReport } from '../../src/check/reports/markdown.js';
import { terminalReport, type Paint } from '../../src/check/reports/terminal.js';
import {
  parseReportSpec,
  reportTargets,
  writeReports as writeTargets,
  type ReportSpec,
} from '../../src/check/reports/write-reports.js';
import { color } from '../../src/cli/output.js';
import { UserError } from '../../src/common/errors.js';
import { cleanUp, tempDir } from '../helpers.js';

afterEach(cleanUp);

// One check of each status, with the text an add-on's answers can put in a report: markup, quotes,
// pipes, line breaks and a control character.
const PASS: CheckResult = {
  id: 'manifest.valid',
  title: 'Manifest is valid',
  status: 'pass',
  evidence: ['addon.json read'],
  fix: '',
  durationMs: 12,
};

const FAIL: CheckResult = {
  id: 'webhooks.signature',
  title: 'Rejects <unsigned> & "forged" webhooks',
  status: 'fail',
  subject: 'https://example.test/hooks?a=1&b=2',
  evidence: [
    'POST /hooks with a forged X-Signature',
    `answered 200 OK: {"ok":true} | it's <accepted>`,
    'first line\nsecond line',
    'a bell\u0007here',
  ],
  fix: 'Verify the X-Signature header | see docs/check.md#webhooks-signature',
  durationMs: 1_234,
};

const WARN: CheckResult = {
  id: 'backend.latency',
  title: 'Backend answers within 2 s',
  status: 'warn',
  subject: 'https://api.example.test',
  evidence: Array.from({ length: 10 }, (_, i) => `request ${i + 1}: 2${i}00 ms`),
  fix: 'Answer from a cache: docs/check.md#backend-latency',
  durationMs: 20_500,
};

const SKIP: CheckResult = {
  id: 'a11y.contrast',
  title: 'Colour contrast',
  status: 'skip',
  evidence: ['no browser found (set ADDON_BROWSER)'],
  fix: '',
  durationMs: 0,
};

const CHECKS = [PASS, FAIL, WARN, SKIP];
const report = (strict = false): CheckReport => reportOf(CHECKS, strict, 14_234);

/** Paint that names its colour, to see what was painted how. */
const tags: Paint = {
  green: (s) => `<green>${s}</green>`,
  red: (s) => `<red>${s}</red>`,
  yellow: (s) => `<yellow>${s}</yellow>`,
  dim: (s) => `<dim>${s}</dim>`,
  bold: (s) => `<bold>${s}</bold>`,
};

describe('terminalReport', () => {
  it('gives a line per check, the evidence and fix of a failure, the reason of a skip, and a summary', () => {
    expect(terminalReport(report())).toEqual([
      '  ✓ manifest.valid  Manifest is valid',
      '  ✗ webhooks.signature  Rejects <unsigned> & "forged" webhooks (https://example.test/hooks?a=1&b=2)',
      '      POST /hooks with a forged X-Signature',
      `      answered 200 OK: {"ok":true} | it's <accepted>`,
      '      first line',
      '      second line',
      '      a bell\\u0007here',
      '      fix: Verify the X-Signature header | see docs/check.md#webhooks-signature',
      '  ! backend.latency  Backend answers within 2 s (https://api.example.test)',
      ...Array.from({ length: 7 }, (_, i) => `      request ${i + 1}: 2${i}00 ms`),
      '      … 3 more',
      '      fix: Answer from a cache: docs/check.md#backend-latency',
      '  – a11y.contrast  Colour contrast',
      '      no browser found (set ADDON_BROWSER)',
      '',
      '1 passed, 1 failed, 1 warning, 1 skipped in 14.2 s',
    ]);
  });

  it('shows up to 8 evidence lines whole, and says warnings count as failures under strict', () => {
    const eight = { ...WARN, evidence: WARN.evidence.slice(0, 8) };
    const lines = terminalReport(reportOf([eight], true, 950));
    expect(lines.filter((line) => line.startsWith('      request'))).toHaveLength(8);
    expect(lines.join('\n')).not.toContain('more');
    expect(lines.at(-1)).toBe(
      '0 passed, 0 failed, 1 warning, 0 skipped in 0.9 s; warnings count as failures (--strict)',
    );
  });

  it("says in its summary line how the add-on's frame was run: its third-party cookies blocked or allowed", () => {
    const frame = {
      ...PASS,
      id: 'page.third-party-context',
      evidence: ["third-party cookies blocked in the add-on's frame, as in Safari", 'no cookie set from the frame'],
    };
    const summary = '1 passed, 0 failed, 0 warnings, 0 skipped in 0.9 s';
    const note = "; third-party cookies blocked in the add-on's frame, as in Safari";
    expect(terminalReport(reportOf([frame], false, 950)).at(-1)).toBe(summary + note);
    expect(markdownReport(reportOf([frame], false, 950))).toContain(summary + note);
    const skipped = { ...frame, status: 'skip' as const, evidence: ['no browser'] };
    expect(terminalReport(reportOf([skipped], false, 950)).at(-1)).toBe(
      '0 passed, 0 failed, 0 warnings, 1 skipped in 0.9 s',
    );
  });

  it('paints each mark in its colour, the id bold, the subject and a skip reason dim, and the counts above zero', () => {
    const lines = terminalReport(report(), tags);
    expect(lines[0]).toBe('  <green>✓</green> <bold>manifest.valid</bold>  Manifest is valid');
    expect(lines[1]).toMatch(/^ {2}<red>✗<\/red> <bold>webhooks\.signature<\/bold> .*<dim> \(https:.*\)<\/dim>$/);
    expect(lines).toContain(
      '  <yellow>!</yellow> <bold>backend.latency</bold>  Backend answers within 2 s<dim> (https://api.example.test)</dim>',
    );
    expect(lines).toContain('      <dim>… 3 more</dim>');
    expect(lines).toContain('      <dim>no browser found (set ADDON_BROWSER)</dim>');
    expect(lines.at(-1)).toBe(
      '<green>1 passed</green>, <red>1 failed</red>, <yellow>1 warning</yellow>, <dim>1 skipped</dim> in 14.2 s',
    );
  });

  it("takes the CLI's chalk instance as its paint", () => {
    expect(terminalReport(report(), color)[0]).toContain('\u001b[32m✓\u001b[39m');
  });

  it('shows an escape sequence in evidence as text, so that it cannot drive the terminal', () => {
    const check = { ...FAIL, evidence: ['\u001b[2J\u001b[31mcleared'] };
    const lines = terminalReport(reportOf([check], false, 0));
    expect(lines).toContain('      \\u001b[2J\\u001b[31mcleared');
    expect(lines.join('')).not.toContain('\u001b');
  });

  it('shows a bidi override, a separator or a zero-width character in evidence as its escape (Trojan Source)', () => {
    const check = { ...FAIL, evidence: ['GET /customers\u202e/cba\u2028\u200b\ufeff 200'] };
    const lines = terminalReport(reportOf([check], false, 0));
    expect(lines).toContain('      GET /customers\\u202e/cba\\u2028\\u200b\\ufeff 200');
  });

  it('shows them as escapes in markdown too, where control characters are dropped', () => {
    const check = { ...FAIL, evidence: ['GET /customers\u202e/cba\u0007'] };
    expect(markdownReport(reportOf([check], false, 0))).toContain('\nGET /customers\\u202e/cba\n');
  });
});

describe('jsonReport', () => {
  it('gives every check with its fields, the summary, strict and the exit code', () => {
    const json = jsonReport(report(true));
    expect(json).toEqual({
      checks: [{ ...PASS }, { ...FAIL }, { ...WARN }, { ...SKIP }],
      summary: { passed: 1, failed: 1, warned: 1, skipped: 1 },
      strict: true,
      exitCode: 1,
      durationMs: 14_234,
    });
    expect(Object.keys(json.checks[1])).toEqual(['id', 'title', 'status', 'subject', 'evidence', 'fix', 'durationMs']);
    expect('subject' in json.checks[0]).toBe(false);
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it('is a copy: changing it leaves the report as it was', () => {
    const source = report();
    jsonReport(source).checks[1].evidence.push('added');
    expect(source.checks[1].evidence).toHaveLength(4);
  });
});

describe('markdownReport', () => {
  const markdown = markdownReport(report());
  const lines = markdown.split('\n');
  const rows = lines.filter((line) => line.startsWith('| '));
  /** A row's cells, split at the pipes that are not escaped, as GitHub splits them. */
  const cells = (row: string) => row.split(/(?<!\\)\|/).slice(1, -1);

  it('has a heading, the counts, and a table row per check whose pipes and line breaks are escaped', () => {
    expect(lines[0]).toBe('## addon check');
    expect(markdown).toContain('\n1 passed, **1 failed**, 1 warning, 1 skipped in 14.2 s\n');
    expect(rows[0]).toBe('| | Check | Result |');
    expect(rows).toHaveLength(2 + CHECKS.length);
    for (const row of rows.slice(2)) expect(cells(row)).toHaveLength(3);
    expect(rows[2]).toBe('| ✅ | `manifest.valid` Manifest is valid | passed |');
    expect(cells(rows[3])[1]).toBe(
      ' `webhooks.signature` Rejects \\<unsigned\\> \\& "forged" webhooks (https\\://example.test/hooks?a=1\\&b=2) ',
    );
    expect(cells(rows[3])[2]).toBe(' failed ');
    expect(rows[5]).toBe('| ⏭️ | `a11y.contrast` Colour contrast | skipped: no browser found (set ADDON\\_BROWSER) |');
    const twoLines = markdownReport(reportOf([{ ...SKIP, title: 'a | b\nc' }], false, 0));
    expect(twoLines).toContain('| ⏭️ | `a11y.contrast` a \\| b<br>c | skipped');
  });

  it('gives the evidence and fix of each failure and warning under Details, and nothing of a pass or skip', () => {
    const details = markdown.slice(markdown.indexOf('\n### Details\n'));
    expect(details).toContain('#### ❌ `webhooks.signature` Rejects');
    expect(details).toContain(
      [
        '```',
        'POST /hooks with a forged X-Signature',
        `answered 200 OK: {"ok":true} | it's <accepted>`,
        'first line',
        'second line',
        'a bellhere',
        '```',
        '',
        '**Fix:** Verify the X-Signature header \\| see docs/check.md#webhooks-signature',
      ].join('\n'),
    );
    expect(details).toContain('#### ⚠️ `backend.latency` Backend answers within 2 s (https\\://api.example.test)');
    expect(details).toContain('request 10: 2900 ms\n```');
    expect(details).not.toContain('manifest.valid');
    expect(details).not.toContain('a11y.contrast');
  });

  it('fences evidence with more backticks than it holds, and leaves out Details when all passed', () => {
    const fenced = markdownReport(reportOf([{ ...FAIL, evidence: ['```', 'inside'] }], false, 0));
    expect(fenced).toContain('\n````\n```\ninside\n````\n');
    expect(markdownReport(reportOf([PASS], false, 0))).not.toContain('Details');
  });
});

describe('junitReport', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
    htmlEntities: true,
    isArray: (name) => ['testsuite', 'testcase'].includes(name),
  });

  interface Element {
    [key: string]: string | Element | Element[] | undefined;
  }
  const parse = (xml: string) => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml) as { testsuites: Element & { testsuite: Element[] } };
    const suite = doc.testsuites.testsuite[0] as Element & { testcase: Element[] };
    return { suites: doc.testsuites, suite, cases: suite.testcase };
  };

  it('is XML with a suite of a test case per check, their counts, failures and skips, the text round-tripping', () => {
    const xml = junitReport(report());
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    const { suites, suite, cases } = parse(xml);
    for (const element of [suites, suite])
      expect(element).toMatchObject({
        '@_name': 'addon check',
        '@_tests': '4',
        '@_failures': '1',
        '@_errors': '0',
        '@_skipped': '1',
        '@_time': '14.234',
      });
    expect(suites.testsuite).toHaveLength(1);
    expect(cases).toHaveLength(4);
    expect(cases.map((c) => c['@_classname'])).toEqual([
      'addon check.manifest',
      'addon check.webhooks',
      'addon check.backend',
      'addon check.a11y',
    ]);
    expect(cases[0]).toEqual({
      '@_classname': 'addon check.manifest',
      '@_name': 'manifest.valid — Manifest is valid',
      '@_time': '0.012',
    });
    expect(cases[1]['@_name']).toBe(
      'webhooks.signature — Rejects <unsigned> & "forged" webhooks (https://example.test/hooks?a=1&b=2)',
    );
    expect(cases[1].failure).toEqual({
      '@_message': FAIL.fix,
      '@_type': 'fail',
      '#text': [
        'POST /hooks with a forged X-Signature',
        `answered 200 OK: {"ok":true} | it's <accepted>`,
        'first line',
        'second line',
        'a bellhere',
      ].join('\n'),
    });
    expect(cases[2].failure).toBeUndefined();
    expect(cases[2]['system-out']).toBe([...WARN.evidence, `fix: ${WARN.fix}`].join('\n'));
    expect(cases[3].skipped).toEqual({ '@_message': 'no browser found (set ADDON_BROWSER)' });
  });

  it('fails a warning under strict, as a failure of type warn', () => {
    const { suites, cases } = parse(junitReport(report(true)));
    expect(suites['@_failures']).toBe('2');
    expect(cases[2].failure).toMatchObject({ '@_message': WARN.fix, '@_type': 'warn' });
    expect(cases[2]['system-out']).toBeUndefined();
  });

  it('drops what XML 1.0 forbids, keeps line breaks and tabs in attributes, and is the same every time', () => {
    const nasty = {
      ...FAIL,
      title: "it's\u0000 a\u0008\u001f\uffff test",
      fix: 'line one\nline\ttwo',
      evidence: ['\ud800x'],
    };
    const xml = junitReport(reportOf([nasty], false, 0), { name: 'ci & me' });
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
    expect(xml).not.toContain('timestamp');
    expect(junitReport(reportOf([nasty], false, 0), { name: 'ci & me' })).toBe(xml);
    const { suites, cases } = parse(xml);
    expect(suites['@_name']).toBe('ci & me');
    expect(cases[0]['@_classname']).toBe('ci & me.webhooks');
    expect(cases[0]['@_name']).toBe("webhooks.signature — it's a test (https://example.test/hooks?a=1&b=2)");
    expect(cases[0].failure).toEqual({ '@_message': 'line one\nline\ttwo', '@_type': 'fail', '#text': 'x' });
  });
});

describe('parseReportSpec', () => {
  it('reads FORMAT=FILE, the file being all after the first =', () => {
    expect(parseReportSpec('junit=out/report.xml')).toEqual({ format: 'junit', file: 'out/report.xml' });
    expect(parseReportSpec('json=a=b.json')).toEqual({ format: 'json', file: 'a=b.json' });
    expect(parseReportSpec('markdown=summary.md')).toEqual({ format: 'markdown', file: 'summary.md' });
  });

  it.each([
    ['junit', /^--report junit: expected FORMAT=FILE, such as junit=report\.xml \(formats: junit, markdown, json\)$/],
    ['md=x.md', /^--report md=x\.md: unknown format "md" \(formats: junit, markdown, json\)$/],
    ['=x.xml', /unknown format ""/],
    ['junit=', /^--report junit=: no file after "junit="$/],
  ])('refuses %j in one line', (spec, message) => {
    expect(() => parseReportSpec(spec)).toThrow(UserError);
    expect(() => parseReportSpec(spec)).toThrow(message);
  });
});

type Options = { cwd: string; env: Record<string, string> };

/** What a command does: finds where each report lands, then writes them; what went to stdout and stderr kept. */
async function writeCaptured(report: CheckReport, specs: ReportSpec[], options: Options) {
  const out = { stdout: '', stderr: '' };
  const streams = {
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
  };
  const written = await writeTargets(report, await reportTargets(specs, options.cwd), { ...options, streams });
  return { written, ...out };
}

const writeReports = async (report: CheckReport, specs: ReportSpec[], options: Options) =>
  (await writeCaptured(report, specs, options)).written;

describe('writeReports', () => {
  it('writes each report, making its directories, and appends the markdown to the step summary each time', async () => {
    const dir = await tempDir();
    const stepSummary = join(dir, 'step-summary.md');
    await writeFile(stepSummary, 'from an earlier step\n');
    const specs = ['junit=out/nested/report.xml', 'json=report.json', 'markdown=md/summary.md'].map(parseReportSpec);
    const options = { cwd: dir, env: { GITHUB_STEP_SUMMARY: stepSummary } };

    const written = await writeReports(report(), specs, options);
    expect(written).toEqual([
      join(dir, 'out/nested/report.xml'),
      join(dir, 'report.json'),
      join(dir, 'md/summary.md'),
      stepSummary,
    ]);
    expect(XMLValidator.validate(await readFile(join(dir, 'out/nested/report.xml'), 'utf8'))).toBe(true);
    expect(JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'))).toEqual(jsonReport(report()));
    expect(await readFile(join(dir, 'md/summary.md'), 'utf8')).toBe(markdownReport(report()));

    await writeReports(reportOf([PASS], false, 5), specs, options);
    const summary = await readFile(stepSummary, 'utf8');
    expect(summary.startsWith('from an earlier step\n\n## addon check\n')).toBe(true);
    expect(summary.match(/^## addon check$/gm)).toHaveLength(2);
    expect(summary).toContain('1 passed, **1 failed**, 1 warning, 1 skipped');
    expect(summary).toContain('1 passed, 0 failed, 0 warnings, 0 skipped');
    expect(JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')).checks).toHaveLength(1);
  });

  it('writes no step summary without GITHUB_STEP_SUMMARY', async () => {
    const dir = await tempDir();
    expect(await writeReports(report(), [parseReportSpec('json=r.json')], { cwd: dir, env: {} })).toEqual([
      join(dir, 'r.json'),
    ]);
  });

  it('writes a report whole through a link to a file, which stays a link', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'target.json'), 'old');
    await symlink('target.json', join(dir, 'link.json'));
    expect(await writeReports(report(), [parseReportSpec('json=link.json')], { cwd: dir, env: {} })).toEqual([
      join(dir, 'link.json'),
    ]);
    expect((await lstat(join(dir, 'link.json'))).isSymbolicLink()).toBe(true);
    expect(JSON.parse(await readFile(join(dir, 'target.json'), 'utf8'))).toEqual(jsonReport(report()));
  });

  it("writes to stdout for -, or any path that is the process's stdout, in turn with what it prints", async () => {
    const dir = await tempDir();
    await symlink('/dev/stdout', join(dir, 'out'));
    for (const file of ['-', 'out', '/dev/stdout']) {
      const { written, stdout } = await writeCaptured(report(), [parseReportSpec(`junit=${file}`)], {
        cwd: dir,
        env: {},
      });
      expect(written).toEqual(['stdout']);
      expect(stdout).toBe(junitReport(report()));
    }
    expect((await lstat(join(dir, 'out'))).isSymbolicLink()).toBe(true);
  });

  it('writes through a FIFO and a device, never renaming over them', async () => {
    const dir = await tempDir();
    const fifo = join(dir, 'pipe');
    await promisify(execFile)('mkfifo', [fifo]);
    const read = readFile(fifo, 'utf8');
    const specs = ['json=pipe', 'junit=/dev/null'].map(parseReportSpec);
    expect(await writeReports(report(), specs, { cwd: dir, env: {} })).toEqual([fifo, '/dev/null']);
    expect(JSON.parse(await read)).toEqual(jsonReport(report()));
    expect((await lstat(fifo)).isFIFO()).toBe(true);
    expect((await lstat('/dev/null')).isCharacterDevice()).toBe(true);
  });

  it('refuses two reports to stdout, however each names it', async () => {
    const dir = await tempDir();
    const twice = ['json=-', 'junit=/dev/stdout'].map(parseReportSpec);
    await expect(writeReports(report(), twice, { cwd: dir, env: {} })).rejects.toThrow(
      new UserError('--report: two reports would be written to stdout'),
    );
  });

  it('refuses two reports to one file, and names a file it cannot write', async () => {
    const dir = await tempDir();
    const twice = ['json=r.out', 'junit=./r.out'].map(parseReportSpec);
    await expect(writeReports(report(), twice, { cwd: dir, env: {} })).rejects.toThrow(
      `--report: two reports would be written to ${join(dir, 'r.out')}`,
    );
    await mkdir(join(dir, 'taken'));
    await expect(writeReports(report(), [parseReportSpec('json=taken')], { cwd: dir, env: {} })).rejects.toThrow(
      new UserError(`cannot write ${join(dir, 'taken')}: it is a directory (EISDIR)`),
    );
  });
});
