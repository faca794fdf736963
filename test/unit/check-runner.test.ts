import { describe, expect, it } from 'vitest';
import { CHECKS, idsOf } from '../../src/check/check-list.js';
import { runChecks, selects } from '../../src/check/run-checks.js';

describe("addon check's runner", () => {
  it('selects by id or by group', () => {
    expect(selects(undefined, 'page.ready')).toBe(true);
    expect(selects(['page'], 'page.ready')).toBe(true);
    expect(selects(['webhook.duplicate'], 'webhook.duplicate')).toBe(true);
    expect(selects(['webhook.duplicate'], 'webhook.concurrent')).toBe(false);
    expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
  });

  it('skips the page checks, saying why, when the browser will not start, and runs the rest', async () => {
    const report = await runChecks({
      emulator: {},
      config: { found: false, error: null },
      webhooks: [],
      cwd: process.cwd(),
      only: ['page', 'scopes'],
      page: { browser: { executablePath: '/nonexistent/chromium' } },
    });
    const page = report.checks.filter((c) => c.id.startsWith('page.'));
    expect(page.map((c) => c.id)).toEqual(idsOf('page'));
    expect(page.every((c) => c.status === 'skip' && /no browser to open the host page/.test(c.evidence[0]!))).toBe(
      true,
    );
    expect(report.checks.map((c) => c.id)).toEqual([...idsOf('page'), ...idsOf('scopes')]);
    expect(report.exitCode).toBe(0);
  });
});
