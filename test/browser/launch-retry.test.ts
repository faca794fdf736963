import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, inject, it } from 'vitest';
import { browserFor } from '../../src/testing/host-browser.js';
import { cleanUp, tempDir } from '../helpers.js';

afterEach(cleanUp);

/**
 * A Chromium that dies as it starts, then starts: its first launch ends in SIGSEGV, as one did on a
 * loaded machine, and the next runs the tests' own Chromium.
 */
async function dyingOnce(times: number): Promise<string> {
  const dir = await tempDir();
  const path = join(dir, 'chromium');
  await writeFile(
    path,
    `#!/bin/sh
n=$(cat "${dir}/launches" 2>/dev/null || echo 0); echo $((n + 1)) > "${dir}/launches"
if [ "$n" -lt ${times} ]; then kill -SEGV $$; fi
exec ${JSON.stringify(inject('browser').executablePath)} "$@"
`,
  );
  await chmod(path, 0o755);
  return path;
}

it('starts a Chromium that died as it started once more, and opens pages in it', async () => {
  const { browser } = await browserFor({ executablePath: await dyingOnce(1) });
  try {
    const page = await browser.newPage();
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
  } finally {
    await browser.close();
  }
});

it('says a second death as it is', async () => {
  await expect(browserFor({ executablePath: await dyingOnce(2) })).rejects.toThrow(/signal=SIGSEGV/);
});
