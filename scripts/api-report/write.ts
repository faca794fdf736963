// Writes the public API's reports (report.ts), from dist/'s .d.ts files, into docs/api/: run by hand,
// after `npm run build`, when an API change is meant (test/unit/api-report.test.ts fails until then).
// Not part of the build, which would rewrite the reports and so pass any change unseen.
//
//   node scripts/run-ts.js scripts/api-report/write.ts [package-root] [out-dir]
//
// package-root (default: here) is a built checkout, out-dir (default: its docs/api) where its
// reports go: comparing two versions of the API is writing both and diffing the folders.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeChanged } from '../write-changed.js';
import { apiReports, REPORT_DIR } from './report.js';

const [root = '.', out = join(root, REPORT_DIR)] = process.argv.slice(3);
const reports = await apiReports(root);
await writeChanged(out, Object.entries(reports));
// The report of an entry point that is gone goes with it.
for (const name of await readdir(out)) {
  if (!name.endsWith('.api.md') || name in reports) continue;
  await rm(join(out, name));
  console.log(`removed ${join(out, name)}`);
}
