import { readdirSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { execa } from 'execa';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../src/check/reports/json.js';
import type { JsonCoverageReport } from '../../src/coverage/reports/json.js';
import { api, cleanUp, expectOneLine, ROOT, run, startDev, tempDir, userEnv } from '../helpers.js';

/**
 * The kit as a user gets it: packed into a tarball (its `prepack` builds it), installed into an empty
 * directory, and used from there with nothing of this checkout: `npx addon dev`, `npx addon exec`,
 * and `npx addon init`, whose add-on installs, builds and passes its own tests.
 */
const TEMPLATES = readdirSync(join(ROOT, 'templates')).sort();
/** Top-level entries that are no input of the build; packing without them proves they are not shipped. */
const NOT_COPIED = new Set(['node_modules', 'dist', '.git', 'test', 'bench', '.addon', 'test-results.json']);
/** What npm 11 prints for a dependency's install script, or for a Node version a package refuses. */
const INSTALL_WARNINGS = /install-scripts|EBADENGINE/;

let work: string;
let tarball: string;
let consumer: string;

beforeAll(async () => {
  work = await tempDir();
  // A copy, so that prepack's build never rewrites the dist/ that other test files are running.
  const kit = join(work, 'kit');
  await cp(ROOT, kit, {
    recursive: true,
    filter: (source) => !NOT_COPIED.has(relative(ROOT, source)) && basename(source) !== 'node_modules',
  });
  await symlink(join(ROOT, 'node_modules'), join(kit, 'node_modules'));
  await run(kit, 'npm', ['pack', '--pack-destination', work], 240_000);
  tarball = join(
    work,
    (await readdir(work)).find((name) => name.endsWith('.tgz'))!,
  );
  consumer = join(work, 'consumer');
  await mkdir(consumer);
  const install = await run(consumer, 'npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund']);
  expect(install.all).not.toMatch(INSTALL_WARNINGS);
}, 300_000);
afterAll(cleanUp);

describe('the packed package', () => {
  it('is small, holds the built CLI, host page and demo, and no sources, tests, bench or install script', async () => {
    expect((await stat(tarball)).size).toBeLessThan(2 * 1024 * 1024);
    const files = (await run(work, 'tar', ['-tzf', tarball])).stdout.split('\n');
    for (const shipped of ['dist/cli/addon-cli.bundle.js', 'dist/host-ui/index.html', 'demo-addon/index.html'])
      expect(files).toContain(`package/${shipped}`);
    expect(files.filter((f) => /^package\/(src|test|bench|host-ui)\//.test(f))).toEqual([]);
    // The CLI runs from its bundles alone: tsc's own dist/cli and dist/mcp files, which the bundles
    // were made from, stay out (about 100 kB packed).
    const unbundled = (f: string) =>
      /^package\/dist\/mcp\//.test(f) ||
      (/^package\/dist\/cli\/./.test(f) && !/^package\/dist\/cli\/([^/]+\.bundle\.js(\.map)?|lazy\/.*)$/.test(f));
    expect(files.filter(unbundled)).toEqual([]);
    const manifest = JSON.parse(await readFile(join(consumer, 'node_modules/addon-devkit/package.json'), 'utf8'));
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare'])
      expect(manifest.scripts).not.toHaveProperty(script);
  });

  it('runs `npx addon dev` from the installed package: API, host page and demo add-on', async () => {
    const dev = await startDev(['--ephemeral'], { cwd: consumer, npx: true });
    const page = await fetch(`${dev.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="app"|<script/);
    const status = (await api(`${dev.url}/_emulator/status`)).body;
    expect((await fetch(status.addonUrl)).status).toBe(200);
    const { token } = (await api(`${dev.url}/_emulator/tokens`, { body: {} })).body;
    expect((await api(`${dev.apiUrl}/customers`, { token })).status).toBe(200);
    await dev.stop();
  });

  it('runs `npx addon exec -- <cmd>` with the API in the environment, and passes on its exit code', async () => {
    const script = `fetch(process.env.ADDON_API_URL + '/customers', { headers: { authorization: 'Bearer ' + process.env.ADDON_TOKEN } })
      .then((r) => process.exit(r.status === 200 ? 7 : 1))`;
    const result = await run(consumer, 'sh', ['-c', `npx addon exec -- node -e "${script}"; echo "exit $?"`]);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('exit 7');
  });

  it.each(TEMPLATES)(
    'makes a %s add-on with `npx addon init` that installs, builds and passes its tests',
    async (template) => {
      await run(consumer, 'npx', ['addon', 'init', `my-${template}`, '--template', template]);
      const dir = join(consumer, `my-${template}`);
      const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
      expect(pkg.devDependencies['addon-devkit']).toBe(`file:${tarball}`);
      // From the npm cache that this project's own install filled, going to the registry only for a
      // version published since (--offline would fail on those).
      const install = await run(dir, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']);
      expect(install.all).not.toMatch(INSTALL_WARNINGS);
      await run(dir, 'npm', ['run', 'build']);
      // `npm run coverage` is `npm test` that then judges what the suite met of the platform. A file
      // left by an earlier run (here one that is no coverage file at all) must not merge in.
      const coverageDir = join(dir, '.addon', 'coverage');
      await mkdir(coverageDir, { recursive: true });
      await writeFile(join(coverageDir, 'coverage-stale.json'), '{}');
      const test = await run(dir, 'npm', ['run', 'coverage']);
      expect(test.all).toMatch(/Tests\s+\d+ passed/);
      expect(test.all).toMatch(/Platform coverage: \d+ files \(startEmulator\)/);
      await expectCoverageMet(dir);
      // The verdict on the add-on as its CI job asks for it, and a JUnit file a parser reads. Right
      // after init there is nothing to fix: no check fails, and none warns.
      const reports = ['--report', 'junit=reports/addon-check.xml', '--report', 'json=reports/addon-check.json'];
      const check = await run(dir, 'npm', ['run', 'check', '--', ...reports]);
      expect(check.all).toMatch(/\d+ passed, 0 failed/);
      const report = JSON.parse(await readFile(join(dir, 'reports', 'addon-check.json'), 'utf8')) as JsonReport;
      const unwell = report.checks.filter(({ status }) => status === 'fail' || status === 'warn');
      expect(unwell.map(({ id, status, evidence }) => `${id} ${status}: ${evidence.join('; ')}`)).toEqual([]);
      const junit = await readFile(join(dir, 'reports', 'addon-check.xml'), 'utf8');
      expect(XMLValidator.validate(junit)).toBe(true);
      expect(junit).toMatch(/<testcase [^>]*name="page\.ready/);
      // The exploration the template's CI workflow runs: the receivers the dev command serves hold
      // to every invariant; an add-on without receivers has nothing to explore.
      const explored = await run(dir, 'npx', ['addon', 'explore', '--seed', '1', '--runs', '20', '--steps', '10']);
      expect(explored.all).toMatch(
        template === 'full-stack' ? /✓ no invariant broken in 20 of 20 sequences/ : /nothing to explore/,
      );
    },
    240_000,
  );
});

/**
 * The coverage of a template's suite as `npm run coverage` left it: one file per emulator of its test
 * files (none left over), merged, meeting the `coverage.minimum` of its addon.config.json; and a
 * stricter minimum than it reaches fails, naming what no test met.
 */
async function expectCoverageMet(dir: string): Promise<void> {
  const addonCoverage = (args: string[]) =>
    execa('npx', ['addon', 'coverage', ...args], {
      cwd: dir,
      reject: false,
      env: { ...userEnv, NO_COLOR: '1' },
      extendEnv: false,
    });
  const merged = await addonCoverage(['--json']);
  expect(merged.exitCode, merged.stderr).toBe(0);
  const report = JSON.parse(merged.stdout) as JsonCoverageReport;
  expect(report.files.length).toBeGreaterThan(1);
  expect(report.files.every((file) => /^\.addon\/coverage\/coverage-harness-\d+-[0-9a-f]{8}\.json$/.test(file))).toBe(
    true,
  );
  const config = JSON.parse(await readFile(join(dir, 'addon.config.json'), 'utf8'));
  expect(report.minimum).toEqual(config.coverage.minimum);
  expect(Object.keys(report.minimum).length).toBeGreaterThan(2);
  expect(report.belowMinimum).toEqual([]);
  expect(report.dimensions.operations.met).toHaveProperty(['GET /customers']);
  // The UI test's bridge, as the host page reported it to the emulator before openHostPage closed.
  expect(Object.keys(report.dimensions.bridge.met)).toEqual(
    expect.arrayContaining(['service:ready', 'service:context', 'service:notify success']),
  );

  const stricter = await addonCoverage(['--min', 'operations=100']);
  expectOneLine(stricter, /^addon: operations [\d.]+% is below the minimum 100%: .* never called/);
}
