import { covers } from '../auth/scopes.js';
import { scopeToReceive } from '../domain/catalog.js';
import type { Emulator } from '../emulator/emulator.js';

/**
 * What the organization's admin does to the add-on, as explore's steps do it
 * (docs/explore.md#actions), in the configured organization. `subscribe` is the add-on's own part:
 * its receivers subscribed again, as its install flow does after an install.
 */

/** The add-on uninstalled (its subscriptions end, a pending delivery is cancelled) and installed again. */
export async function reinstall(emulator: Emulator, subscribe: () => Promise<void>): Promise<void> {
  await emulator.uninstall();
  await emulator.install();
  await subscribe();
}

/**
 * The grant shrinks by the scope `resource`'s events need (`invoices.read`): the subscriptions to
 * them end, and stay ended until a reinstall grants every declared scope again.
 */
export async function revokeReadScope(emulator: Emulator, resource: string): Promise<void> {
  const { installation } = emulator.organization(emulator.settings.orgId);
  const event = emulator.registry.catalog.events.find(({ source }) => source === resource);
  if (!installation || !event) return;
  const lost = scopeToReceive(event);
  // Every concrete scope the grant covers now (a wildcard among them), but the one taken away.
  const grant = emulator.registry.scopes.all.filter(
    (scope) => scope !== lost && covers(installation.grantedScopes, scope),
  );
  await emulator.install({ grant });
}
