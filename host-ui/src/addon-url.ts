// The add-on's URL as configured (`addonUrl` of /_emulator/status) and its origin; the URL the frame
// loads, with the session token, is src/emulator/frame-url.ts's.

export const NO_ADDON_URL = 'No add-on URL configured: run addon dev with --addon-url or set url in addon.config.json';

/** The origin messages must come from and go to; null when the URL cannot host an add-on. */
export function addonOrigin(addonUrl: string): string | null {
  try {
    const url = new URL(addonUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
