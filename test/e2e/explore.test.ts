// `addon explore` through the real CLI, as a user runs it: a finding told step by step with its seed,
// the JSON report, and bad input in one line (docs/explore.md).
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { XMLValidator } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, cli, expectOneLine, freePort, ROOT, tempDir } from '../helpers.js';
import { EXPLORED_APP_ID, startReceiver, type FixtureReceiver } from '../fixtures/explore-receivers.js';
import { startBackend } from '../fixtures/explore-backends.js';

const open: FixtureReceiver[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((receiver) => receiver.close()));
  await cleanUp();
});

const INVARIANTS = `export default {
  async 'one payment per invoice'({ backend, delivered, atMostOnePer }) {
    return atMostOnePer(await backend('/api/payments'), 'invoiceId', delivered('invoiceId', 'invoice.paid'));
  },
};
`;

/** A project folder whose addon.config.json points at a fixture receiver, with an invariants module. */
async function project(flaw: 'pays-twice' | null, invariants = INVARIANTS) {
  const receiver = await startReceiver(flaw);
  open.push(receiver);
  const cwd = await tempDir();
  await writeFile(join(cwd, 'addon.invariants.mjs'), invariants);
  const webhooks = ['invoice.created', 'invoice.paid'].map((event) => ({ event, url: `${receiver.url}/webhooks` }));
  const config = {
    appId: EXPLORED_APP_ID,
    webhooks,
    check: { backendUrl: receiver.url },
    explore: { invariants: 'addon.invariants.mjs' },
  };
  await writeFile(join(cwd, 'addon.config.json'), JSON.stringify(config));
  return cwd;
}

describe('addon explore', () => {
  it('tells a finding step by step with its seed, and exits 1', { timeout: 60_000 }, async () => {
    const result = await cli(['explore', '--seed', '3', '--runs', '20', '--steps', '10'], {
      cwd: await project('pays-twice'),
    });
    expect(result.exitCode, result.stderr).toBe(1);
    expect(result.stderr.trim()).toBe('addon explore: seed 3 (--seed 3 repeats this run)');
    expect(result.stdout).toMatch(/^✗ one payment per invoice: 2 rows share one invoiceId$/m);
    expect(result.stdout).toMatch(/^ {2}1\. invoice\.paid /m);
    expect(result.stdout).toContain('addon explore --seed 3 repeats it');
  });

  it(
    'writes its JUnit and markdown reports, and its markdown to the step summary in Actions',
    { timeout: 60_000 },
    async () => {
      const cwd = await project('pays-twice');
      await writeFile(join(cwd, 'summary.md'), '## an earlier step\n');
      const reports = ['--report', 'junit=reports/explore.xml', '--report', 'markdown=reports/explore.md'];
      const result = await cli(['explore', '--seed', '3', '--runs', '20', '--steps', '10', ...reports], {
        cwd,
        env: { GITHUB_STEP_SUMMARY: join(cwd, 'summary.md') },
      });
      expect(result.exitCode, result.stderr).toBe(1);
      const junit = await readFile(join(cwd, 'reports', 'explore.xml'), 'utf8');
      expect(XMLValidator.validate(junit)).toBe(true);
      expect(junit).toMatch(
        /<testcase classname="addon explore" name="one payment per invoice">\s*<failure message="2 rows share one invoiceId"/,
      );
      const markdown = await readFile(join(cwd, 'reports', 'explore.md'), 'utf8');
      expect(markdown).toContain('❌ **one payment per invoice**: 2 rows share one invoiceId');
      expect(await readFile(join(cwd, 'summary.md'), 'utf8')).toBe(`## an earlier step\n\n${markdown}`);
      expect(result.stderr).toContain(`wrote ${join(cwd, 'reports', 'explore.xml')}`);
    },
  );

  it('prints the same JSON report for the same seed, and exits 0 when nothing broke', { timeout: 60_000 }, async () => {
    const cwd = await project(null);
    const args = ['explore', '--seed', '11', '--runs', '5', '--steps', '8', '--json'];
    const [first, second] = [await cli([...args, '--coverage', 'cov'], { cwd }), await cli(args, { cwd })];
    expect(first.exitCode, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ seed: 11, runs: { asked: 5, done: 5 }, steps: 8, finding: null });
    expect(second.stdout).toBe(first.stdout);

    // What the exploration met of the platform, as addon coverage counts it.
    const [name, ...others] = await readdir(join(cwd, 'cov'));
    expect(others).toEqual([]);
    expect(name).toMatch(/^coverage-explore-\d+-[0-9a-f]{8}\.json$/);
    const file = JSON.parse(await readFile(join(cwd, 'cov', name!), 'utf8'));
    expect(file).toMatchObject({ source: 'addon explore', appId: EXPLORED_APP_ID });
    expect(file.hits.events['invoice.paid delivered']).toBeGreaterThan(0);
    expect(file.hits.events['invoice.paid answered 2xx']).toBeGreaterThan(0);
    expect(file.hits.operations['POST /events/subscribe']).toBeGreaterThan(0);
    const counted = await cli(['coverage', 'cov', '--json'], { cwd });
    expect(counted.exitCode, counted.stderr).toBe(0);
    expect(JSON.stringify(JSON.parse(counted.stdout))).toContain('invoice.paid answered 2xx');
  });

  it(
    'writes a finding as a vitest test, red against the bug and green once it is fixed',
    { timeout: 90_000 },
    async () => {
      const cwd = await project('pays-twice');
      const result = await cli(
        ['explore', '--seed', '3', '--runs', '20', '--steps', '10', '--write-test', 'test/explore'],
        {
          cwd,
        },
      );
      const written = join(cwd, 'test', 'explore', 'explore-seed-3.test.ts');
      const sequenceFile = join(cwd, 'test', 'explore', 'explore-seed-3.sequence.json');
      expect(result.stderr).toContain(`wrote ${sequenceFile}\n`);
      expect(result.stderr).toContain(`wrote ${written}`);
      // The sequence is data the test reads, in words too, to read or edit by hand.
      const found = JSON.parse(await readFile(sequenceFile, 'utf8'));
      expect(found).toMatchObject({ broke: 'one payment per invoice: 2 rows share one invoiceId' });
      expect(found.inWords).toHaveLength(found.sequence.length);
      expect(found.sequence.length).toBeLessThanOrEqual(3);
      // A project that runs it as the add-on's would: the kit and vitest installed.
      await mkdir(join(cwd, 'node_modules'));
      await symlink(ROOT, join(cwd, 'node_modules', 'addon-devkit'));
      await symlink(join(ROOT, 'node_modules', 'vitest'), join(cwd, 'node_modules', 'vitest'));
      const vitest = () =>
        execa('node', [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', cwd], {
          reject: false,
          cwd,
        });
      const red = await vitest();
      expect(red.exitCode, red.stdout).toBe(1);
      expect(red.stdout + red.stderr).toContain('one payment per invoice: 2 rows share one invoiceId');
      // The same receiver's address, now answered by the fixed twin.
      const flawed = open.pop()!;
      await flawed.close();
      open.push(await startReceiver(null, Number(new URL(flawed.url).port)));
      const green = await vitest();
      expect(green.exitCode, green.stdout).toBe(0);
    },
  );

  it(
    'calls the backend as its page does, on the port given, and tells what it did with a 429',
    { timeout: 60_000 },
    async () => {
      const port = await freePort();
      const backend = await startBackend('retries-before-retry-after', `http://127.0.0.1:${port}/api/addon/v1`);
      open.push({ url: backend.summaryUrl, close: backend.close });
      const args = ['explore', '--seed', '5', '--port', String(port), '--backend-url', backend.summaryUrl];
      const result = await cli(args, { cwd: await project(null, 'export default {};\n') });
      expect(result.exitCode, result.stderr).toBe(1);
      expect(result.stdout).toMatch(
        /^✗ retry-after-respected: the backend called GET \/invoices again before the Retry-After/m,
      );
      expect(result.stdout).toContain(
        [
          '  1. the page calls the backend with its session token, its first API call answered 429 with Retry-After',
          '       API GET /invoices: 429',
          '       API GET /invoices: 200',
          '       the backend answered its page: 200',
        ].join('\n'),
      );
    },
  );

  it('says in one line that an add-on without receivers has nothing to explore, and exits 0', async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, 'addon.config.json'), JSON.stringify({ webhooks: [] }));
    const result = await cli(['explore'], { cwd });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toMatch(/^addon explore: no webhook receiver configured .*: nothing to explore$/);
  });

  it('says in one line what is wrong with its input', { timeout: 60_000 }, async () => {
    const cwd = await project(null);
    expectOneLine(await cli(['explore', '--runs', '0'], { cwd }), /--runs .*1 to 100000/, 2);
    expectOneLine(await cli(['explore', '--steps', '5000'], { cwd }), /--steps .*1 to 1000/, 2);
    const nobody = `http://127.0.0.1:${await freePort()}/webhooks`;
    expectOneLine(
      await cli(['explore', '--webhook', `invoice.paid=${nobody}`], { cwd }),
      `addon: the receiver ${nobody} does not answer: connection refused`,
    );
    await writeFile(join(cwd, 'broken.mjs'), 'throw new Error("not today");');
    expectOneLine(
      await cli(['explore', '--invariants', 'broken.mjs'], { cwd }),
      /cannot load the invariants module .*broken\.mjs: not today$/,
    );
    await writeFile(join(cwd, 'listy.mjs'), 'export default [() => true];');
    expectOneLine(
      await cli(['explore', '--invariants', 'listy.mjs'], { cwd }),
      /must export default an object of named predicates$/,
    );
  });

  it('stops, naming it, at an invariant that never returns', { timeout: 60_000 }, async () => {
    const cwd = await project(null, `export default { 'waits forever': () => new Promise(() => {}) };\n`);
    const result = await cli(['explore', '--seed', '1', '--runs', '1', '--steps', '1'], { cwd });
    expect(result.exitCode).toBe(1);
    // The run had started (its seed said), then stopped at the predicate, in one line.
    expect(result.stderr.trim().split('\n')).toEqual([
      'addon explore: seed 1 (--seed 1 repeats this run)',
      'addon: the invariant "waits forever" did not return within 5 s',
    ]);
  });
});
