import * as reportFiles from '../../common/files/report-files.js';
import type { CheckReport } from '../check-result.js';
import { jsonReport } from './json.js';
import { junitReport } from './junit.js';
import { markdownReport } from './markdown.js';

export const REPORT_FORMATS = ['junit', 'markdown', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** One `addon check --report FORMAT=FILE`. */
export type ReportSpec = reportFiles.ReportSpec<ReportFormat>;
export type ReportTarget = reportFiles.ReportTarget<ReportFormat>;
export {
  BOTH_TO_STDOUT,
  reportTargets,
  reportsToStdout,
  type WriteReportsOptions,
} from '../../common/files/report-files.js';

/** Reads `junit=report.xml`; one line naming the formats when it is not of that form. */
export const parseReportSpec = (text: string): ReportSpec =>
  reportFiles.parseReportSpec(text, REPORT_FORMATS, 'junit=report.xml');

const RENDER: Readonly<Record<ReportFormat, (report: CheckReport) => string>> = {
  junit: (report) => junitReport(report),
  markdown: (report) => markdownReport(report),
  json: (report) => JSON.stringify(jsonReport(report), null, 2) + '\n',
};

/** Writes each report where it lands and the markdown one to GitHub's step summary (src/common/files/report-files.ts). */
export const writeReports = (
  report: CheckReport,
  targets: readonly ReportTarget[],
  options: reportFiles.WriteReportsOptions,
): Promise<string[]> =>
  reportFiles.writeReportFiles(
    targets,
    (format) => RENDER[format](report),
    () => markdownReport(report),
    options,
  );
