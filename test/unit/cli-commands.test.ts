import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addonInProcess, type CliRun } from '../cli-in-process.js';
import { cleanUp, inProcess, type InProcessEmulator, tempDir } from '../helpers.js';

/**
 * The commands that talk to a running emulator, run in-process (runCli with streams of the test's
 * own) against an in-process emulator: what they print, and their exit codes. The e2e tests prove
 * the same through the real binary; these say what each command does, fast.
 */
let em: InProcessEmulator;
let cwd: string;

beforeAll(async () => {
  em = await inProcess();
  await em.listen();
  cwd = await tempDir();
});
beforeEach(() => em.reset());
afterAll(cleanUp);

const addon = (...args: string[]) => addonInProcess([...args, '--emulator', em.url], { cwd });

/** A command that worked: exit 0, nothing on stderr; its stdout. */
function succeeded(run: CliRun): string {
  expect(run, run.stderr).toMatchObject({ exitCode: 0, stderr: '' });
  return run.stdout;
}

/** A user error: exit 1 (or 2, a usage error) and one line on stderr, nothing on stdout. */
function refused(run: CliRun, exitCode = 1): string {
  expect(run).toMatchObject({ exitCode, stdout: '' });
  expect(run.stderr).toMatch(/^addon: [^\n]+\n$/);
  return run.stderr.trim();
}

describe('addon token', () => {
  it('prints the JWT alone, one the API takes', async () => {
    const token = succeeded(await addon('token')).trim();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await em.call('GET', 'customers', { token })).status).toBe(200);
  });

  it('--json: the token with the claims asked for', async () => {
    const minted = JSON.parse(
      succeeded(await addon('token', '--json', '--scopes', 'customers.read', '--user', 'usr_x')),
    );
    expect(minted.claims).toMatchObject({ scopes: ['customers.read'], userId: 'usr_x', orgId: 'org_demo' });
    expect((await em.call('GET', 'invoices', { token: minted.token })).status).toBe(403);
  });

  it('a bad token on request, and one bad token at a time', async () => {
    const expired = succeeded(await addon('token', '--expired')).trim();
    expect((await em.call('GET', 'customers', { token: expired })).body.code).toBe('token_expired');
    expect(refused(await addon('token', '--expired', '--tampered'), 2)).toBe(
      'addon: one bad token at a time: choose one of --expired, --tampered',
    );
  });

  it('finds the emulator through ADDON_EMULATOR_URL in the environment it is given', async () => {
    const run = await addonInProcess(['token'], { env: { ADDON_EMULATOR_URL: em.url } });
    expect(succeeded(run)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
  });
});

describe('addon trigger', () => {
  it('says when nobody is subscribed', async () => {
    expect(succeeded(await addon('trigger', 'customer.created'))).toBe(
      'Fired customer.created in org_demo: 0 deliveries\n' +
        '  No active subscription to customer.created; subscribe with POST /api/addon/v1/events/subscribe.\n',
    );
  });

  it('delivers to a subscriber, with --data read from a file in its working directory', async () => {
    const { token } = await em.token();
    const inbox = `${em.url}/inbox/shop`;
    const body = { event: 'customer.created', webhookUrl: inbox };
    expect((await em.call('POST', 'events/subscribe', { token, body })).status).toBe(201);
    await writeFile(join(cwd, 'data.json'), '{"name":"Ada Ltd"}');

    const printed = succeeded(await addon('trigger', 'customer.created', '--data', '@data.json'));
    const [fired, delivery, ...more] = printed.trimEnd().split('\n');
    expect(fired).toBe('Fired customer.created in org_demo: 1 delivery');
    expect(delivery).toMatch(new RegExp(`^  succeeded +customer\\.created  ${inbox}  200  `));
    expect(more).toEqual([]);

    const result = JSON.parse(succeeded(await addon('trigger', 'customer.created', '--json', '--data', '@data.json')));
    expect(result.data).toMatchObject({ name: 'Ada Ltd' });
    expect(result.deliveries).toMatchObject([{ status: 'succeeded' }]);
  });

  it('refuses an event the catalog does not have, and --data that is not a JSON object', async () => {
    expect(refused(await addon('trigger', 'invoice.exploded'))).toMatch(
      /^addon: invoice\.exploded is not in the event catalog/,
    );
    expect(refused(await addon('trigger', 'customer.created', '--data', '[1]'), 2)).toBe(
      'addon: --data takes a JSON object, or @file holding one (got "[1]")',
    );
    expect(refused(await addon('trigger', 'customer.created', '--data', '@missing.json'))).toMatch(
      /^addon: cannot read missing\.json: ENOENT/,
    );
  });
});

describe('addon listen', () => {
  // What listen refuses, it refuses before it subscribes anything (its Ctrl-C and what it prints
  // while it runs are the e2e tests', test/e2e/listen.test.ts: they take the process's signals).
  it('refuses an event the catalog does not have, or the add-on may not receive, subscribing nothing', async () => {
    expect(refused(await addon('listen', '--events', 'customer.created,invoice.exploded'))).toBe(
      'addon: invoice.exploded is not in the event catalog (addon events lists them)',
    );
    const narrow = await inProcess({ scopes: ['customers.read', 'storage.*'] });
    await narrow.listen();
    const there = (...args: string[]) => addonInProcess(['listen', ...args, '--emulator', narrow.url], { cwd });
    expect(refused(await there('--events', 'invoice.paid'))).toBe(
      'addon: invoice.paid needs invoices.read, which the add-on is not granted',
    );
    const none = await inProcess({ scopes: ['storage.*'] });
    await none.listen();
    expect(refused(await addonInProcess(['listen', '--emulator', none.url], { cwd }))).toBe(
      'addon: the add-on is granted no scope that receives events (granted: storage.*)',
    );
    expect(em.subscriptions()).toEqual([]);
    expect(narrow.subscriptions()).toEqual([]);
  });

  it('takes only an http(s) URL for --forward-to, and event names for --events: usage errors', async () => {
    for (const args of [
      ['--forward-to', 'ftp://127.0.0.1/x'],
      ['--forward-to', 'not a url'],
      ['--events', ' , '],
    ]) {
      const run = await addon('listen', ...args);
      expect(run, args.join(' ')).toMatchObject({ exitCode: 2, stdout: '' });
      expect(run.stderr).toMatch(/^addon: --(forward-to|events) takes [^\n]+ \(got "[^"\n]*"\)\n$/);
    }
  });
});

describe('addon faults', () => {
  it('adds a rule, lists it with its hits, and clears it', async () => {
    expect(succeeded(await addon('faults'))).toMatch(
      /^No fault rules \(seed \d+\)\. Add one with addon faults add\.\n$/,
    );
    const added = succeeded(await addon('faults', 'add', '--path', '/customers', '--status', '503', '--times', '1'));
    const [, id] = /^Added (\S+): any \/customers: status 503, at most 1 times\n$/.exec(added) ?? [];
    expect(id).toBeTruthy();

    const { token } = await em.token();
    expect((await em.call('GET', 'customers', { token })).status).toBe(503);
    const listed = succeeded(await addon('faults', 'list')).split('\n');
    expect(listed[0]).toBe(`${id}  any /customers: status 503, at most 1 times  hits 1`);

    expect(succeeded(await addon('faults', 'clear'))).toBe('Cleared 1 fault rule.\n');
    expect(JSON.parse(succeeded(await addon('faults', '--json'))).data).toEqual([]);
  });

  it('refuses a rule without an effect, and says what the emulator refused in flag names', async () => {
    expect(refused(await addon('faults', 'add', '--path', '/customers'), 2)).toMatch(
      /^addon: name an effect: --status, /,
    );
    expect(refused(await addon('faults', 'add', '--status', '503', '--times', '0'), 2)).toBe(
      'addon: --times must be at least 1',
    );
  });
});

describe('addon state', () => {
  const customers = () => em.records('customers', { limit: 100, offset: 0 }).total;

  it('save, change, restore: the saved world back', async () => {
    const { token } = await em.token();
    await em.call('POST', 'customers', { token, body: { name: 'Kept' } });
    expect(succeeded(await addon('state', 'save', 'one'))).toMatch(/^Saved one: 1 record, at \S+ \(emulated\)\.\n$/);
    await em.call('POST', 'customers', { token, body: { name: 'Dropped' } });
    expect(customers()).toBe(2);

    expect(succeeded(await addon('state', 'restore', 'one'))).toBe('Restored one: 1 record in 1 organization.\n');
    expect(customers()).toBe(1);
    expect(succeeded(await addon('state'))).toMatch(/^one  1 record  saved \S+\n$/);
    expect(succeeded(await addon('state', 'rm', 'one'))).toBe('Removed one.\n');
    expect(refused(await addon('state', 'restore', 'one'))).toMatch(/^addon: .*\bone\b/);
  });

  it('exports to a file in its working directory, or to stdout, and imports it back', async () => {
    const { token } = await em.token();
    await em.call('POST', 'customers', { token, body: { name: 'Exported' } });
    expect(succeeded(await addon('state', 'export', 'world.json'))).toBe(
      'Exported 1 record in 1 organization to world.json.\n',
    );
    const written = JSON.parse(await readFile(join(cwd, 'world.json'), 'utf8'));
    expect(JSON.parse(succeeded(await addon('state', 'export', '-')))).toEqual({
      ...written,
      savedAt: expect.any(String),
    });

    await em.reset();
    expect(customers()).toBe(0);
    expect(succeeded(await addon('state', 'import', 'world.json'))).toBe(
      'Imported world.json: 1 record in 1 organization.\n',
    );
    expect(customers()).toBe(1);
  });

  it('refuses a file that is not a state file, changing nothing', async () => {
    await writeFile(join(cwd, 'not-state.json'), '{"hello":"world"}');
    expect(refused(await addon('state', 'import', 'not-state.json'))).toMatch(
      /^addon: not-state\.json: .*; nothing was changed$/,
    );
  });
});
