import { readFileSync, readlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, cli, freePort, startDev, tempDir } from '../helpers.js';

/**
 * How the add-on's dev command ends (src/dev/tether.ts) when it ignores SIGTERM: `node server.mjs`, a
 * server that traps it, run by /bin/sh, which dash (on Debian and Ubuntu) runs as its child rather
 * than exec'ing it, and which dies of it. However `addon dev` or `addon check` ends, the command's
 * whole process group is killed once its grace period is over, and its port is free again.
 */

// Each test's servers write their pids in its project's `pids`; any that outlived it is killed here.
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) killLeftovers(dir);
  await cleanUp();
});

// A dev server whose SIGTERM handler never ends it, as one whose graceful shutdown hangs.
const STUBBORN = `
import { appendFileSync } from 'node:fs';
import http from 'node:http';
appendFileSync('pids', process.pid + '\\n');
process.on('SIGTERM', () => console.log('ignoring SIGTERM'));
const [port] = process.argv.slice(2);
if (port) http.createServer((q, r) => r.end('ok')).listen(Number(port), '127.0.0.1', () => console.log('listening'));
else setInterval(() => {}, 60_000);
`;

/** A project whose `dev` command is `dev` (given the port), its server STUBBORN, in server.mjs. */
async function stubbornProject(dev = (port: number) => `node server.mjs ${port}`, config: object = {}) {
  const dir = await tempDir();
  dirs.push(dir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  await writeFile(join(dir, 'server.mjs'), STUBBORN);
  const command = dev(port);
  await writeFile(
    join(dir, 'addon.config.json'),
    JSON.stringify({ appId: 'com.example.stubborn', url, dev: command, ...config }),
  );
  return { dir, url, command };
}

const answers = (url: string) =>
  fetch(url).then(
    async (response) => (await response.body?.cancel(), true),
    () => false,
  );

/** The pids the project's servers wrote. */
const pidsOf = (dir: string): number[] => {
  try {
    return readFileSync(join(dir, 'pids'), 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

/** Whether `pid` runs: not gone, and not a zombie waiting for its reaper. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

/** Kills what a failed test left running: only processes still working in the test's own directory. */
function killLeftovers(dir: string): void {
  for (const pid of pidsOf(dir)) {
    try {
      if (readlinkSync(`/proc/${pid}/cwd`) === dir) process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

describe('addon dev', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'asks the dev command to stop with SIGTERM on %s, then kills its whole group after the grace period',
    async (signal) => {
      const { dir, url } = await stubbornProject();
      const dev = await startDev(['--ephemeral'], { cwd: dir });
      expect(await answers(url)).toBe(true);
      await dev.stop(signal);
      expect(dev.output()).toContain('[addon] ignoring SIGTERM');
      await expect.poll(() => answers(url)).toBe(false);
    },
  );

  it.each([
    ['addon dev alone', false],
    ['its whole process group', true],
  ])('kills the dev command that ignores SIGTERM when kill -9 ends %s', async (_, group) => {
    const { dir, url } = await stubbornProject();
    const dev = await startDev(['--ephemeral'], { cwd: dir, group });
    expect(await answers(url)).toBe(true);
    await dev.stop('SIGKILL');
    await expect.poll(() => answers(url)).toBe(false);
  });

  it('ends even when the dev command set a process apart that holds its output (setsid): the kit waits for its tether, not the pipes', async () => {
    // The process set apart leaves the group, so no signal of the tether reaches it; it is killed by
    // the test's afterEach (it wrote its pid).
    const { dir, url } = await stubbornProject((port) => `setsid node server.mjs & node server.mjs ${port}`);
    const dev = await startDev(['--ephemeral'], { cwd: dir });
    await expect.poll(() => pidsOf(dir).length).toBe(2);
    await dev.stop('SIGINT');
    await expect.poll(() => answers(url)).toBe(false);
  });

  it('ends what the dev command left in the background when its shell exits: the command has ended, and addon dev says it exited', async () => {
    // The shell starts the server in the background, waits until it has written its pid, and exits 0.
    const { dir, command } = await stubbornProject(() => 'node server.mjs & while [ ! -s pids ]; do sleep 0.1; done');
    const result = await cli(['dev', '--no-open', '--ephemeral', '--port', '0'], { cwd: dir });
    expect(result.exitCode, result.stderr).toBe(1);
    expect(result.stderr.trim()).toBe(`addon: the add-on's dev command "${command}" exited with 0`);
    const [pid] = pidsOf(dir);
    await expect.poll(() => running(pid!)).toBe(false);
  });
});

describe('addon check', () => {
  it.each([
    ['passes', {}, 0],
    // A check that fails once the add-on runs (an invalid config fails before its dev command starts).
    [
      'fails',
      { scopes: ['customers.read'], webhooks: [{ event: 'invoice.paid', url: 'http://127.0.0.1:9/webhooks' }] },
      1,
    ],
  ] as const)('kills the dev command that ignores SIGTERM when the run %s', async (_, config, exitCode) => {
    const { dir, url } = await stubbornProject(undefined, config);
    const result = await cli(['check', '--only', 'config'], { cwd: dir });
    expect(result.exitCode, result.stderr).toBe(exitCode);
    expect(result.stderr).toContain('[addon] listening');
    await expect.poll(() => answers(url)).toBe(false);
  });

  it('kills the dev command that ignores SIGTERM when the run is stopped by Ctrl-C', async () => {
    const { dir, url } = await stubbornProject();
    const check = cli(['check', '--only', 'page'], { cwd: dir });
    let stderr = '';
    await new Promise<void>((resolve) =>
      check.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk;
        if (stderr.includes('[addon] listening')) resolve();
      }),
    );
    check.kill('SIGINT');
    expect((await check).exitCode).toBe(130);
    await expect.poll(() => answers(url)).toBe(false);
  });
});
