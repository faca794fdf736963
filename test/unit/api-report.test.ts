import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiReports, entryPoints, REPORT_DIR, WRITE_COMMAND } from '../../scripts/api-report/report.js';
import { ROOT } from '../helpers.js';

/**
 * The public API as dist/'s .d.ts files declare it (`pretest` builds them), against the reports
 * committed in docs/api/: a change to what an entry point exports, or to any declaration it reaches,
 * fails here until the reports are remade on purpose (scripts/api-report/write.ts).
 */
let reports: Record<string, string>;
beforeAll(async () => {
  reports = await apiReports(ROOT);
});

const packageJson = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));

describe('the API reports (docs/api/)', () => {
  it('are what dist/ declares now, entry point by entry point', async () => {
    for (const entry of entryPoints(packageJson)) {
      const name = `${entry.name}.api.md`;
      const committed = await readFile(join(ROOT, REPORT_DIR, name), 'utf8').catch(() => '(no report)');
      const meant = `if the change is meant, run \`${WRITE_COMMAND}\` and commit the report`;
      expect(reports[name], `the API of ${entry.specifier} differs from ${REPORT_DIR}/${name}: ${meant}`).toBe(
        committed,
      );
    }
    const files = (await readdir(join(ROOT, REPORT_DIR))).filter((name) => name.endsWith('.api.md'));
    expect(
      files.sort(),
      `${REPORT_DIR} holds the report of an entry point that is gone: run \`${WRITE_COMMAND}\``,
    ).toEqual(Object.keys(reports).sort());
  });

  it('follow re-exports to their declarations, whichever file of the package holds them', () => {
    expect(reports['index.api.md']).toContain(
      'export function createEmulator(options?: EmulatorOptions): Promise<Emulator>;',
    );
    // `export * as schema from ...` and `export * from ...`
    expect(reports['index.api.md']).toMatch(/^declare namespace schema \{$/m);
    expect(reports['sdk.api.md']).toMatch(/^export const RESOURCE_NAMES: /m);
    for (const text of Object.values(reports)) expect(text).not.toMatch(/from '\.|import\("\.|dist\//);
  });
});
