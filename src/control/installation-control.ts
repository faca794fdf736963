import type { FastifyInstance } from 'fastify';
import { PLAIN_ID } from '../installations/installation-ids.js';
import type { Installation } from '../installations/installation.js';
import type { OrganizationView } from '../installations/installations.js';
import { INSTALLATION_SCHEMA, type InstallationInput } from '../installations/organizations.js';
import { ROLES, ROLE_WORDS } from '../installations/roles.js';

/** What `addon install`, `addon uninstall`, `addon users`, the host page's switchers and install screen drive. */
export interface InstallationControlTarget {
  /** The organizations of the emulated platform, each with its users and the add-on's installation in force. */
  organizations(): OrganizationView[];
  organization(orgId: string): OrganizationView;
  /** Installs the add-on in an organization (the configured one by default), or changes its grant and access. */
  install(input?: InstallationInput & { orgId?: string }): Promise<Installation>;
  /** Uninstalls it: its subscriptions there are removed; records and its data stay (docs/installations.md). */
  uninstall(options?: { orgId?: string }): Promise<{ subscriptionsRemoved: number }>;
}

const orgParams = {
  type: 'object',
  properties: { orgId: { type: 'string', pattern: PLAIN_ID.source } },
  required: ['orgId'],
};

/** The installations' control routes (docs/installations.md#the-control-api). */
export function installationControlRoutes(
  app: FastifyInstance,
  target: InstallationControlTarget & { settings: { scopes: readonly string[] } },
): void {
  app.get('/organizations', { schema: { hide: true } }, async () => ({
    data: target.organizations(),
    declaredScopes: target.settings.scopes,
    roles: ROLES.map((role) => ({ role, words: ROLE_WORDS[role] })),
  }));

  app.get<{ Params: { orgId: string } }>('/organizations/:orgId', {
    schema: { hide: true, params: orgParams },
    handler: async (request) => target.organization(request.params.orgId),
  });

  app.put<{ Params: { orgId: string }; Body: InstallationInput }>('/organizations/:orgId/installation', {
    schema: { hide: true, params: orgParams, body: INSTALLATION_SCHEMA },
    handler: async (request) => target.install({ ...request.body, orgId: request.params.orgId }),
  });

  app.delete<{ Params: { orgId: string } }>('/organizations/:orgId/installation', {
    schema: { hide: true, params: orgParams },
    handler: async (request) => target.uninstall({ orgId: request.params.orgId }),
  });
}
