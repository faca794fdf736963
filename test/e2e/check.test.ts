import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../src/check/reports/json.js';
import { cleanUp, cli, expectOneLine, freePort, ROOT, tempDir } from '../helpers.js';

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
  args?: string[];
  scopes?: string[];
  config?: Record<string, unknown>;
}

/** Runs `addon check --json` on the fixture; resolves with the report and each result's status by id. */
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
  const result = await cli(['check', '--json', '--backend-url', `${base}/api/whoami`, ...args], {
    cwd,
    env: { PORT: String(port), FLAWS: flaws.join(','), APP_ID },
  });
  expect(result.stderr, result.stdout).not.toMatch(/bug in addon-devkit/);
  const report = JSON.parse(result.stdout) as JsonReport;
  const status = (id: string, subject?: string) =>
    report.checks.filter((c) => c.id === id && (subject === undefined || c.subject === subject)).map((c) => c.status);
  return { result, report, status, cwd };
}

describe('addon check: a well-behaved add-on, whole', () => {
  it('passes every check it can run, and fails none, with each fix pointing at its section of the docs', async () => {
    // Exactly the scopes it uses: the page reads customers, the receiver writes storage.
    const { report, result } = await check({ scopes: ['customers.read', 'invoices.read', 'storage.write'] });
    const notPassing = report.checks.filter((c) => c.status !== 'pass').map((c) => `${c.id}: ${c.status}`);
    // The receiver is on http:, which the platform would refuse: a parity warning, not a failure.
    expect(notPassing).toEqual(['parity.warnings: warn']);
    expect(report.checks.find((c) => c.id === 'parity.warnings')!.fix).toMatch(/\(docs\/check\.md#paritywarnings\)$/);
    expect(result.exitCode).toBe(0);
    const strict = await check({ args: ['--strict', '--only', 'parity'] });
    expect(strict.result.exitCode).toBe(1);
  });
});

describe('addon check: the webhook receiver', () => {
  it('passes a receiver that verifies the raw bytes, refuses forgeries and deduplicates', async () => {
    const { status, result } = await check({ args: ['--only', 'webhook'] });
    for (const id of [
      'webhook.valid-delivery',
      'webhook.wrong-signature',
      'webhook.missing-signature',
      'webhook.altered-body',
      'webhook.raw-bytes',
      'webhook.unknown-fields',
      'webhook.duplicate',
      'webhook.concurrent',
    ])
      expect(status(id), id).toEqual(['pass']);
    expect(result.exitCode).toBe(0);
  });

  it('fails a receiver that skips the signature, double-applies, refuses unknown fields and cannot take ten at once', async () => {
    const { status, result, report } = await check({
      flaws: ['no-signature-check', 'double-apply', 'strict-data', 'one-at-a-time'],
      args: ['--only', 'webhook'],
    });
    for (const id of [
      'webhook.wrong-signature',
      'webhook.missing-signature',
      'webhook.altered-body',
      'webhook.unknown-fields',
      'webhook.duplicate',
      'webhook.concurrent',
    ])
      expect(status(id), id).toEqual(['fail']);
    expect(result.exitCode).toBe(1);
    const forged = report.checks.find((c) => c.id === 'webhook.wrong-signature')!;
    expect(forged.evidence.join('\n')).toMatch(/answered 2\d\d/);
    expect(forged.fix).toMatch(/X-Service-Signature/);
  });

  it('fails a receiver that verifies a re-serialisation instead of the bytes it received', async () => {
    const { status } = await check({ flaws: ['reserialise'], args: ['--only', 'webhook'] });
    expect(status('webhook.raw-bytes')).toEqual(['fail']);
    expect(status('webhook.valid-delivery')).toEqual(['pass']);
    expect(status('webhook.wrong-signature')).toEqual(['pass']);
  });

  it('fails a receiver slower than the time a delivery has, and skips the rest, saying why', async () => {
    const { status, report } = await check({
      flaws: ['slow-receiver'],
      args: ['--only', 'webhook', '--webhook-timeout', '1s'],
    });
    expect(status('webhook.valid-delivery')).toEqual(['fail']);
    const skipped = report.checks.filter((c) => c.status === 'skip');
    expect(skipped.map((c) => c.id)).toContain('webhook.wrong-signature');
    expect(skipped[0]!.evidence[0]).toMatch(/did not answer the genuine delivery/);
  });
});

describe('addon check: the backend', () => {
  it('passes a backend that verifies tokens, and fails one that accepts any', async () => {
    const good = await check({ args: ['--only', 'backend'] });
    const ids = good.report.checks.map((c) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining(['backend.valid-token', 'backend.alg-none-token', 'backend.other-app-token']),
    );
    expect(good.report.checks.filter((c) => c.status !== 'pass')).toEqual([]);

    const lax = await check({ flaws: ['accept-any-token'], args: ['--only', 'backend'] });
    for (const variant of ['expired', 'tampered', 'foreign-key', 'alg-none', 'wrong-type'])
      expect(lax.status(`backend.${variant}-token`), variant).toEqual(['fail']);
    expect(lax.status('backend.other-app-token')).toEqual(['fail']);
    expect(lax.status('backend.no-token')).toEqual(['pass']);

    const open = await check({ flaws: ['no-auth'], args: ['--only', 'backend'] });
    expect(open.report.checks.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual(['backend.no-token']);
    const closed = await check({ flaws: ['refuse-all'], args: ['--only', 'backend.valid-token'] });
    expect(closed.status('backend.valid-token')).toEqual(['fail']);

    const algNone = await check({ flaws: ['accept-alg-none'], args: ['--only', 'backend'] });
    expect(algNone.report.checks.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual([
      'backend.alg-none-token',
    ]);
  });
});

describe("addon check: the add-on's page in the host", () => {
  it('passes a page that behaves, with the time to service:ready in the evidence', async () => {
    const { status, report } = await check({ args: ['--only', 'page'] });
    for (const id of [
      'page.ready',
      'page.errors',
      'page.target-origin',
      'page.accessibility',
      'page.server-error',
      'page.rate-limit',
      'page.expired-session',
    ])
      expect(status(id), id).toEqual(['pass']);
    expect(report.checks.find((c) => c.id === 'page.ready')!.evidence[0]).toMatch(/service:ready \d+ ms after/);
  });

  it('catches a page that posts to *, throws, hammers a failing API and has inaccessible parts', async () => {
    const { status, report } = await check({
      flaws: ['post-to-star', 'throw-on-load', 'hammer-retries', 'a11y'],
      args: ['--only', 'page'],
    });
    expect(status('page.target-origin')).toEqual(['warn']);
    expect(status('page.errors')).toEqual(['fail']);
    expect(status('page.server-error')).toEqual(['fail']);
    expect(status('page.rate-limit')).toEqual(['fail']);
    const axe = report.checks.filter((c) => c.id === 'page.accessibility');
    expect(axe.every((c) => c.status === 'warn')).toBe(true);
    expect(axe.map((c) => c.subject)).toEqual(expect.arrayContaining(['image-alt', 'color-contrast']));
  });

  it('catches a page that never says it is ready, and one that storms on 401', async () => {
    const { status } = await check({ flaws: ['no-ready', 'storm-401'], args: ['--only', 'page'] });
    expect(status('page.ready')).toEqual(['fail']);
    expect(status('page.expired-session')).toEqual(['fail']);
  });
});

describe('addon check: scopes, parity, configuration', () => {
  it('fails a call refused for a missing scope, warns of a scope never used, and warns of parity', async () => {
    const { status, report, result } = await check({
      scopes: ['invoices.read', 'storage.*', 'expenses.read'],
      args: ['--only', 'page,scopes,parity'],
    });
    expect(status('scopes.refused')).toEqual(['fail']);
    expect(status('scopes.unused')).toEqual(['warn']);
    // The receiver's http: URL, which the platform would refuse.
    expect(status('parity.warnings')).toEqual(['warn']);
    expect(report.checks.find((c) => c.id === 'parity.warnings')!.evidence.join('\n')).toMatch(/http-webhook-url/);
    expect(report.checks.find((c) => c.id === 'scopes.unused')!.evidence.join('\n')).toMatch(/expenses\.read/);
    expect(result.exitCode).toBe(1);
  });

  it('fails a broken config file and a subscription the platform refuses, and still runs the rest', async () => {
    const broken = await check({ config: { colour: 'blue' }, args: ['--only', 'config'] });
    expect(broken.status('config.valid')).toEqual(['fail']);
    expect(broken.report.checks.find((c) => c.id === 'config.valid')!.evidence[0]).toMatch(/colour/);

    const unknown = await check({
      config: { webhooks: [{ event: 'invoice.teleported', url: 'http://127.0.0.1:9/webhooks' }] },
      args: ['--only', 'config'],
    });
    expect(unknown.status('config.subscriptions')).toEqual(['fail']);
    expect(unknown.status('config.valid')).toEqual(['pass']);
  });

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

  it('says a usage mistake in one line, exit 2', async () => {
    expectOneLine(await cli(['check', '--only', 'webhook.teleport']), /no check or group "webhook\.teleport"/, 2);
    expectOneLine(await cli(['check', '--webhook', 'no-equals-sign']), /EVENT=URL/, 2);
    expectOneLine(await cli(['check', '--report', 'pdf=out.pdf']), /junit/, 2);
  });
});
