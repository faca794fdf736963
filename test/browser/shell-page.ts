import type { Page } from 'playwright-core';

// Waiting for one of the shell's pages (host-ui/src/shell-pages.ts). A click or a new address
// changes the page on the browser's next `hashchange`, and the page reads before it shows: until
// then the page shown before is still there, maybe of the same kind with a title of its own. So a
// test waits for the page that states the path it asked for and is no longer busy reading.

/** Waits until the main area shows the page of this in-app path, read whole, and gives its title as written. */
export async function shellPageAt(page: Page, path: string): Promise<string> {
  // The page states its path as the address holds it: percent-encoded as a URL's fragment is.
  const inAddress = new URL(`#${path}`, 'http://host.invalid/').hash.slice(1);
  const shown = `[data-testid="shell-page"][data-path=${JSON.stringify(inAddress)}][aria-busy="false"]:visible`;
  const title = page.locator(`${shown} [data-testid="page-title"]`);
  await title.waitFor();
  return (await title.textContent())!;
}
