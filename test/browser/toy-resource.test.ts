// The toy resource of test/toy-resource.ts, defined as a package user would, shown by the host
// page's Data tab and its sidebar and pages: their lists of collections and their rows come from
// the registry, not from the page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RESOURCES } from '../../src/index.js';
import { startEmulator, type TestEmulator } from '../../src/testing/index.js';
import { api } from '../helpers.js';
import { toys } from '../toy-resource.js';
import { launchChromium } from './browser.js';
import { shellPageAt } from './shell-page.js';

let browser: Browser;
let emulator: TestEmulator;
beforeAll(async () => {
  browser = await launchChromium();
  emulator = await startEmulator({ resources: [...RESOURCES, toys], scopes: ['toys.*'] });
});
afterAll(async () => {
  await browser?.close();
  await emulator?.close();
});

it("shows a user's own resource in the Data tab, with its seeded records", async () => {
  const seeded = await api(`${emulator.url}/_emulator/seed`, { method: 'POST', body: { size: 2 } });
  expect(seeded.body.created.toys).toBe(3);
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(`${emulator.url}/`);
  await page.locator('[data-testid="tab-data"]').click();
  await page.locator('[data-testid="data-collection"]').selectOption('toys');
  await expect.poll(() => page.locator('[data-testid="data-row"]').count()).toBe(3);
  expect(await page.locator('[data-testid="data-row"]').first().textContent()).toContain('Teddy 0');
  await page.close();
});

it("gives a user's own resource a sidebar entry, a list and record pages", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(`${emulator.url}/`);
  await page.getByTestId('nav-toys').click();
  expect(await shellPageAt(page, '/toys')).toBe('Toys');
  // Newest first: the last of the three seeded above.
  const link = page.getByTestId('record-link').first();
  const path = (await link.getAttribute('href'))!.slice(1);
  await link.click();
  expect(await shellPageAt(page, path)).toBe('Toy Teddy 2');
  expect(await page.locator('[data-field="colour"] dd').textContent()).toBe('red');
  await page.close();
});
