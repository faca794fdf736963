import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StateFile } from '../../src/state/state-file.js';
import { internalsOf } from '../../src/emulator/internals.js';
import { cleanUp, inProcess, type InProcessEmulator, tempDir } from '../helpers.js';

afterEach(cleanUp);

const ORG = 'org_demo';
const list = (emulator: InProcessEmulator, collection: string, orgId = ORG) =>
  internalsOf(emulator).domain.collection(collection).list(orgId, { limit: 1000, offset: 0 }).data;

/** A small world: a customer and an invoice, a subscription, config, storage, another organization. */
async function world() {
  const emulator = await inProcess();
  const { token } = await emulator.token();
  const customer = (await emulator.call('POST', 'customers', { token, body: { name: 'Acme Ltd' } })).body.data;
  const invoice = await emulator.call('POST', 'invoices', {
    token,
    body: { customerId: customer._id, lineItems: [{ description: 'Work', quantity: 2, unitPrice: 150 }] },
  });
  await emulator.call('POST', 'events/subscribe', {
    token,
    body: { event: 'invoice.paid', webhookUrl: 'http://127.0.0.1:9/hooks' },
  });
  await emulator.call('PUT', 'config', { token, body: { theme: 'dark' } });
  await emulator.call('PUT', 'storage/last-sync', { token, body: { value: { at: 1 } } });
  await emulator.seed({ orgId: 'org_other', size: 1 });
  return { emulator, token, customer, invoice: invoice.body.data };
}

describe('a state: export and import', () => {
  it('gives back exactly the records, counters, subscriptions, add-on data and clock it was made of', async () => {
    const { emulator } = await world();
    await emulator.advanceClock(3_600_000);
    const { token } = await emulator.token();
    const file = emulator.exportState();
    expect(file).toMatchObject({ format: 'addon-devkit/state', version: 1, clock: { offsetMs: 3_600_000 } });
    expect(Object.keys(file.organizations)).toEqual([ORG, 'org_other']);

    const fresh = await inProcess();
    const summary = await fresh.importState(JSON.parse(JSON.stringify(file)));
    expect(summary.records).toMatchObject({ customers: 1 + 1, invoices: 1 + 2 });
    expect(fresh.exportState().organizations).toEqual(file.organizations);
    expect(fresh.clock.offsetMs).toBe(3_600_000);
    // The invoice counter came along: the next invoice is the second of the organization.
    const { token: freshToken } = await fresh.token();
    const [customer] = list(fresh, 'customers');
    const next = await fresh.call('POST', 'invoices', {
      token: freshToken,
      body: { customerId: customer._id, lineItems: [{ description: 'More', quantity: 1, unitPrice: 1 }] },
    });
    expect(next.body.data.invoiceNumber).toBe('INV-000002');
    expect((await fresh.call('GET', 'config', { token: freshToken })).body.data.values).toEqual({ theme: 'dark' });
    expect((await fresh.call('GET', 'storage/last-sync', { token: freshToken })).body.data.value).toEqual({ at: 1 });
    expect((await fresh.call('GET', 'events/subscriptions', { token: freshToken })).body.data).toEqual(
      (await emulator.call('GET', 'events/subscriptions', { token })).body.data,
    );
  });

  it('changes nothing when any part of the file is wrong, and names the first problem', async () => {
    const { emulator } = await world();
    const file = emulator.exportState();
    const before = JSON.stringify(file.organizations);
    const broken = (change: (copy: StateFile) => void) => {
      const copy = structuredClone(file);
      change(copy);
      return copy;
    };
    const cases: Array<[unknown, RegExp]> = [
      [{ hello: 'world' }, /not an addon-devkit state file/],
      [broken((f) => (f.version = 2)), /newer addon-devkit \(state format version 2; this one reads version 1\)/],
      [
        broken((f) => ((f.organizations[ORG].records!.customers[0] as Record<string, unknown>).name = 5)),
        /^organizations\.org_demo\.records\.customers\[0\]\.name must be string$/,
      ],
      [
        broken((f) => ((f.organizations[ORG].records!.invoices[0] as Record<string, unknown>).customerId = 'cus_gone')),
        /records\.invoices\[0\]\.customerId refers to cus_gone, which is not among the organization's customers/,
      ],
      [
        broken((f) => f.organizations[ORG].records!.customers.push(f.organizations[ORG].records!.customers[0])),
        /customers\[1\]: _id cus_\w+ appears twice/,
      ],
      [broken((f) => (f.organizations[ORG].subscriptions![0].event = 'invoice.eaten')), /not in the event catalog/],
      [broken((f) => ((f.organizations[ORG] as Record<string, unknown>).extra = 1)), /\.extra is not a known field$/],
      [broken((f) => (f.clock.offsetMs = -1)), /clock\.offsetMs must be at least 0/],
    ];
    for (const [input, message] of cases) {
      await expect(emulator.importState(input)).rejects.toThrow(message);
      expect(JSON.stringify(emulator.exportState().organizations)).toBe(before);
    }
  });

  it('keeps the delivery log, which is history, not world', async () => {
    const { emulator } = await world();
    const file = emulator.exportState();
    await emulator.trigger('invoice.paid');
    await emulator.importState(file);
    expect(emulator.deliveries({})).toHaveLength(1);
  });
});

describe('named states', () => {
  it('saves, lists, restores and removes, in the data dir', async () => {
    const dir = await tempDir();
    const { emulator } = await world().then(async ({ emulator: source }) => {
      const target = await inProcess({ dataDir: dir });
      await target.importState(source.exportState());
      return { emulator: target };
    });
    expect(await emulator.saveState('clean')).toMatchObject({ name: 'clean', records: expect.any(Number) });
    const saved = list(emulator, 'customers');
    await internalsOf(emulator).domain.collection('customers').create(ORG, { name: 'Later' });
    await internalsOf(emulator).domain.collection('customers').remove(ORG, saved[0]._id);
    expect((await emulator.restoreState('clean')).organizations).toEqual([ORG, 'org_other']);
    expect(list(emulator, 'customers')).toEqual(saved);
    expect((await emulator.listStates()).map((s) => s.name)).toEqual(['clean']);
    const onDisk = JSON.parse(await readFile(join(dir, 'states', 'clean.json'), 'utf8'));
    expect(onDisk.organizations[ORG].records.customers).toEqual(saved);
    await emulator.removeState('clean');
    expect(await emulator.listStates()).toEqual([]);
    await expect(emulator.restoreState('clean')).rejects.toThrow('saved state clean does not exist');
    await expect(emulator.saveState('../escape')).rejects.toThrow('a state name is 1-64 letters');
  });

  it('refuses a hand-broken saved state without touching the world', async () => {
    const dir = await tempDir();
    const emulator = await inProcess({ dataDir: dir });
    await internalsOf(emulator).domain.collection('customers').create(ORG, { name: 'Kept' });
    await emulator.saveState('broken');
    const path = join(dir, 'states', 'broken.json');
    await writeFile(path, (await readFile(path, 'utf8')).slice(0, 40));
    await expect(emulator.restoreState('broken')).rejects.toThrow(/is not valid JSON/);
    expect(list(emulator, 'customers').map((c) => c.name)).toEqual(['Kept']);
  });
});

describe('checkpoint and rollback', () => {
  it('goes back to the checkpoint, history and clock included, as often as asked', async () => {
    const { emulator } = await world();
    const checkpoint = emulator.checkpoint();
    const before = emulator.exportState();
    for (let round = 0; round < 2; round++) {
      await internalsOf(emulator)
        .domain.collection('customers')
        .create(ORG, { name: `Round ${round}` });
      await emulator.trigger('invoice.paid');
      await emulator.advanceClock(86_400_000);
      await emulator.rollback(checkpoint);
      expect(emulator.exportState()).toEqual({ ...before, savedAt: expect.any(String) });
      expect(emulator.deliveries({})).toEqual([]);
      expect(emulator.clock.offsetMs).toBe(0);
    }
  });

  it('reset goes back to the state the emulator started from', async () => {
    const { emulator: source } = await world();
    const emulator = await inProcess({ state: source.exportState() });
    const started = list(emulator, 'customers');
    expect(started.map((c) => c.name)).toEqual(['Acme Ltd']);
    await internalsOf(emulator).domain.collection('customers').create(ORG, { name: 'Added' });
    await emulator.reset();
    expect(list(emulator, 'customers')).toEqual(started);
  });

  it('starts from a state file on disk, and says which file will not load', async () => {
    const { emulator: source } = await world();
    const path = join(await tempDir(), 'world.json');
    await writeFile(path, JSON.stringify({ ...source.exportState(), version: 9 }));
    await expect(inProcess({ state: path })).rejects.toThrow(`${path}: it was written by a newer addon-devkit`);
    await writeFile(path, JSON.stringify(source.exportState()).slice(0, -20));
    await expect(inProcess({ state: path })).rejects.toThrow(`${path} is not valid JSON`);
  });
});
