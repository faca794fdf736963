import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, inProcess, type InProcessEmulator, tempDir } from '../helpers.js';

/**
 * Values nested thousands of levels deep parse, but JSON.stringify cannot write them back out: one
 * such value in the journal used to fail every write of its batch, and the shutdown's flush. Every
 * way JSON comes in now refuses them (and numbers JSON cannot hold) with 400 and a stable code,
 * before anything changes; and what is accepted survives a restart identical (docs/limits.md).
 */
afterEach(cleanUp);

/** `levels` arrays inside each other, as text: building it as a value and stringifying would overflow. */
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const DEEP = nested(6000);

async function started(dataDir: string): Promise<InProcessEmulator & { token: string }> {
  const em = await inProcess({ dataDir });
  await em.listen();
  const { token } = await em.token({});
  return Object.assign(em, { token });
}

/** A real request to the listening emulator, with the body sent as the text given. */
async function send(em: InProcessEmulator & { token: string }, method: string, path: string, body: string) {
  const response = await fetch(`${em.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${em.token}`, 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, body: await response.json() };
}

/** Every way a deep value can come in over HTTP. */
const deepInputs = (state: string): Array<[string, string, string]> => [
  ['PUT', '/api/addon/v1/storage/deep', `{"value":${DEEP}}`],
  ['PUT', '/api/addon/v1/config', `{"deep":${DEEP}}`],
  ['POST', '/inbox/deep', DEEP],
  ['POST', '/_emulator/events/trigger', `{"event":"customer.created","data":{"name":${DEEP}}}`],
  ['POST', '/_emulator/scenario', `{"scenario":{"steps":[{"trigger":"customer.created","data":{"x":${DEEP}}}]}}`],
  ['PUT', '/_emulator/state', state],
];

/** An exported world with one storage value replaced by `valueText`. */
function stateWith(world: Record<string, any>, valueText: string): string {
  const file = structuredClone(world);
  file.organizations.org_demo ??= {};
  file.organizations.org_demo.apps = {
    'com.example.addon': {
      storage: [{ key: 'k', value: '@VALUE@', createdAt: world.savedAt, updatedAt: world.savedAt }],
    },
  };
  return JSON.stringify(file).replace('"@VALUE@"', () => valueText);
}

describe('values nested too deep', () => {
  it('are refused on every way in, while concurrent writes are answered and kept through a restart', async () => {
    const dataDir = await tempDir();
    const em = await started(dataDir);
    const before = (await em.call('GET', '/_emulator/state')).body;
    const refusals = deepInputs(stateWith(before, DEEP)).map(([method, path, body]) => send(em, method, path, body));
    const writes = Array.from({ length: 20 }, (_, i) =>
      send(em, 'POST', '/api/addon/v1/customers', JSON.stringify({ name: `Concurrent ${i}` })),
    );
    for (const refused of await Promise.all(refusals)) {
      expect(refused).toMatchObject({ status: 400, body: { code: 'json_too_deep' } });
      expect(refused.body.message).toMatch(/nests deeper than \d+ levels/);
    }
    const written = await Promise.all(writes);
    expect(written.map((w) => w.status)).toEqual(Array(20).fill(201));

    const after = (await em.call('GET', '/_emulator/state')).body;
    expect(after.organizations.org_demo.apps).toBeUndefined();
    expect(after.organizations.org_demo.records.customers).toHaveLength(20);
    expect((await em.call('GET', '/_emulator/inbox/deep')).body.data).toEqual([]);
    await em.close();

    const again = await started(dataDir);
    expect((await again.call('GET', '/_emulator/state')).body.organizations).toEqual(after.organizations);
  });

  it('accepts the deepest value a body may hold, and gives it back identical after export, import and a restart', async () => {
    const dataDir = await tempDir();
    const em = await started(dataDir);
    // The body nests 64 levels: the object around the value is one of them.
    const stored = await send(em, 'PUT', '/api/addon/v1/storage/k', `{"value":${nested(63)}}`);
    expect(stored.status).toBe(201);
    const tooDeep = await send(em, 'PUT', '/api/addon/v1/storage/other', `{"value":${nested(64)}}`);
    expect(tooDeep).toMatchObject({ status: 400, body: { code: 'json_too_deep' } });

    const exported = (await em.call('GET', '/_emulator/state')).body;
    const fresh = await started(await tempDir());
    expect((await send(fresh, 'PUT', '/_emulator/state', JSON.stringify(exported))).status).toBe(200);
    expect((await fresh.call('GET', '/_emulator/state')).body.organizations).toEqual(exported.organizations);

    await em.close();
    const again = await started(dataDir);
    const entry = (await again.call('GET', 'storage/k', { token: again.token })).body.data;
    expect(JSON.stringify(entry.value)).toBe(nested(63));
  });

  it('refuses a state too deep from a file, from the harness and from a named restore, changing nothing', async () => {
    const dataDir = await tempDir();
    const em = await inProcess({ dataDir });
    const world = em.exportState();
    const text = stateWith(world, nested(2000));
    await expect(em.importState(JSON.parse(text))).rejects.toMatchObject({ code: 'json_too_deep' });
    await expect(inProcess({ state: JSON.parse(text) })).rejects.toThrow(/nests deeper than \d+ levels/);
    const file = join(dataDir, 'deep.json');
    await writeFile(file, text);
    await expect(inProcess({ state: file })).rejects.toThrow(/deep\.json: the state file nests deeper/);
    await em.saveState('deep');
    await writeFile(join(dataDir, 'states', 'deep.json'), text);
    await expect(em.restoreState('deep')).rejects.toMatchObject({ code: 'json_too_deep' });
    expect(em.exportState().organizations).toEqual(world.organizations);
  });
});

describe('values JSON cannot hold', () => {
  it('refuses a number out of range in a body, which would come back as null', async () => {
    const em = await started(await tempDir());
    const res = await send(em, 'PUT', '/api/addon/v1/storage/big', '{"value":1e400}');
    expect(res).toMatchObject({ status: 400, body: { code: 'json_invalid_value' } });
    expect((await em.call('GET', 'storage/big', { token: em.token })).status).toBe(404);
  });

  it('refuses in-process values that are not JSON: a cycle, a BigInt, a Date, an Infinity', async () => {
    const em = await inProcess();
    const world = em.exportState();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const value of [cyclic, 10n, new Date(0), Infinity]) {
      const file = structuredClone(world) as any;
      file.organizations.org_demo = {
        apps: { 'com.example.addon': { config: { values: { value }, updatedAt: null } } },
      };
      await expect(em.importState(file)).rejects.toMatchObject({
        code: expect.stringMatching(/^json_(too_deep|invalid_value)$/),
      });
    }
    expect(em.exportState().organizations).toEqual(world.organizations);
  });
});
