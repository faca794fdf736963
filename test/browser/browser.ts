import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { Emulator } from '../../src/emulator/create-emulator.js';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { browserFor } from '../../src/testing/host-browser.js';
import { cleanUp, ROOT } from '../helpers.js';
import type {} from './choose-browser.js';

export const SCREENSHOTS = join(ROOT, 'test', 'output');

/** The chosen headless Chromium (test/global-setup.ts), launched as openHostPage() launches one. */
export async function launchChromium(): Promise<Browser> {
  await mkdir(SCREENSHOTS, { recursive: true });
  return (await browserFor({ executablePath: inject('browser').executablePath })).browser;
}

/** The claims of a JWT, read without verifying (the tests verify elsewhere). */
export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

export const tokenInSrc = (src: string): string => new URL(src).searchParams.get('service_token') ?? '';

/** What a test opens and must close: a host page, an emulator. */
interface Closable {
  close(): Promise<unknown>;
}

/**
 * A test file's Chromium, launched before its tests and closed after them, and `keep` for what a test
 * opens: closed after that test, newest first, then the CLI processes and folders it made (cleanUp).
 */
export function useBrowser(): { browser(): Browser; keep<T extends Closable>(item: T): T } {
  let browser: Browser | undefined;
  const kept: Closable[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    for (const item of kept.splice(0).reverse()) await item.close();
    await cleanUp();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser() {
      if (!browser) throw new Error('useBrowser(): the browser is launched in beforeAll, not before');
      return browser;
    },
    keep: (item) => (kept.push(item), item),
  };
}

/** One Chromium and one emulator that a test file's tests share, and its screenshots' folder. */
export interface SharedHost {
  browser: Browser;
  emulator: Emulator;
  /** test/output/<name>/ */
  shots: string;
  /** Closes `item` after the file's tests (pages, contexts, host pages), newest first. */
  keep<T extends Closable>(item: T): T;
}

/**
 * A Chromium and an emulator (made by `make`, which also makes it listen and fills it) ready before a
 * file's tests and shared by them all, for tests that look at one world from many windows; after
 * them, what was kept, newest first, then the emulator, the browser, and the CLI processes and
 * folders the tests made (cleanUp).
 */
export function useSharedHost(name: string, make: () => Promise<Emulator>): SharedHost {
  const kept: Closable[] = [];
  const shared = {
    shots: join(SCREENSHOTS, name),
    keep: (item) => (kept.push(item), item),
  } as SharedHost;
  beforeAll(async () => {
    shared.browser = await launchChromium();
    await mkdir(shared.shots, { recursive: true });
    shared.emulator = await make();
  });
  afterAll(async () => {
    for (const item of kept.splice(0).reverse()) await item.close();
    await shared.emulator?.close();
    await shared.browser?.close();
    await cleanUp();
  });
  return shared;
}
