import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
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
