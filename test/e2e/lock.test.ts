import { createServer } from 'node:net';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api, cleanUp, cli, startDev, tempDir, writers } from '../helpers.js';

afterEach(cleanUp);

const lockOf = async (data: string) => JSON.parse(await readFile(join(data, 'lock'), 'utf8'));

describe('the data dir lock', () => {
  /**
   * SIGKILL to the process group of `npx addon dev` kills npm, its shell and the emulator at once; the
   * emulator stays a zombie until something reaps it (here, for ever: pid 1 does not). The next
   * start must take the lock over at once and find every write that was answered.
   */
  it('is never held by a hard-killed `npx addon dev`, over 20 rounds of SIGKILL and immediate restart', async () => {
    const data = await tempDir();
    let token = '';
    let previous: string[] = [];
    for (let round = 0; round < 20; round++) {
      const dev = await startDev(['--data', data], { npx: true });
      token ||= (await cli(['token', '--emulator', dev.url])).stdout.trim();
      for (const id of previous) {
        expect((await api(`${dev.apiUrl}/customers/${id}`, { token })).status, `round ${round}, ${id}`).toBe(200);
      }
      const load = writers(dev.apiUrl, token);
      await load.reached(5);
      await dev.stop('SIGKILL');
      await load.stop();
      previous = load.answered;
    }
    const last = await startDev(['--data', data]);
    expect((await api(`${last.apiUrl}/customers/${previous[0]}`, { token })).status).toBe(200);
    JSON.parse(await readFile(join(data, 'db.json'), 'utf8'));
  }, 180_000);

  it('does not let a live process that reused a dead emulator pid block a start', async () => {
    const data = await tempDir();
    const first = await startDev(['--data', data]);
    await first.stop('SIGKILL');
    const left = await lockOf(data);
    expect(left).toMatchObject({ pid: first.process.pid, url: first.url });
    // The test runner stands for the program that got the dead emulator's pid: alive, not an emulator.
    await writeFile(join(data, 'lock'), JSON.stringify({ ...left, pid: process.pid }));
    const second = await startDev(['--data', data]);
    expect(await lockOf(data)).toMatchObject({ pid: second.process.pid, url: second.url });
  });

  it('refuses a second `addon dev` on a dir in use, in one line naming the running emulator', async () => {
    const data = await tempDir();
    const first = await startDev(['--data', data]);
    const second = await cli(['dev', '--no-open', '--port', '0', '--data', data]);
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toBe(
      `addon: the data dir ${data} is in use by the emulator at ${first.url} (pid ${first.process.pid}); ` +
        'stop it, or pass --data <dir> or --ephemeral',
    );
    expect((await api(`${first.url}/_emulator/status`)).status).toBe(200);
  });

  it('leaves no new data dir behind when `addon dev` cannot listen', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    try {
      const data = join(await tempDir(), 'new-data');
      const dev = await cli(['dev', '--no-open', '--port', String(port), '--data', data]);
      expect(dev.exitCode).toBe(1);
      expect(dev.stderr).toMatch(new RegExp(`^addon: port ${port} is in use`));
      await expect(stat(data)).rejects.toThrow(/ENOENT/);
    } finally {
      busy.close();
    }
  });
});
