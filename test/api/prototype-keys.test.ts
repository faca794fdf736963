import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, inProcess, tempDir } from '../helpers.js';

/**
 * Names of Object.prototype's members are ids like any other. Kept in plain objects they were taken
 * already (`organizations.constructor` is a function), so such worlds lost records on export, and
 * an inbox called `__proto__` lost its entries on a restart. And one rule for `__proto__` keys holds
 * on every way a world comes in.
 */
afterEach(cleanUp);

const NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty'];

describe('organizations named after Object.prototype members', () => {
  it('are exported, saved and restored, and imported into another emulator, records and all', async () => {
    const em = await inProcess({ dataDir: await tempDir() });
    for (const orgId of NAMES) {
      const { token } = await em.token({ orgId });
      const created = await em.call('POST', 'customers', { token, body: { name: `Customer of ${orgId}` } });
      expect(created.status).toBe(201);
    }
    const exported = (await em.call('GET', '/_emulator/state')).body;
    expect(Object.keys(exported.organizations).sort()).toEqual([...NAMES].sort());
    for (const orgId of NAMES)
      expect(exported.organizations[orgId].records.customers[0].name).toBe(`Customer of ${orgId}`);

    expect((await em.call('POST', '/_emulator/states', { body: { name: 'named' } })).status).toBe(201);
    await em.call('POST', '/_emulator/reset');
    expect((await em.call('POST', '/_emulator/states/named/restore')).status).toBe(200);
    expect((await em.call('GET', '/_emulator/state')).body.organizations).toEqual(exported.organizations);

    const fresh = await inProcess();
    expect((await fresh.call('PUT', '/_emulator/state', { body: exported })).status).toBe(200);
    expect((await fresh.call('GET', '/_emulator/state')).body.organizations).toEqual(exported.organizations);
    expect(({} as Record<string, unknown>).records).toBeUndefined();
  });
});

describe('an inbox named __proto__', () => {
  it('keeps what it received through a clean restart', async () => {
    const dataDir = await tempDir();
    const em = await inProcess({ dataDir });
    expect((await em.call('POST', '/inbox/__proto__', { body: { hello: 'world' } })).status).toBe(401);
    await em.close();
    const again = await inProcess({ dataDir });
    const listed = await again.call('GET', '/_emulator/inbox/__proto__');
    expect(listed.body.data.map((entry: { body: unknown }) => entry.body)).toEqual([{ hello: 'world' }]);
  });
});

describe('a __proto__ key in a state file', () => {
  /** A world whose one storage value has a `__proto__` key, as JSON text (a literal would set a prototype). */
  const poisoned = (savedAt: string) =>
    `{"format":"addon-devkit/state","version":1,"savedAt":"${savedAt}","clock":{"offsetMs":0},` +
    `"organizations":{"org_demo":{"apps":{"com.example.demo-addon":{"storage":[{"key":"k",` +
    `"value":{"__proto__":{"polluted":true}},"createdAt":"${savedAt}","updatedAt":"${savedAt}"}]}}}}}`;

  it('is refused alike over HTTP, from --import, from the harness and from a named state, changing nothing', async () => {
    const dataDir = await tempDir();
    const em = await inProcess({ dataDir });
    const world = em.exportState();
    const text = poisoned(world.savedAt);

    const put = await em.call('PUT', '/_emulator/state', { body: text });
    expect(put).toMatchObject({ status: 400, body: { code: 'forbidden_key' } });
    await expect(em.importState(JSON.parse(text))).rejects.toMatchObject({ code: 'forbidden_key' });

    const file = join(await tempDir(), 'poisoned.json');
    await writeFile(file, text);
    await expect(inProcess({ state: file })).rejects.toThrow(/must not be __proto__/);
    await expect(inProcess({ state: JSON.parse(text) })).rejects.toThrow(/must not be __proto__/);

    await em.saveState('poisoned');
    await writeFile(join(dataDir, 'states', 'poisoned.json'), text);
    await expect(em.restoreState('poisoned')).rejects.toMatchObject({ code: 'forbidden_key' });
    expect(em.exportState().organizations).toEqual(world.organizations);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('scenario references', () => {
  it('read only a record’s own fields: ${acme.constructor} is no field, and nothing is made', async () => {
    const em = await inProcess();
    const steps = (ref: string) => ({
      steps: [
        { create: 'customers', as: 'acme', data: { name: 'Acme' } },
        { create: 'customers', data: { name: ref } },
      ],
    });
    const checked = await em.call('POST', '/_emulator/scenario', { body: { scenario: steps('${acme.constructor}') } });
    expect(checked).toMatchObject({ status: 400, body: { code: 'invalid_scenario' } });
    expect(checked.body.message).toMatch(/has no field constructor/);
    const run = await em.call('POST', '/_emulator/scenario', { body: { scenario: steps('${acme.name.constructor}') } });
    expect(run).toMatchObject({ status: 400, body: { code: 'invalid_scenario' } });
    expect(run.body.message).toMatch(/has no value/);
    expect(em.records('customers', { limit: 10, offset: 0 }).total).toBe(0);
  });

  it('name a record constructor like any other, and refuse __proto__, which the result could not hold', async () => {
    const em = await inProcess();
    const named = (as: string) => ({
      steps: [
        { create: 'customers', as, data: { name: 'Acme' } },
        { create: 'customers', as: 'copy', data: { name: `\${${as}.name} again` } },
      ],
    });
    const run = await em.call('POST', '/_emulator/scenario', { body: { scenario: named('constructor') } });
    expect(run.status).toBe(200);
    expect(run.body.records.constructor.name).toBe('Acme');
    expect(run.body.records.copy.name).toBe('Acme again');
    const refused = await em.call('POST', '/_emulator/scenario', { body: { scenario: named('__proto__') } });
    expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_scenario' } });
    expect(refused.body.message).toMatch(/"as" must be a name .*not today, now or __proto__/);
  });
});
