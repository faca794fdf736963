import type { TestProject } from 'vitest/node';
import { chooseBrowser } from './browser/choose-browser.js';

/**
 * Runs once before the workers start: picks the browser and, for the bundled one, unpacks its binary
 * here, so that two workers never unpack it into the same temp file at once.
 */
export default async function setup(project: TestProject): Promise<void> {
  const browser = await chooseBrowser();
  project.provide('browser', browser);
  if (browser.kind === 'bundled') console.log(`browser tests: the bundled Chromium (${browser.executablePath})`);
}
