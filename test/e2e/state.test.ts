import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api, cleanUp, cli, expectOneLine, startDev, tempDir } from '../helpers.js';

/** Saved states, export and import, through the real CLI against `addon dev`. */
afterEach(cleanUp);

async function dev(args: string[] = ['--ephemeral'], cwd?: string) {
  const emulator = await startDev(args, { cwd });
  const run = (...command: string[]) => cli([...command, '--emulator', emulator.url], { cwd });
  let token = (await run('token')).stdout.trim();
  const get = async (path: string) => (await api(`${emulator.apiUrl}${path}`, { token })).body;
  const post = async (path: string, body: unknown) => (await api(`${emulator.apiUrl}${path}`, { token, body })).body;
  /** A new session token: after the clock was moved past the first one's hour. */
  const refresh = async () => void (token = (await run('token')).stdout.trim());
  return { emulator, run, token: () => token, get, post, refresh };
}

/** What a world is, as the API shows it: every record, the subscriptions, the next invoice number. */
async function worldSeen({ get }: Awaited<ReturnType<typeof dev>>) {
  const all = async (name: string) => (await get(`/${name}?limit=100`)).data;
  const seen = {
    customers: await all('customers'),
    invoices: await all('invoices'),
    products: await all('products'),
    subscriptions: (await get('/events/subscriptions')).data,
    config: (await get('/config')).data.values,
  };
  return seen;
}

const invoiceBody = (customerId: string) => ({
  customerId,
  lineItems: [{ description: 'Consulting', quantity: 2, unitPrice: 150 }],
});

describe('addon state', () => {
  it('save, change, restore: gives back exactly the saved records, subscriptions and counters', async () => {
    const session = await dev();
    const { run, post } = session;
    expect((await run('seed', '--size', '2')).exitCode).toBe(0);
    await post('/events/subscribe', { event: 'invoice.paid', webhookUrl: 'http://127.0.0.1:9/hooks' });
    const saved = await worldSeen(session);
    expectOk(await run('state', 'save', 'clean'));

    const customer = (await post('/customers', { name: 'After the save' })).data;
    const numberAfterSave = (await post('/invoices', invoiceBody(customer._id))).data.invoiceNumber;
    await post('/events/subscribe', { event: 'customer.created', webhookUrl: 'http://127.0.0.1:9/other' });
    await api(`${session.emulator.apiUrl}/customers/${saved.customers[0]._id}`, {
      token: session.token(),
      method: 'DELETE',
    });

    const restored = await run('state', 'restore', 'clean');
    expect(restored.stdout).toMatch(/^Restored clean: \d+ records in 1 organization\.$/);
    expect(await worldSeen(session)).toEqual(saved);
    // The invoice counter went back too: the next invoice takes the number the one after the save took.
    const again = (await post('/invoices', invoiceBody(saved.customers[0]._id))).data.invoiceNumber;
    expect(again).toBe(numberAfterSave);

    const listed = JSON.parse((await run('state', 'list', '--json')).stdout).data;
    expect(listed).toEqual([{ name: 'clean', savedAt: expect.any(String), records: expect.any(Number) }]);
    expectOk(await run('state', 'rm', 'clean'));
    expectOneLine(await run('state', 'restore', 'clean'), /saved state clean does not exist/);
  });

  it('export, then import into a fresh emulator: the same world', async () => {
    const dir = await tempDir();
    const first = await dev();
    await first.run('seed', '--size', '3');
    await first.post('/events/subscribe', { event: 'invoice.paid', webhookUrl: 'http://127.0.0.1:9/hooks' });
    await api(`${first.emulator.apiUrl}/config`, { token: first.token(), method: 'PUT', body: { theme: 'dark' } });
    await first.run('clock', 'advance', '2d');
    await first.refresh();
    const world = await worldSeen(first);
    const exported = await first.run('state', 'export', join(dir, 'world.json'));
    expect(exported.stdout).toMatch(/^Exported \d+ records in 1 organization to .*world\.json\.$/);

    const second = await dev();
    expectOk(await second.run('state', 'import', join(dir, 'world.json')));
    await second.refresh();
    expect(await worldSeen(second)).toEqual(world);
    const clock = JSON.parse((await second.run('clock', '--json')).stdout);
    expect(clock.offsetMs).toBe(2 * 86_400_000);

    // And as a start: `addon exec --import` runs a command against that world.
    const counted = await cli([
      'exec',
      '--import',
      join(dir, 'world.json'),
      '--',
      'node',
      '-e',
      `fetch(process.env.ADDON_API_URL + '/customers', { headers: { authorization: 'Bearer ' + process.env.ADDON_TOKEN } })
        .then((r) => r.json()).then((b) => console.log(b.total))`,
    ]);
    expect(counted.stdout.trim()).toBe(String(world.customers.length));
  });

  it('changes nothing for a truncated file or one from a future format version, in one line each', async () => {
    const dir = await tempDir();
    const session = await dev();
    await session.run('seed', '--size', '2');
    const path = join(dir, 'world.json');
    await session.run('state', 'export', path);
    await session.post('/customers', { name: 'Since the export' });
    const before = await worldSeen(session);
    const text = await readFile(path, 'utf8');

    await writeFile(join(dir, 'truncated.json'), text.slice(0, Math.floor(text.length / 2)));
    expectOneLine(
      await session.run('state', 'import', join(dir, 'truncated.json')),
      /truncated\.json is not valid JSON/,
    );
    await writeFile(join(dir, 'future.json'), text.replace('"version": 1', '"version": 2'));
    expectOneLine(
      await session.run('state', 'import', join(dir, 'future.json')),
      /future\.json: it was written by a newer addon-devkit \(state format version 2; this one reads version 1\)/,
    );
    const state = JSON.parse(text);
    state.organizations.org_demo.records.invoices[0].customerId = 'cus_nobody';
    await writeFile(join(dir, 'dangling.json'), JSON.stringify(state));
    expectOneLine(
      await session.run('state', 'import', join(dir, 'dangling.json')),
      /dangling\.json: organizations\.org_demo\.records\.invoices\[0\]\.customerId refers to cus_nobody/,
    );
    expect(await worldSeen(session)).toEqual(before);
  });

  it('keeps the restored world through a SIGKILL right after the restore was answered', async () => {
    const data = join(await tempDir(), '.addon');
    const first = await dev(['--data', data]);
    await first.run('seed', '--size', '2');
    await first.run('state', 'save', 'clean');
    const saved = await worldSeen(first);
    for (let i = 0; i < 5; i++) await first.post('/customers', { name: `Extra ${i}` });
    expectOk(await first.run('state', 'restore', 'clean'));
    await first.emulator.stop('SIGKILL');

    const second = await dev(['--data', data]);
    expect(await worldSeen(second)).toEqual(saved);
  });

  it('is atomic for concurrent calls: a list sees one world or the other, never a mix', async () => {
    const session = await dev();
    const { run, post, get } = session;
    for (const name of ['a', 'b']) {
      for (let i = 0; i < 30; i++) await post('/customers', { name: `${name}${i}` });
      expectOk(await run('state', 'save', name));
      await api(`${session.emulator.url}/_emulator/state`, { method: 'PUT', body: emptyWorld() });
    }
    expectOk(await run('state', 'restore', 'a'));
    let stop = false;
    const seen = new Set<string>();
    const reader = (async () => {
      while (!stop) {
        const names = (await get('/customers?limit=100')).data.map((c: { name: string }) => c.name[0]);
        seen.add([...new Set(names)].join(''));
      }
    })();
    for (let round = 0; round < 6; round++) expectOk(await run('state', 'restore', round % 2 ? 'a' : 'b'));
    stop = true;
    await reader;
    expect([...seen].every((kinds) => kinds === 'a' || kinds === 'b')).toBe(true);
    expect(seen.size).toBe(2);
  });

  it('carries a world from run to run with --import and --export-on-exit on the same file', async () => {
    const dir = await tempDir();
    const file = join(dir, 'carried.json');
    const first = await dev(['--ephemeral', '--import', file, '--export-on-exit', file]);
    await first.post('/customers', { name: 'Carried over' });
    await first.emulator.stop('SIGINT');
    await first.emulator.process;
    expect(first.emulator.output()).toContain(`"event":"exported","file":"${file}"`);

    const second = await dev(['--ephemeral', '--import', file]);
    expect((await second.get('/customers')).data.map((c: { name: string }) => c.name)).toEqual(['Carried over']);
    // reset goes back to the imported world, not to an empty one.
    await second.post('/customers', { name: 'Since the start' });
    expect((await second.run('state', 'reset')).stdout).toBe('Reset to 1 record in 1 organization.');
    expect((await second.get('/customers')).data.map((c: { name: string }) => c.name)).toEqual(['Carried over']);
    expectOneLine(
      await cli(['dev', '--no-open', '--port', '0', '--ephemeral', '--import', join(dir, 'none.json')]),
      /none\.json does not exist/,
    );
  });
});

function expectOk(result: { exitCode?: number; stderr: string }): void {
  expect(result.stderr).toBe('');
  expect(result.exitCode).toBe(0);
}

const emptyWorld = () => ({
  format: 'addon-devkit/state',
  version: 1,
  savedAt: new Date().toISOString(),
  clock: { offsetMs: 0 },
  organizations: {},
});
