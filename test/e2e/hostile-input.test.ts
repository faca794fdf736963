import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api, cleanUp, cli, expectOneLine, startDev, tempDir } from '../helpers.js';

/**
 * Hostile JSON through the real CLI (docs/limits.md): a file too deep is one line and changes
 * nothing, and a value too deep posted to a running `addon dev` no longer wedges its shutdown.
 */
afterEach(cleanUp);

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** A state file whose one storage value nests `levels` deep, as text. */
const deepState = (levels: number) =>
  `{"format":"addon-devkit/state","version":1,"savedAt":"2026-01-01T00:00:00.000Z","clock":{"offsetMs":0},` +
  `"organizations":{"org_demo":{"apps":{"com.example.demo-addon":{"storage":[{"key":"k","value":${nested(levels)},` +
  `"createdAt":"2026-01-01T00:00:00.000Z","updatedAt":"2026-01-01T00:00:00.000Z"}]}}}}}`;

describe('files too deep', () => {
  it('addon dev --import and addon state import say so in one line, and nothing changes', async () => {
    const dir = await tempDir();
    const file = join(dir, 'deep.json');
    await writeFile(file, deepState(6000));
    const start = await cli(['dev', '--no-open', '--port', '0', '--data', join(dir, 'data'), '--import', file]);
    expectOneLine(
      start,
      /deep\.json: the state file nests deeper than 72 levels of arrays and objects \(at \/organizations/,
    );

    const dev = await startDev(['--data', join(dir, 'data')]);
    const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
    await api(`${dev.apiUrl}/customers`, { token, body: { name: 'Kept' } });
    const before = (await api(`${dev.url}/_emulator/state`)).body.organizations;
    expectOneLine(
      await cli(['state', 'import', file, '--emulator', dev.url]),
      /deep\.json: the state file nests deeper than 72 levels.*; nothing was changed$/,
    );
    expect((await api(`${dev.url}/_emulator/state`)).body.organizations).toEqual(before);
  });

  it('addon.config.json too deep is one line', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'addon.config.json'), `{"name":${nested(100)}}`);
    expectOneLine(
      await cli(['dev', '--no-open', '--port', '0', '--ephemeral'], { cwd: dir }),
      /addon\.config\.json: it nests deeper than 64 levels of arrays and objects \(at \/name\/0\/0.*; nothing was changed$/,
    );
  });
});

describe('a running addon dev', () => {
  it('refuses deep values on every way in and still stops cleanly on Ctrl-C, its lock released', async () => {
    const data = await tempDir();
    const dev = await startDev(['--data', data]);
    const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
    const post = (path: string, body: string, method = 'POST') =>
      fetch(`${dev.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const refused = await Promise.all([
      post('/api/addon/v1/storage/k', `{"value":${nested(6000)}}`, 'PUT'),
      post('/inbox/deep', nested(6000)),
      post('/_emulator/events/trigger', `{"event":"customer.created","data":{"x":${nested(6000)}}}`),
      post('/_emulator/state', deepState(6000), 'PUT'),
    ]);
    for (const res of refused) expect(res).toMatchObject({ status: 400, body: { code: 'json_too_deep' } });
    expect((await api(`${dev.apiUrl}/customers`, { token, body: { name: 'After' } })).status).toBe(201);
    expect((await api(`${dev.url}/_emulator/states`, { body: { name: 'saved' } })).status).toBe(201);

    await dev.stop('SIGINT');
    expect(dev.process.exitCode).toBe(0);
    expect(existsSync(join(data, 'lock'))).toBe(false);
    const again = await startDev(['--data', data]);
    const customers = await api(`${again.apiUrl}/customers`, { token });
    expect(customers.body.data.map((c: { name: string }) => c.name)).toEqual(['After']);
  });
});
