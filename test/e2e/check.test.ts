import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/check/check-list.js';
import type { CheckStatus } from '../../src/check/check-result.js';
import type { JsonReport } from '../../src/check/reports/json.js';
import { cleanUp, cli, expectOneLine, freePort, ROOT, startReceiver, tempDir } from '../helpers.js';

/**
 * `addon check` through the real CLI, against test/fixtures/checked-addon: a page, a receiver and a
 * backend started by the check itself (addon.config.json's `dev`), well behaved unless `FLAWS` names
 * what to get wrong. Each check is shown failing on the flaw it exists to catch, and passing without.
 */
afterEach(cleanUp);

const SERVER = join(ROOT, 'test', 'fixtures', 'checked-addon', 'server.js');
const APP_ID = 'com.example.checked';

interface Run {
  flaws?: string[];
  /** Flags after `check --json --backend-url <fixture>/api/whoami`; a function gets the fixture's URL. */
  args?: string[] | ((base: string) => string[]);
  scopes?: string[];
  config?: Record<string, unknown>;
}

/**
 * The peak resident memory of a running process in MB, as Linux keeps it (VmHWM, its high-water
 * mark), read until `stop()`: of the CLI's own process, not of the Chromium or the add-on it starts.
 */
function peakMemory(pid: number): { stop(): number } {
  let peak = 0;
  const read = () => {
    try {
      const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      peak = Math.max(peak, Number(kb ?? 0) / 1024);
    } catch {
      // Gone: its last reading stands.
    }
  };
  const timer = setInterval(read, 50);
  read();
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * Runs `addon check --json` on the fixture; resolves with the report, each result's status by id,
 * and how long the CLI took and its peak memory.
 */
async function check({
  flaws = [],
  args = [],
  scopes = ['customers.read', 'invoices.read', 'storage.*'],
  config = {},
}: Run = {}) {
  const cwd = await tempDir();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  await writeFile(
    join(cwd, 'addon.config.json'),
    JSON.stringify({
      appId: APP_ID,
      url: `${base}/`,
      scopes,
      dev: `node ${JSON.stringify(SERVER)}`,
      webhooks: [{ event: 'invoice.paid', url: `${base}/webhooks` }],
      ...config,
    }),
  );
  const flags = typeof args === 'function' ? args(base) : args;
  const started = performance.now();
  const running = cli(['check', '--json', '--backend-url', `${base}/api/whoami`, ...flags], {
    cwd,
    env: { PORT: String(port), FLAWS: flaws.join(','), APP_ID },
  });
  const memory = peakMemory(running.pid!);
  const result = await running;
  const [durationMs, peakMb] = [performance.now() - started, memory.stop()];
  expect(result.timedOut, 'addon check did not end within the 55 s cli() gives it').toBe(false);
  expect(result.stderr, result.stdout).not.toMatch(/bug in addon-devkit/);
  const report = JSON.parse(result.stdout) as JsonReport;
  const status = (id: string, subject?: string) =>
    report.checks.filter((c) => c.id === id && (subject === undefined || c.subject === subject)).map((c) => c.status);
  return { result, report, status, cwd, durationMs, peakMb };
}

/** A receiver on http: that is not on this machine: a URL the add-on could give the platform, which refuses it. */
const ELSEWHERE = { webhooks: [{ event: 'invoice.paid', url: 'http://receiver.example.com/webhooks' }] };

/**
 * The runs the cases below read, each made once, on first use, and shared: a well-behaved add-on
 * whole; and flawed ones, each with the flaws of one part and `--only` that part.
 */
const RUNS = {
  good: { scopes: ['customers.read', 'invoices.read', 'storage.write'] },
  forgetful: {
    flaws: ['no-signature-check', 'double-apply', 'strict-data', 'one-at-a-time'],
    args: ['--only', 'webhook'],
  },
  reserialising: { flaws: ['reserialise'], args: ['--only', 'webhook'] },
  slow: { flaws: ['slow-receiver'], args: ['--only', 'webhook', '--webhook-timeout', '1s'] },
  careless: { flaws: ['post-to-star', 'throw-on-load', 'hammer-retries', 'a11y'], args: ['--only', 'page'] },
  silent: { flaws: ['no-ready', 'storm-401'], args: ['--only', 'page'] },
  // The page alone, well behaved: how long a page run takes, for those that must not take longer.
  paged: { args: ['--only', 'page'] },
  bloated: { flaws: ['huge-notify'], args: ['--only', 'page'] },
  bloated8mb: { flaws: ['huge-notify-8mb'], args: ['--only', 'page'] },
  flooding: { flaws: ['flood'], args: ['--only', 'page'] },
  leaky: {
    flaws: ['store-token', 'show-token', 'log-token', 'leak-referer', 'send-token', 'token-in-url', 'lax-session'],
    args: ['--only', 'page'],
  },
  lax: { flaws: ['accept-any-token'], args: ['--only', 'backend'] },
  open: { flaws: ['no-auth'], args: ['--only', 'backend'] },
  closed: { flaws: ['refuse-all'], args: ['--only', 'backend'] },
  misscoped: { scopes: ['invoices.read', 'storage.*', 'expenses.read'], args: ['--only', 'page,scopes'] },
  // Subscribed only: no check of the webhook group delivers to it.
  insecure: { config: ELSEWHERE, args: ['--only', 'parity'] },
  misconfigured: { config: { colour: 'blue' }, args: ['--only', 'config'] },
  // A valid file (an unknown event would be refused by its schema first): the grant lacks invoices.read.
  unsubscribable: {
    config: { scopes: ['customers.read'], webhooks: [{ event: 'invoice.paid', url: 'http://127.0.0.1:9/webhooks' }] },
    args: ['--only', 'config'],
  },
} satisfies Record<string, Run>;
type RunName = keyof typeof RUNS;

const made = new Map<RunName, ReturnType<typeof check>>();
const ran = (name: RunName) => made.get(name) ?? made.set(name, check(RUNS[name])).get(name)!;

/** For every check: the run whose flaw it exists to catch, and what it says there. */
const CAUGHT: Record<string, [RunName, CheckStatus]> = {
  'config.valid': ['misconfigured', 'fail'],
  'config.subscriptions': ['unsubscribable', 'fail'],
  'webhook.valid-delivery': ['slow', 'fail'],
  'webhook.duplicate': ['forgetful', 'fail'],
  'webhook.wrong-signature': ['forgetful', 'fail'],
  'webhook.missing-signature': ['forgetful', 'fail'],
  'webhook.altered-body': ['forgetful', 'fail'],
  'webhook.raw-bytes': ['reserialising', 'fail'],
  'webhook.unknown-fields': ['forgetful', 'fail'],
  'webhook.concurrent': ['forgetful', 'fail'],
  'page.ready': ['silent', 'fail'],
  'page.errors': ['careless', 'fail'],
  'page.target-origin': ['careless', 'warn'],
  'page.bridge-limits': ['flooding', 'fail'],
  'page.accessibility': ['careless', 'warn'],
  'page.server-error': ['careless', 'fail'],
  'page.rate-limit': ['careless', 'fail'],
  'page.expired-session': ['silent', 'fail'],
  'page.third-party-context': ['leaky', 'fail'],
  'page.token-stored': ['leaky', 'fail'],
  'page.token-shown': ['leaky', 'fail'],
  'page.token-sent': ['leaky', 'fail'],
  'page.token-in-url': ['leaky', 'fail'],
  'backend.valid-token': ['closed', 'fail'],
  'backend.no-token': ['open', 'fail'],
  'backend.expired-token': ['lax', 'fail'],
  'backend.tampered-token': ['lax', 'fail'],
  'backend.foreign-key-token': ['lax', 'fail'],
  'backend.alg-none-token': ['lax', 'fail'],
  'backend.wrong-type-token': ['lax', 'fail'],
  'backend.other-app-token': ['lax', 'fail'],
  'scopes.refused': ['misscoped', 'fail'],
  'scopes.unused': ['misscoped', 'warn'],
  'parity.warnings': ['insecure', 'warn'],
};

describe('addon check: every check can fail', () => {
  it('has a flawed run for every check', () => {
    expect(Object.keys(CAUGHT)).toEqual(CHECKS.map(({ id }) => id));
  });

  it.each(Object.entries(CAUGHT))('%s catches its flaw', async (id, [name, expected]) => {
    const { status, result } = await ran(name);
    expect(status(id), `${id} in the ${name} run`).not.toHaveLength(0);
    expect(new Set(status(id)), `${id} in the ${name} run`).toEqual(new Set([expected]));
    if (expected === 'fail') expect(result.exitCode).toBe(1);
  });
});

describe('addon check: every check can pass', () => {
  it.each(CHECKS.map(({ id }) => id))('%s passes on a well-behaved add-on', async (id) => {
    const { status } = await ran('good');
    expect(status(id)).toEqual(['pass']);
  });

  it('exits 0 with no warning on the well-behaved add-on, whose receiver on this machine is on http: as a local one is', async () => {
    const { report, result } = await ran('good');
    expect(report.checks.filter((c) => c.status !== 'pass').map((c) => `${c.id}: ${c.status}`)).toEqual([]);
    expect(result.exitCode).toBe(0);
    // Not a warning, but not forgotten: the platform wants the production receiver on HTTPS.
    expect(report.checks.find((c) => c.id === 'parity.warnings')!.evidence).toEqual([
      'no parity warning',
      expect.stringMatching(
        /^http:\/\/127\.0\.0\.1:\d+\/webhooks is a receiver on this machine, .*subscribe an https: URL in production$/,
      ),
    ]);
  });

  it('warns of a receiver on http: elsewhere, as the platform refuses it, and fails it under --strict', async () => {
    const { report, result } = await ran('insecure');
    expect(report.checks.find((c) => c.id === 'parity.warnings')!.evidence).toEqual([
      expect.stringMatching(/^http-webhook-url: .*\(http:\/\/receiver\.example\.com\/webhooks\)/),
    ]);
    expect(result.exitCode).toBe(0);
    const strict = await check({ config: ELSEWHERE, args: ['--strict', '--only', 'parity'] });
    expect(strict.result.exitCode).toBe(1);
  });
});

describe('addon check: the evidence', () => {
  it('says what came back, with a fix that points at its section of the docs', async () => {
    const forged = (await ran('forgetful')).report.checks.find((c) => c.id === 'webhook.wrong-signature')!;
    expect(forged.evidence.join('\n')).toMatch(/answered 2\d\d/);
    expect(forged.fix).toMatch(/X-Service-Signature.*\(docs\/check\.md#webhookwrong-signature\)$/);
    const ready = (await ran('good')).report.checks.find((c) => c.id === 'page.ready')!;
    expect(ready.evidence[0]).toMatch(/service:ready \d+ ms after/);
    const duplicate = (await ran('forgetful')).report.checks.find((c) => c.id === 'webhook.duplicate')!;
    expect(duplicate.evidence.join('\n')).toMatch(/first delivery 1, the repeat 1/);
    const axe = (await ran('careless')).report.checks.filter((c) => c.id === 'page.accessibility');
    expect(axe.map((c) => c.subject)).toEqual(expect.arrayContaining(['image-alt', 'color-contrast']));
    expect((await ran('misscoped')).report.checks.find((c) => c.id === 'scopes.unused')!.evidence.join('\n')).toMatch(
      /expenses\.read/,
    );
    expect((await ran('misconfigured')).report.checks.find((c) => c.id === 'config.valid')!.evidence[0]).toMatch(
      /colour/,
    );
  });

  it('skips the rest of a receiver that never answered, saying why', async () => {
    const skipped = (await ran('slow')).report.checks.filter((c) => c.status === 'skip');
    expect(skipped.map((c) => c.id)).toContain('webhook.wrong-signature');
    expect(skipped[0]!.evidence[0]).toMatch(/did not answer the genuine delivery/);
  });
});

describe('addon check: a page cannot freeze the judge', () => {
  // A page posting one word of 4 or 8 MiB, or 20,000 messages in a loop (the fixture's flaws), against
  // the same page run without them; each test waits for both runs, hence its longer timeout. The
  // memory is the CLI's process's: Chromium's are its own.
  it.each([
    [
      'bloated',
      /^service:notify of 4,194,\d{3} characters or more is over the bridge's size limit of 65,536 characters of JSON$/m,
    ],
    ['bloated8mb', /^service:notify of 8,388,\d{3} characters or more is over the bridge's size limit/m],
    [
      'flooding',
      /^20,001 message\(s\) to the host in [\d.]+ m?s: service:notify 20,000, service:ready 1\na flood: (the host dropped [\d,]+ of them over the bridge's rate \(100 a second, in bursts of up to 200\)|the bridge's rate \(100 a second, in bursts of up to 200\) admits [\d,]+ in that time)$/m,
    ],
  ] as const)(
    '%s: ends within the usual page run plus a few seconds, in under 300 MB, and page.bridge-limits says why',
    async (name, words) => {
      const usual = await ran('paged');
      const run = await ran(name);
      // A few seconds more than the usual run, or half as long again on a machine busy enough to slow both.
      const bound = Math.max(usual.durationMs + 10_000, usual.durationMs * 1.5);
      expect(run.durationMs, `${name} against the usual ${Math.round(usual.durationMs)} ms`).toBeLessThanOrEqual(bound);
      expect(run.peakMb).toBeGreaterThan(0);
      expect(run.peakMb).toBeLessThan(300);
      const found = run.report.checks.find((c) => c.id === 'page.bridge-limits')!;
      expect(found.status).toBe('fail');
      expect(found.evidence.join('\n')).toMatch(words);
    },
    120_000,
  );
});

describe('addon check: the command', () => {
  it('passes the demo add-on with no config at all, and writes a JUnit file a parser reads', async () => {
    const cwd = await tempDir();
    const result = await cli(['check', '--report', 'junit=out/check.xml', '--report', 'markdown=out/check.md'], {
      cwd,
    });
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/✓ page\.ready/);
    expect(result.stdout).toMatch(/✓ parity\.warnings/);
    expect(result.stdout).toMatch(/\d+ passed, 0 failed/);
    const xml = await readFile(join(cwd, 'out', 'check.xml'), 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml);
    const cases = [parsed.testsuites.testsuite.testcase].flat();
    expect(cases.length).toBeGreaterThan(20);
    expect(await readFile(join(cwd, 'out', 'check.md'), 'utf8')).toMatch(/^## addon check/m);
  });

  it("judges the receivers named by --webhook in place of the config's", async () => {
    const { report } = await check({
      config: { webhooks: [{ event: 'invoice.paid', url: 'http://127.0.0.1:9/nothing-listens' }] },
      args: (base) => [
        '--webhook',
        `invoice.paid=${base}/webhooks`,
        '--only',
        'config.subscriptions,webhook.valid-delivery',
      ],
    });
    expect(report.checks.map((c) => [c.id, c.status, c.subject])).toEqual([
      ['config.subscriptions', 'pass', undefined],
      [
        'webhook.valid-delivery',
        'pass',
        expect.stringMatching(/^invoice\.paid → http:\/\/127\.0\.0\.1:\d+\/webhooks$/),
      ],
    ]);
  });

  it("refuses in one line to start the add-on's dev server where something already answers", async () => {
    const busy = await startReceiver();
    const cwd = await tempDir();
    await writeFile(
      join(cwd, 'addon.config.json'),
      JSON.stringify({ appId: APP_ID, url: busy.url, dev: `node ${JSON.stringify(SERVER)}` }),
    );
    expectOneLine(await cli(['check'], { cwd }), /already answers before .* ran: stop what serves it/);
  });

  it('says a usage mistake in one line, exit 2', async () => {
    expectOneLine(
      await cli(['check', '--only', 'webhook.teleport']),
      /--only takes check ids or groups.*\(got "webhook\.teleport"\)/,
      2,
    );
    expectOneLine(await cli(['check', '--webhook', 'no-equals-sign']), /EVENT=URL/, 2);
    expectOneLine(await cli(['check', '--report', 'pdf=out.pdf']), /junit/, 2);
  });
});

describe('addon check: stopped', () => {
  it("Ctrl-C stops the add-on's dev server it started before it ends, and says so: exit 130", async () => {
    const cwd = await tempDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const config = {
      appId: APP_ID,
      url: `${base}/`,
      scopes: ['customers.read'],
      dev: `node ${JSON.stringify(SERVER)}`,
    };
    await writeFile(join(cwd, 'addon.config.json'), JSON.stringify(config));
    const running = cli(['check', '--only', 'page'], { cwd, env: { PORT: String(port), APP_ID } });
    // Stopped once the add-on's dev server has said it listens (check prints its lines as [addon] …).
    let stderr = '';
    await new Promise<void>((resolve) =>
      running.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (stderr.includes('[addon] checked-addon on')) resolve();
      }),
    );
    running.kill('SIGINT');
    const result = await running;
    expect(result.exitCode, result.stderr).toBe(130);
    expect(result.stderr.trim().split('\n').at(-1)).toBe('addon: addon check was stopped (SIGINT)');
    // Its process group of its own was stopped before the command ended: nothing answers there.
    await expect(fetch(base)).rejects.toThrow();
  });
});
