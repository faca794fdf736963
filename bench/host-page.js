// openHostPage() from addon-devkit/testing: the time from the call to the add-on's `service:ready`
// (answered with `service:context`, when openHostPage resolves), median of BENCH_OPENS (10), in a
// browser launched once as a test suite would share it; against the same browser loading the add-on's
// page alone (a new context, goto, load event), measured in the same run. Also one cold open that
// launches its own browser. Loopback only; everything is closed.
//
//   node bench/host-page.js    (after npm run build; a system Chromium or @sparticuz/chromium)

import { median, time } from './measure.js';

const OPENS = Number(process.env.BENCH_OPENS ?? 10);
const { createEmulator } = await import('../dist/index.js');
const { openHostPage } = await import('../dist/testing/index.js');
const { CHROMIUM_ARGS, findChromium } = await import('../dist/testing/host-browser.js');
const { chromium } = await import('playwright-core');

const emulator = await createEmulator({ port: 0, demo: true });
await emulator.listen();
const executablePath = await findChromium();
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });

const bare = async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(emulator.addonUrl, { waitUntil: 'load' });
  await context.close();
};
const host = async () => (await openHostPage(emulator, { browser })).close();

// Warm-up: the first page of a browser pays for its start.
await bare();
await host();
const opens = [];
const bares = [];
for (let i = 0; i < OPENS; i++) {
  let closing;
  opens.push(await time(async () => (closing = await openHostPage(emulator, { browser }))));
  await closing.close();
  bares.push(await time(bare));
}
await browser.close();
let cold;
const coldMs = await time(async () => (cold = await openHostPage(emulator, { browser: { executablePath } })));
await cold.close();
await emulator.close();

const open = median(opens);
const alone = median(bares);
console.log(`\nnode ${process.version}; ${executablePath}; median of ${OPENS} opens each, after one warm-up\n`);
console.log('| measurement | ms | baseline | baseline ms | ratio |');
console.log('|---|---|---|---|---|');
console.log(
  `| openHostPage() to service:ready, shared browser | ${open.toFixed(0)} | the add-on's page alone, load event | ${alone.toFixed(0)} | ${(open / alone).toFixed(1)}x |`,
);
console.log(
  `| openHostPage() to service:ready, launching its browser | ${coldMs.toFixed(0)} | the same, shared browser | ${open.toFixed(0)} | ${(coldMs / open).toFixed(1)}x |`,
);
