import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cli, expectOneLine, startDev, tempDir, type DevProcess } from '../helpers.js';

/**
 * A path the file system refuses (a missing directory, a directory where a file should go, a file
 * where a directory should be) is one line naming it, exit 1, and nothing written: no temporary file
 * left beside the target, no directory made.
 */
afterAll(cleanUp);

/** Every file and directory under `dir`, relative, so a stray temporary file anywhere shows. */
async function tree(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).sort();
}

/** A directory with a regular file in it, `file`, for paths that go through a file. */
async function workspace() {
  const dir = await tempDir();
  const file = join(dir, 'file.txt');
  await writeFile(file, 'a regular file\n');
  return { dir, file };
}

describe('addon state export', () => {
  let dev: DevProcess;
  beforeAll(async () => {
    dev = await startDev(['--ephemeral']);
  });
  const exportTo = (path: string) => cli(['state', 'export', path, '--emulator', dev.url]);

  it('to a directory that does not exist', async () => {
    const { dir } = await workspace();
    const before = await tree(dir);
    const target = join(dir, 'missing', 'world.json');
    expectOneLine(
      await exportTo(target),
      `addon: cannot write ${target}: the directory ${join(dir, 'missing')} does not exist (ENOENT)`,
    );
    expect(await tree(dir)).toEqual(before);
  });

  it('to an existing directory: no temporary file is left beside it', async () => {
    const { dir } = await workspace();
    const target = join(dir, 'out');
    await mkdir(target);
    const before = await tree(dir);
    expectOneLine(await exportTo(target), `addon: cannot write ${target}: it is a directory (EISDIR)`);
    expect(await tree(dir)).toEqual(before);
  });

  it('to a path under a regular file', async () => {
    const { dir, file } = await workspace();
    const before = await tree(dir);
    expectOneLine(
      await exportTo(join(file, 'world.json')),
      `addon: cannot write ${join(file, 'world.json')}: ${file} is not a directory (ENOTDIR)`,
    );
    expect(await tree(dir)).toEqual(before);
  });

  it.skipIf(process.getuid?.() === 0)('to a directory it may not write to', async () => {
    const { dir } = await workspace();
    const locked = join(dir, 'locked');
    await mkdir(locked);
    await chmod(locked, 0o555);
    expectOneLine(
      await exportTo(join(locked, 'world.json')),
      `addon: cannot write ${join(locked, 'world.json')}: permission denied (EACCES)`,
    );
    expect(await readdir(locked)).toEqual([]);
  });
});

describe('addon init', () => {
  it('under a regular file', async () => {
    const { dir, file } = await workspace();
    const before = await tree(dir);
    expectOneLine(
      await cli(['init', join(file, 'my-addon')]),
      `addon: cannot create ${join(file, 'my-addon')}: ${file} is not a directory (ENOTDIR)`,
    );
    expect(await tree(dir)).toEqual(before);
  });
});

describe('addon dev', () => {
  const dev = (...args: string[]) => cli(['dev', '--no-open', '--port', '0', ...args]);

  it('--data naming a regular file, or a path under one', async () => {
    const { dir, file } = await workspace();
    const before = await tree(dir);
    expectOneLine(await dev('--data', file), `addon: cannot use the data dir ${file}: it is a file, not a directory`);
    expectOneLine(
      await dev('--data', join(file, 'data')),
      `addon: cannot use the data dir ${join(file, 'data')}: ${file} is not a directory (ENOTDIR)`,
    );
    expect(await tree(dir)).toEqual(before);
  });

  it('--export-on-exit to a directory that does not exist, or to a directory, is refused at start', async () => {
    const { dir, file } = await workspace();
    const before = await tree(dir);
    const missing = join(dir, 'missing', 'world.json');
    expectOneLine(
      await dev('--ephemeral', '--export-on-exit', missing),
      `addon: cannot write ${missing}: the directory ${join(dir, 'missing')} does not exist (ENOENT)`,
    );
    expectOneLine(
      await dev('--ephemeral', '--export-on-exit', dir),
      `addon: cannot write ${dir}: it is a directory (EISDIR)`,
    );
    expectOneLine(
      await dev('--ephemeral', '--export-on-exit', join(file, 'w.json')),
      `addon: cannot write ${join(file, 'w.json')}: ${file} is not a directory (ENOTDIR)`,
    );
    expect(await tree(dir)).toEqual(before);
  });

  it('--export-on-exit that fails at the stop: one line, exit 1, no temporary file left', async () => {
    const { dir } = await workspace();
    const target = join(dir, 'world.json');
    const session = await startDev(['--ephemeral', '--export-on-exit', target]);
    // The target became a directory while the emulator ran: the write at the stop fails.
    await mkdir(target);
    await session.stop('SIGINT');
    const result = await session.process;
    expectOneLine(
      {
        exitCode: result.exitCode,
        stderr: session
          .output()
          .split('\n')
          .filter((l) => !l.startsWith('{'))
          .join('\n'),
      },
      `addon: cannot write ${target}: it is a directory (EISDIR); the world was not exported`,
    );
    expect(await tree(dir)).toEqual(['file.txt', 'world.json']);
    expect(existsSync(target)).toBe(true);
  });
});
