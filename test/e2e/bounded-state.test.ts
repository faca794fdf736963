import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api, cleanUp, cli, startDev, tempDir } from '../helpers.js';

afterEach(cleanUp);

describe('no input breaks the emulator for good', () => {
  it('refuses a clock advance past 100 years in one line, and the clock and tokens keep working after a restart', async () => {
    const data = await tempDir();
    const first = await startDev(['--data', data]);
    const advance = await cli(['clock', 'advance', '2000000000h', '--emulator', first.url]);
    expect(advance.exitCode).toBe(2);
    expect(advance.stderr).toBe('addon: <duration> is longer than 100 years (36500d) (got "2000000000h")');
    expect((await cli(['clock', 'advance', '36000d', '--emulator', first.url])).exitCode).toBe(0);
    const beyond = await cli(['clock', 'advance', '600d', '--emulator', first.url]);
    expect(beyond.exitCode).toBe(1);
    expect(beyond.stderr).toBe(
      'addon: the emulated clock runs at most 100 years (36500d) ahead of real time; it is 36000d ahead now',
    );
    await first.stop('SIGINT');

    const second = await startDev(['--data', data]);
    const clock = await cli(['clock', '--json', '--emulator', second.url]);
    expect(JSON.parse(clock.stdout).offsetMs).toBe(36_000 * 86_400_000);
    const token = (await cli(['token', '--emulator', second.url])).stdout.trim();
    expect((await api(`${second.apiUrl}/customers`, { token })).status).toBe(200);
  });

  it('says at start which file holds a clock out of range, and how to mend it, instead of refusing every token', async () => {
    const data = await tempDir();
    const first = await startDev(['--data', data]);
    await cli(['clock', 'advance', '1m', '--emulator', first.url]);
    await first.stop('SIGINT');
    // What a kit that did not bound the clock could leave: an offset past the range of Date.
    const file = join(data, 'db.json');
    const snapshot = JSON.parse(await readFile(file, 'utf8'));
    snapshot.collections.emulator = { _: [{ _id: 'clock', offsetMs: 9e15 }] };
    await writeFile(file, JSON.stringify(snapshot));

    const dev = await cli(['dev', '--no-open', '--port', '0', '--data', data]);
    expect(dev.exitCode).toBe(1);
    expect(dev.stderr).toBe(
      `addon: the emulated clock saved in ${file} is out of range (offsetMs 9000000000000000, at most 100 years ahead); ` +
        `remove its "clock" document (under "emulator") from that file to start the clock at real time, or delete ${data} to start afresh`,
    );
  });
});
