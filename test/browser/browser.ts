import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS } from '../../src/testing/host-browser.js';
import { ROOT } from '../helpers.js';
import type {} from './choose-browser.js';

export const SCREENSHOTS = join(ROOT, 'test', 'output');

/** The chosen headless Chromium (test/global-setup.ts), with the flags openHostPage() uses. */
export async function launchChromium(): Promise<Browser> {
  await mkdir(SCREENSHOTS, { recursive: true });
  return chromium.launch({ executablePath: inject('browser').executablePath, args: CHROMIUM_ARGS });
}

/** The claims of a JWT, read without verifying (the tests verify elsewhere). */
export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

export const tokenInSrc = (src: string): string => new URL(src).searchParams.get('service_token') ?? '';
