import { existsSync } from 'node:fs';

/** The browser the tests drive, as chosen by test/global-setup.ts (`ADDON_TEST_BROWSER`). */
export interface ChosenBrowser {
  kind: 'system' | 'bundled';
  executablePath: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    browser: ChosenBrowser;
  }
}

/** Where a system Chromium is looked for: `CHROMIUM_PATH`, else Debian's. */
export const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * `ADDON_TEST_BROWSER=system` uses the system Chromium, `bundled` the one shipped inside the
 * @sparticuz/chromium npm package (unpacked to the temp dir on first use); unset, the system one
 * when it is installed, else the bundled one, so `npm ci && npm test` needs no browser download.
 */
export async function chooseBrowser(choice = process.env.ADDON_TEST_BROWSER): Promise<ChosenBrowser> {
  if (choice !== undefined && choice !== 'system' && choice !== 'bundled')
    throw new Error(`ADDON_TEST_BROWSER is "${choice}"; use system or bundled`);
  if (choice === 'system' || (choice === undefined && existsSync(SYSTEM_CHROMIUM))) {
    if (!existsSync(SYSTEM_CHROMIUM))
      throw new Error(`ADDON_TEST_BROWSER=system but there is no Chromium at ${SYSTEM_CHROMIUM} (set CHROMIUM_PATH)`);
    return { kind: 'system', executablePath: SYSTEM_CHROMIUM };
  }
  const { default: bundled } = await import('@sparticuz/chromium');
  return { kind: 'bundled', executablePath: await bundled.executablePath() };
}
