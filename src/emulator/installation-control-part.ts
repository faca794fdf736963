import type { InstallationControlTarget } from '../control/installation-control.js';
import type { Config } from './config-part.js';
import type { Sessions } from './sessions-part.js';
import type { WorldPart } from './world-part.js';

export interface InstallationControlInput {
  config: Pick<Config, 'settings'>;
  sessions: Pick<Sessions, 'installations' | 'installationChanges'>;
  worldPart: Pick<WorldPart, 'afterGate'>;
}

/** Installs and uninstalls, each told to whoever shows the installations (the host page, `addon dev`). */
export function installationControl(input: InstallationControlInput): InstallationControlTarget {
  const { settings } = input.config;
  const { installations, installationChanges } = input.sessions;
  const { afterGate } = input.worldPart;
  return {
    organizations: () => installations.organizations(),
    organization: (orgId) => installations.organization(orgId),
    install: afterGate(async ({ orgId = settings.orgId, ...request } = {}) => {
      const installed = await installations.install(orgId, request);
      installationChanges.emit({ orgId });
      return installed;
    }),
    uninstall: afterGate(async ({ orgId = settings.orgId } = {}) => {
      const removed = await installations.uninstall(orgId);
      installationChanges.emit({ orgId });
      return removed;
    }),
  };
}
