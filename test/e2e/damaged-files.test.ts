import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, cli, expectOneLine, startDev, tempDir } from '../helpers.js';

/** Files in the data dir that are damaged or of the wrong shape: said in one line, never a 500 or a stack. */
afterEach(cleanUp);

const state = (organizations: unknown) => ({
  format: 'addon-devkit/state',
  version: 1,
  savedAt: '2026-01-01T00:00:00.000Z',
  clock: { offsetMs: 0 },
  organizations,
});

describe('a damaged file among the saved states', () => {
  it('is listed as unreadable with its problem, and the other states as usual', async () => {
    const data = await tempDir();
    const states = join(data, 'states');
    await mkdir(states, { recursive: true });
    const damaged: Record<string, string> = {
      'null-org': JSON.stringify(state({ org_a: null })),
      'not-json': 'not JSON {',
      array: '[]',
      'null-records': JSON.stringify(state({ org_a: { records: null } })),
      'string-docs': JSON.stringify(state({ org_a: { records: { customers: 'many' } } })),
      'no-organizations': JSON.stringify({ ...state({}), organizations: 7, savedAt: 12 }),
    };
    for (const [name, text] of Object.entries(damaged)) await writeFile(join(states, `${name}.json`), text);
    // A directory where a file should be cannot be read at all.
    await mkdir(join(states, 'folder.json'));
    const dev = await startDev(['--data', data]);
    const run = (...args: string[]) => cli([...args, '--emulator', dev.url]);
    expect((await run('seed', '--size', '1')).exitCode).toBe(0);
    expect((await run('state', 'save', 'good')).exitCode).toBe(0);

    const listed = await run('state', 'list', '--json');
    expect(listed.stderr).toBe('');
    const byName = Object.fromEntries(
      JSON.parse(listed.stdout).data.map((info: { name: string }) => [info.name, info]),
    );
    expect(Object.keys(byName).sort()).toEqual([...Object.keys(damaged), 'folder', 'good'].sort());
    expect(byName.good).toEqual({ name: 'good', savedAt: expect.any(String), records: expect.any(Number) });
    expect(byName.good.records).toBeGreaterThan(0);
    const unreadable = { savedAt: null, records: 0, problem: expect.any(String) };
    for (const name of [...Object.keys(damaged), 'folder']) expect(byName[name], name).toMatchObject(unreadable);
    expect(byName['null-org'].problem).toBe('organizations.org_a is not an object');
    expect(byName['not-json'].problem).toBe('not valid JSON');
    expect(byName.array.problem).toBe('not an addon-devkit state file');
    expect(byName['null-records'].problem).toBe('organizations.org_a.records is not an object');
    expect(byName['string-docs'].problem).toBe('organizations.org_a.records.customers is not an array');
    expect(byName['no-organizations'].problem).toBe('savedAt is not a string');
    expect(byName.folder.problem).toBe('cannot be read (EISDIR)');

    const shown = await run('state', 'list');
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).toContain('null-org  0 records  unreadable: organizations.org_a is not an object');
    expect(shown.stdout).toMatch(/^good {2}\d+ records {2}saved \S+$/m);
    // Restoring one is refused in one line naming the problem; the good one restores.
    expectOneLine(await run('state', 'restore', 'null-org'), /organizations\.org_a/);
    expect((await run('state', 'restore', 'good')).exitCode).toBe(0);
  });
});
