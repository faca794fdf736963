import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { ROOT } from '../helpers.js';
import type {} from './choose-browser.js';

export const SCREENSHOTS = join(ROOT, 'test', 'output');

/**
 * Headless Chromium with no network beyond loopback. Our own flags, not @sparticuz/chromium's `args`:
 * those are tuned for AWS Lambda and turn off web security and site isolation, which the host page's
 * origin checks are tested under.
 */
export async function launchChromium(): Promise<Browser> {
  await mkdir(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: inject('browser').executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** The claims of a JWT, read without verifying (the tests verify elsewhere). */
export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

export const tokenInSrc = (src: string): string => new URL(src).searchParams.get('service_token') ?? '';
