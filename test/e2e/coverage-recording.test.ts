// Coverage recorded as a CI job records it (docs/coverage.md): a small scripted add-on suite runs
// under `addon exec --coverage DIR`, and the one file written says exactly what the suite met of the
// platform, and what it missed. Two harness emulators (two test workers) write a file each.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoverageFile } from '../../src/coverage/coverage-file.js';
import { startEmulator } from '../../src/testing/index.js';
import { api, cleanUp, cli, expectOneLine, startDev, tempDir } from '../helpers.js';

afterEach(cleanUp);

/**
 * The add-on's suite: subscribes to invoice.paid with a receiver that fails its first attempt, has
 * the event sent and the clock moved a minute (the retry, answered 2xx), lists customers until the
 * rate limit (5 an hour) answers 429, and reports a success notify as the host page would.
 */
const SUITE = `
import { createServer } from 'node:http';
const { ADDON_API_URL: api, ADDON_EMULATOR_URL: emulator, ADDON_TOKEN: token } = process.env;
const must = (what, got, wanted) => {
  if (JSON.stringify(got) !== JSON.stringify(wanted)) throw new Error(what + ': ' + JSON.stringify(got));
};
let attempts = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(++attempts === 1 ? 500 : 200).end());
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const webhookUrl = 'http://127.0.0.1:' + receiver.address().port + '/hooks';
const send = (url, method, body, headers = {}) =>
  fetch(url, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body && JSON.stringify(body),
  }).then((answer) => answer.status);
const call = (method, path, body) => send(api + path, method, body, { authorization: 'Bearer ' + token });
const control = (method, path, body) => send(emulator + '/_emulator' + path, method, body);

must('subscribe', await call('POST', '/events/subscribe', { event: 'invoice.paid', webhookUrl }), 201);
must('trigger', await control('POST', '/events/trigger', { event: 'invoice.paid' }), 201);
must('idle', await control('GET', '/idle'), 200);
must('first attempt', attempts, 1);
must('advance', await control('POST', '/clock/advance', { by: '1m' }), 200);
must('retry', attempts, 2);
const listed = [];
for (let i = 0; i < 5; i++) listed.push(await call('GET', '/customers'));
must('list', listed, [200, 200, 200, 200, 429]);
must('bridge', await control('POST', '/coverage/bridge', { hits: { 'service:notify success': 1 } }), 204);
receiver.close();
`;

const readCoverage = async (dir: string) => {
  const names = await readdir(dir);
  return Promise.all(
    names.map(async (name) => ({ name, file: JSON.parse(await readFile(join(dir, name), 'utf8')) as CoverageFile })),
  );
};

/** The items of a dimension the file's hits cover, and those of its surface they miss. */
const covered = (file: CoverageFile, dimension: keyof CoverageFile['hits']) => Object.keys(file.hits[dimension]);
const missing = (file: CoverageFile, dimension: keyof CoverageFile['hits']) =>
  file.surface[dimension].filter((item) => !(item in file.hits[dimension]));

describe('addon exec --coverage', () => {
  it('writes one file of exactly what the suite met', async () => {
    const cwd = await tempDir();
    const dir = join(cwd, 'coverage');
    await writeFile(join(cwd, 'suite.mjs'), SUITE);
    const run = await cli(['exec', '--rate-limit', '5', '--coverage', 'coverage', '--', 'node', 'suite.mjs'], {
      cwd,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const files = await readCoverage(dir);
    expect(files.map(({ name }) => name)).toEqual([expect.stringMatching(/^coverage-exec-\d+-[0-9a-f]{8}\.json$/)]);
    const [{ file }] = files;
    expect(file).toMatchObject({ format: 'addon-devkit-coverage', version: 1, source: 'addon exec' });
    expect(file.appId).toBe('com.example.demo-addon');
    expect(Date.parse(file.endedAt) - Date.parse(file.startedAt)).toBeGreaterThanOrEqual(60_000);

    // One 429, on the one operation that met it; every other operation's 429 is missing.
    const tooMany = covered(file, 'responses').filter((item) => item.endsWith(' 429'));
    expect(tooMany).toEqual(['GET /customers 429']);
    expect(missing(file, 'responses')).toEqual(
      expect.arrayContaining(['POST /customers 429', 'GET /invoices 429', 'GET /customers 5xx']),
    );
    expect(file.hits.responses).toEqual({
      'POST /events/subscribe 2xx': 1,
      'GET /customers 2xx': 4,
      'GET /customers 429': 1,
    });
    expect(file.hits.operations).toEqual({ 'POST /events/subscribe': 1, 'GET /customers': 5 });

    // invoice.paid subscribed, delivered, failed and retried, answered; no other event met.
    expect(file.hits.events).toEqual({
      'invoice.paid subscribed': 1,
      'invoice.paid delivered': 1,
      'invoice.paid retried': 1,
      'invoice.paid answered 2xx': 1,
    });
    expect(missing(file, 'events')).toEqual(
      expect.arrayContaining(['invoice.overdue delivered', 'invoice.paid duplicate', 'customer.created subscribed']),
    );

    // The notify of one level, and not the others.
    expect(file.hits.bridge).toEqual({ 'service:notify success': 1 });
    expect(missing(file, 'bridge')).toEqual(expect.arrayContaining(['service:notify error', 'service:notify warning']));

    expect(file.hits.time).toEqual({ 'clock advanced': 1 });
    expect(file.hits.scopes).toEqual({ 'invoices.read': 1, 'customers.read': 4 });
    expect(file.seen).toEqual({});
  });

  it('takes ADDON_COVERAGE_DIR, and passes it on to the command, whose own emulators write theirs', async () => {
    const cwd = await tempDir();
    const dir = join(cwd, 'from-env');
    const inner = `
      import { startEmulator } from ${JSON.stringify(new URL('../../dist/testing/index.js', import.meta.url).href)};
      const emulator = await startEmulator();
      await fetch(emulator.url + '/_emulator/clock/advance', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"by":"5m"}',
      });
      await emulator.close();
    `;
    await writeFile(join(cwd, 'inner.mjs'), inner);
    const run = await cli(['exec', '--', 'node', 'inner.mjs'], { cwd, env: { ADDON_COVERAGE_DIR: dir } });
    expect(run.exitCode, run.stderr).toBe(0);
    const files = await readCoverage(dir);
    const bySource = Object.fromEntries(files.map(({ file }) => [file.source, file]));
    expect(Object.keys(bySource).sort()).toEqual(['addon exec', 'startEmulator']);
    expect(bySource.startEmulator.hits.time).toEqual({ 'clock advanced': 1 });
    expect(bySource['addon exec'].hits.time).toEqual({});
  });

  it('refuses an empty --coverage in one line, exit 2', async () => {
    const run = await cli(['exec', '--coverage', '', '--', 'true']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining('--coverage takes a directory')]);
  });
});

describe('addon dev --coverage and addon check --coverage', () => {
  it('addon dev writes its file when it stops, of what its session met', async () => {
    const cwd = await tempDir();
    const dev = await startDev(['--ephemeral', '--coverage', 'coverage'], { cwd });
    const token = (await (await fetch(`${dev.url}/_emulator/tokens`, { method: 'POST' })).json()).token;
    expect((await api(`${dev.apiUrl}/customers`, { token })).status).toBe(200);
    await dev.stop('SIGINT');
    const files = await readCoverage(join(cwd, 'coverage'));
    expect(files.map(({ name }) => name)).toEqual([expect.stringMatching(/^coverage-dev-\d+-[0-9a-f]{8}\.json$/)]);
    expect(files[0].file.source).toBe('addon dev');
    expect(files[0].file.hits.responses).toEqual({ 'GET /customers 2xx': 1 });
  });

  it("addon check adds its run's file", async () => {
    const cwd = await tempDir();
    const run = await cli(['check', '--only', 'config', '--coverage', 'coverage'], { cwd });
    expect(run.exitCode, run.stderr).toBe(0);
    const files = await readCoverage(join(cwd, 'coverage'));
    expect(files.map(({ name }) => name)).toEqual([expect.stringMatching(/^coverage-check-\d+-[0-9a-f]{8}\.json$/)]);
    expect(files[0].file).toMatchObject({ source: 'addon check', format: 'addon-devkit-coverage' });
    expect(files[0].file.surface.operations).toContain('GET /customers');
  });
});

describe('a coverage directory that cannot be one', () => {
  it('is said in one line before the command runs, exit 1', async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, 'a-file'), '');
    const run = await cli(['exec', '--coverage', 'a-file/coverage', '--', 'node', '-e', 'console.log("ran")'], { cwd });
    expectOneLine(
      run,
      `addon: cannot make the coverage directory ${join(cwd, 'a-file/coverage')}: ${join(cwd, 'a-file')} is not a directory (ENOTDIR)`,
    );
    expect(run.stdout).toBe('');
  });
});

describe('startEmulator({ coverage })', () => {
  it('writes a file of each emulator, as two test workers would, each with its own hits', async () => {
    const dir = await tempDir();
    const [a, b] = await Promise.all([startEmulator({ coverage: dir }), startEmulator({ coverage: dir })]);
    try {
      await api(`${a.apiUrl}/customers`, { token: await a.token() });
      await api(`${b.apiUrl}/invoices`, { token: await b.token() });
      await api(`${b.apiUrl}/invoices`, { token: await b.token({ variant: 'expired' }) });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const files = await readCoverage(dir);
    expect(files).toHaveLength(2);
    for (const { name } of files)
      expect(name).toMatch(new RegExp(`^coverage-harness-${process.pid}-[0-9a-f]{8}\\.json$`));
    const [first, second] = files
      .map(({ file }) => file)
      .sort((x, y) => Object.keys(x.hits.responses).length - Object.keys(y.hits.responses).length);
    expect(first.source).toBe('startEmulator');
    expect(first.hits.responses).toEqual({ 'GET /customers 2xx': 1 });
    expect(second.hits.responses).toEqual({
      'GET /invoices 2xx': 1,
      'GET /invoices 401': 1,
      '401 token_expired': 1,
    });
    // Both were measured against the same surface: a merge is their union.
    expect(first.surface).toEqual(second.surface);
  });
});
