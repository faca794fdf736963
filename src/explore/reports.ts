import * as reportFiles from '../common/files/report-files.js';
import { fenceFor, inline, plain } from '../common/text/markdown-text.js';
import { xmlAttributes, xmlText } from '../common/text/xml-text.js';
import type { ExploreReport } from './explore.js';

/**
 * `addon explore --report FORMAT=FILE` (docs/explore.md#reports), as `addon check` writes its own
 * (common/files/report-files.ts): JUnit for a CI's test view, markdown for a pull request or the
 * job's step summary, JSON as `--json` prints it. None holds an id or a time, so a seed's reports
 * are the same file from run to run.
 */
export const EXPLORE_REPORT_FORMATS = ['junit', 'markdown', 'json'] as const;
export type ExploreReportFormat = (typeof EXPLORE_REPORT_FORMATS)[number];
export type ExploreReportSpec = reportFiles.ReportSpec<ExploreReportFormat>;

export const parseExploreReportSpec = (text: string): ExploreReportSpec =>
  reportFiles.parseReportSpec(text, EXPLORE_REPORT_FORMATS, 'junit=reports/addon-explore.xml');

const RENDER: Readonly<Record<ExploreReportFormat, (report: ExploreReport) => string>> = {
  junit: (report) => exploreJunit(report),
  markdown: (report) => exploreMarkdown(report),
  json: (report) => JSON.stringify(report, null, 2) + '\n',
};

/** Writes each report where it lands, and the markdown one to GitHub's step summary in Actions. */
export const writeExploreReports = (
  report: ExploreReport,
  targets: readonly reportFiles.ReportTarget<ExploreReportFormat>[],
  options: reportFiles.WriteReportsOptions,
): Promise<string[]> =>
  reportFiles.writeReportFiles(
    targets,
    (format) => RENDER[format](report),
    () => exploreMarkdown(report),
    options,
  );

/** What was explored, in one line: `40 of 40 sequences of 12 steps over invoice.paid, 93 requests, seed 7`. */
const ranLine = ({ runs, steps, events, requests, seed }: ExploreReport): string =>
  `${runs.done} of ${runs.asked} sequences of ${steps} steps over ${events.join(', ')}, ${requests} requests, seed ${seed}`;

/** The minimal sequence as lines: each step, then what the receivers answered in it. */
const storyLines = ({ finding }: ExploreReport): string[] =>
  finding
    ? finding.story.flatMap(({ step, answers }, i) => [`${i + 1}. ${step}`, ...answers.map((a) => `   ${a}`)])
    : [];

/** One test case per invariant judged; the one broken fails with its minimal sequence. */
export function exploreJunit(report: ExploreReport): string {
  const name = 'addon explore';
  const counts = xmlAttributes({
    tests: String(report.invariants.length),
    failures: report.finding ? '1' : '0',
    errors: '0',
    skipped: '0',
  });
  const cases = report.invariants.flatMap((invariant) => {
    const open = `    <testcase${xmlAttributes({ classname: name, name: invariant })}`;
    if (report.finding?.invariant !== invariant) return [`${open}/>`];
    const message = xmlAttributes({ message: report.finding.message, type: 'invariant' });
    const body = [...(report.finding.spec ? [`the spec: ${report.finding.spec}`] : []), ...storyLines(report)];
    return [`${open}>`, `      <failure${message}>${xmlText(body.join('\n'))}</failure>`, '    </testcase>'];
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${xmlAttributes({ name })}${counts}>`,
    `  <testsuite${xmlAttributes({ name })}${counts}>`,
    `    <properties><property${xmlAttributes({ name: 'ran', value: ranLine(report) })}/></properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** A heading, the verdict, and the minimal sequence of a finding in a code block it cannot close. */
export function exploreMarkdown(report: ExploreReport): string {
  const { finding } = report;
  const verdict = finding
    ? `❌ **${inline(finding.invariant)}**: ${inline(finding.message)}`
    : `✅ no invariant broken (${report.invariants.map((name) => inline(name)).join(', ')})`;
  const story = storyLines(report);
  const fence = fenceFor(story);
  return [
    '## addon explore',
    '',
    verdict,
    '',
    inline(ranLine(report)),
    ...(finding?.spec ? ['', `The spec: ${inline(finding.spec)}`] : []),
    ...(finding
      ? [
          '',
          `The smallest sequence that breaks it (${finding.replays} replays):`,
          '',
          fence,
          ...story.map(plain),
          fence,
        ]
      : []),
    '',
  ].join('\n');
}
