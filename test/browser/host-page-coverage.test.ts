// openHostPage() under ADDON_COVERAGE_DIR: when the emulator it opens writes no coverage file of its
// own, the page's bridge traffic would be counted nowhere, so it writes one (source openHostPage, the
// bridge alone); when the emulator writes one, it writes nothing more.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoverageFile } from '../../src/coverage/coverage-file.js';
import { createEmulator, type EmulatorOptions } from '../../src/emulator/create-emulator.js';
import { openHostPage } from '../../src/testing/index.js';
import { tempDir } from '../helpers.js';
import { useBrowser } from './browser.js';

const { browser, keep } = useBrowser();
let dir: string;
beforeEach(async () => {
  dir = await tempDir();
  process.env.ADDON_COVERAGE_DIR = dir;
});
afterEach(() => {
  delete process.env.ADDON_COVERAGE_DIR;
});

/** An emulator serving the bundled demo add-on, listening, closed after the test. */
async function demoEmulator(coverage?: EmulatorOptions['coverage']) {
  const emulator = keep(await createEmulator({ port: 0, demo: true, coverage }));
  await emulator.listen();
  return emulator;
}

/** The demo add-on's notifies of success (twice) and info, then the page closed; how many resizes it sent. */
async function notifyAndClose(url: string) {
  const host = await openHostPage(url, { browser: browser() });
  for (const button of ['demo-notify-success', 'demo-notify-success', 'demo-notify-info'])
    await host.addon.getByTestId(button).click();
  await host.messages.waitFor('service:notify', (m) => (m.payload as { level: string }).level === 'info');
  // The demo add-on fits the frame to its content by itself, as often as its layout asks.
  const resizes = host.messages.list().filter((m) => m.type === 'service:resize' && m.warning === null).length;
  await host.close();
  return { resizes };
}

const files = async (where: string) =>
  Promise.all(
    (await readdir(where)).map(async (name) => ({
      name,
      file: JSON.parse(await readFile(join(where, name), 'utf8')) as CoverageFile,
    })),
  );

describe('openHostPage with ADDON_COVERAGE_DIR', () => {
  it("writes a file of the bridge when the emulator writes none: what the page's traffic met", async () => {
    const emulator = await demoEmulator();
    const { resizes } = await notifyAndClose(emulator.url);
    const written = await files(dir);
    expect(written.map(({ name }) => name)).toEqual([
      expect.stringMatching(/^coverage-host-page-\d+-[0-9a-f]{8}\.json$/),
    ]);
    const [{ file }] = written;
    expect(file).toMatchObject({ source: 'openHostPage', appId: emulator.settings.appId });
    expect(file.surface.bridge).toEqual(emulator.coverage!.now().surface.bridge);
    expect(file.surface.operations).toEqual([]);
    expect(file.hits.bridge).toEqual({
      'service:ready': 1,
      'service:context': 1,
      'service:notify success': 2,
      ...(resizes ? { 'service:resize': resizes } : {}),
    });
    expect(file.hits.responses).toEqual({});
    // `info` is no level the spec shows: seen, not covered.
    expect(file.seen).toEqual({ 'bridge beyond the surface': { 'service:notify info': 1 } });
  });

  it("writes nothing of its own when the emulator writes its file, which has the page's last messages", async () => {
    const own = await tempDir();
    const emulator = await demoEmulator({ dir: own });
    const { resizes } = await notifyAndClose(emulator.url);
    expect(await readdir(dir)).toEqual([]);
    // Closed at once, as a test's clean-up does: the host page's last report came before.
    await emulator.close();
    const [file, ...more] = (await files(own)).map(({ file }) => file);
    expect(more).toEqual([]);
    expect(file.source).toBe('startEmulator');
    expect(file.hits.bridge).toEqual({
      'service:ready': 1,
      'service:context': 1,
      'service:notify success': 2,
      ...(resizes ? { 'service:resize': resizes } : {}),
    });
    expect(file.seen['bridge beyond the surface']).toEqual({ 'service:notify info': 1 });
  });
});
