/**
 * The origin the host page is opened on: the emulator's, on a site other than the add-on's. In
 * production the service's page and the add-on are on two sites, so the add-on's frame is a
 * third-party context: its cookies are blocked (Safari), partitioned (Firefox) or blocked by choice
 * (Chrome), and a `SameSite=Lax` or `Strict` cookie is never sent from it. A site is a scheme and a
 * registrable domain: `127.0.0.1:4455` and `127.0.0.1:5173` are one site, `localhost` and `127.0.0.1`
 * two. So when the add-on is on the emulator's own loopback name, the page takes the other one,
 * which reaches the same socket with no DNS or hosts-file step.
 */
export function hostPageOrigin(emulatorUrl: string, addonUrl: string | null): string {
  const page = new URL(emulatorUrl);
  const other = OTHER_LOOPBACK_NAME.get(page.hostname);
  if (!addonUrl || !other) return page.origin;
  const addon = new URL(addonUrl);
  if (addon.protocol !== page.protocol || addon.hostname !== page.hostname) return page.origin;
  page.hostname = other;
  return page.origin;
}

/** A loopback name, and the other one the host page takes when the add-on is on it. */
const OTHER_LOOPBACK_NAME = new Map([
  ['127.0.0.1', 'localhost'],
  ['[::1]', 'localhost'],
  ['localhost', '127.0.0.1'],
]);
