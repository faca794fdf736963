import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
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

describe('the store in the data dir', () => {
  it('refuses --export-on-exit into the data dir at start, in one line, writing nothing', async () => {
    const cwd = await tempDir();
    const data = join(cwd, 'data');
    for (const target of [join(data, 'db.json'), join(data, 'states', 'x.json'), data]) {
      const result = await cli(['dev', '--no-open', '--port', '0', '--data', data, '--export-on-exit', target]);
      expectOneLine(
        result,
        `addon: --export-on-exit ${target} is inside the data dir ${data}, which the emulator owns; choose a file outside it`,
      );
      expect(existsSync(data), 'the data dir was made').toBe(false);
    }
    // Relative paths are resolved first: the default data dir, .addon, named another way.
    expectOneLine(
      await cli(['dev', '--no-open', '--port', '0', '--export-on-exit', './.addon/../.addon/world.json'], { cwd }),
      /^addon: --export-on-exit .*\/\.addon\/world\.json is inside the data dir .*\/\.addon, which the emulator owns/,
    );
    expect(existsSync(join(cwd, '.addon'))).toBe(false);
  });

  it('refuses addon state export into the running emulator data dir, in one line, writing nothing', async () => {
    const data = await tempDir();
    const dev = await startDev(['--data', data]);
    const before = await readdir(data);
    expectOneLine(
      await cli(['state', 'export', join(data, 'db.json'), '--emulator', dev.url]),
      `addon: ${join(data, 'db.json')} is inside the data dir ${data} of the emulator at ${dev.url}; choose a file outside it`,
    );
    expect(await readdir(data)).toEqual(before);
  });

  it('a db.json of the wrong shape stops the start with one line naming it, never a stack trace', async () => {
    const shapes = {
      array: '[]',
      'null collections': '{"collections": null}',
      null: 'null',
      number: '5',
      'no format': '{"generation": 0, "collections": {}}',
      'docs not an array': '{"format": 1, "generation": 0, "collections": {"customers": {"org_demo": {}}}}',
      'a doc without _id': '{"format": 1, "generation": 0, "collections": {"customers": {"org_demo": [{"x": 1}]}}}',
      'a state file': JSON.stringify(state({})),
    };
    await Promise.all(
      Object.entries(shapes).map(async ([shape, text]) => {
        const data = await tempDir();
        await writeFile(join(data, 'db.json'), text);
        const result = await cli(['dev', '--no-open', '--port', '0', '--data', data]);
        expect(result.stderr, shape).toMatch(new RegExp(`^addon: the store ${join(data, 'db.json')} is not `));
        expectOneLine(result);
      }),
    );
    // A state file there says where it belongs.
    const data = await tempDir();
    await writeFile(join(data, 'db.json'), JSON.stringify(state({})));
    expectOneLine(
      await cli(['dev', '--no-open', '--port', '0', '--data', data]),
      `addon: the store ${join(data, 'db.json')} is not a store snapshot but a state file; move it out of the data dir and start with --import <file>`,
    );
  }, 90_000);

  it('a journal line that is JSON but not a change stops the start with one line naming the file and line', async () => {
    const put = JSON.stringify({ c: 'customers', s: 'org_demo', put: { _id: 'cus_1', name: 'A' } });
    const lines = ['null', '[1, 2]', '{"c": "customers", "s": "org_demo", "put": {"name": "no id"}}'];
    await Promise.all(
      lines.map(async (line) => {
        const data = await tempDir();
        const journal = join(data, 'journal-0.ndjson');
        await writeFile(journal, `${put}\n${line}\n${put}\n`);
        expectOneLine(
          await cli(['dev', '--no-open', '--port', '0', '--data', data]),
          `addon: the journal ${journal} is damaged at line 2 (not a change the store writes)`,
        );
      }),
    );
  }, 90_000);
});
