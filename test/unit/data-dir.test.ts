import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/store/data-dir.js';
import { processIdentity } from '../../src/store/process-identity.js';
import { cleanUp, tempDir } from '../helpers.js';

afterEach(cleanUp);

/**
 * A real zombie: perl forks a child that exits at once, and never waits for it. Resolves with the
 * zombie's pid once the system reports it as one.
 */
async function zombie(): Promise<{ pid: number; end(): void }> {
  const script = '$| = 1; my $pid = fork; if ($pid) { print "$pid\\n"; sleep 60 } else { exit 0 }';
  const parent = execa('perl', ['-e', script], { buffer: false, reject: false });
  const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (chunk) => resolve(Number(chunk))));
  await expect.poll(async () => (await processIdentity(pid))?.zombie).toBe(true);
  return { pid, end: () => parent.kill('SIGKILL') };
}

describe.runIf(process.platform === 'linux')('process identity', () => {
  it('tells the start time of a live process, and that it is no zombie', async () => {
    const identity = await processIdentity(process.pid);
    expect(identity).toEqual({ started: expect.stringMatching(/^\d+$/), zombie: false });
    expect(await processIdentity(process.pid)).toEqual(identity);
  });

  it('says null for a pid that does not exist, and zombie for an exited, unreaped child', async () => {
    expect(await processIdentity(2 ** 22 + 1)).toBeNull();
    const z = await zombie();
    expect(await processIdentity(z.pid)).toMatchObject({ zombie: true });
    z.end();
  });
});

describe('lockDataDir', () => {
  it('refuses a dir whose owner runs, naming it, and takes it once released', async () => {
    const dir = await tempDir();
    const held = await lockDataDir(dir);
    await held.announce('http://127.0.0.1:4455');
    await expect(lockDataDir(dir)).rejects.toThrow(
      `the data dir ${dir} is in use by the emulator at http://127.0.0.1:4455 (pid ${process.pid})`,
    );
    await held.release();
    const next = await lockDataDir(dir);
    await next.release();
  });

  it.runIf(process.platform === 'linux')('takes over a lock whose owner is a zombie', async () => {
    const dir = await tempDir();
    const z = await zombie();
    try {
      const started = (await processIdentity(z.pid))!.started;
      await writeFile(join(dir, 'lock'), JSON.stringify({ pid: z.pid, started, url: 'http://127.0.0.1:1' }));
      const lock = await lockDataDir(dir);
      expect(JSON.parse(await readFile(join(dir, 'lock'), 'utf8')).pid).toBe(process.pid);
      await lock.release();
    } finally {
      z.end();
    }
  });

  it('takes over a bare-pid lock of an older kit once that pid is gone, and one it cannot read', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'lock'), String(2 ** 22 + 1));
    await (await lockDataDir(dir)).release();
    await writeFile(join(dir, 'lock'), '{"pid": ');
    await (await lockDataDir(dir)).release();
  });

  it('never removes a lock that another emulator has taken over since', async () => {
    const dir = await tempDir();
    const first = await lockDataDir(dir);
    const other = JSON.stringify({ pid: process.pid, instance: 'another' });
    await writeFile(join(dir, 'lock'), other);
    await first.announce('http://127.0.0.1:1');
    await first.release();
    expect(await readFile(join(dir, 'lock'), 'utf8')).toBe(other);
  });
});
