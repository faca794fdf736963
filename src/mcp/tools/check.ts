import { z } from 'zod';
import { CHECKS, CHECK_GROUPS } from '../../check/check-list.js';
import { jsonReport } from '../../check/reports/json.js';
import { checkProject } from '../../cli/check-project.js';
import { printlnStderr } from '../../cli/output.js';
import { defineTool } from './tool.js';

const IDS = [...CHECK_GROUPS, ...CHECKS.map(({ id }) => id)] as [string, ...string[]];

/** `addon check`, its JSON report. */
export const CHECK_TOOL = defineTool({
  name: 'check',
  title: 'Judge the add-on (addon check)',
  description:
    "Run addon check on the project (docs/check.md): on a fresh emulator of its own, with addon.config.json's settings (and its dev command, if any), judge the add-on's webhook receivers (signature, raw bytes, duplicates, retries), its page in the host (service:ready, calm on a 500, a 429 or an expired session, accessibility), its backend's token checks, its scopes and parity warnings. Answers the JSON report of addon check --json: each check passed, failed, warned or skipped, with evidence and a fix. Changes nothing in the emulator the other tools drive. Takes tens of seconds.",
  changes: false,
  input: () => ({
    only: z
      .array(z.enum(IDS))
      .optional()
      .describe('only these check ids or groups: config, webhook, page, backend, scopes, parity'),
    strict: z.boolean().optional().describe('warnings fail the run too'),
  }),
  async run({ only, strict }, { cwd, progress, signal }) {
    const report = await checkProject(
      cwd,
      { only, strict },
      {
        onAddonLine: (line) => printlnStderr(`[addon] ${line}`),
        onProgress: (done, total) => progress(done, total, `${done} of ${total} checks done`),
        // The server stopping (or the client cancelling) stops the add-on's dev server the run started.
        signal,
      },
    );
    return { result: jsonReport(report) };
  },
});
