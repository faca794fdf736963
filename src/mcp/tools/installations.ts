import { z } from 'zod';
import type { EmulatorStatus } from '../../control/status.js';
import type { OrganizationView } from '../../installations/installations.js';
import { ROLES } from '../../installations/roles.js';
import { defineTool, path } from './tool.js';

/** Installations (docs/installations.md): who may open the add-on where, the admin's install and uninstall. */
export const INSTALLATIONS_TOOL = defineTool({
  name: 'installations',
  title: 'Installations, users and roles',
  description:
    "The add-on's installation in an organization (addon users, addon install, addon uninstall; docs/installations.md). users: the organization's users with their roles, whether each may open the add-on, and the installation in force. install: install the add-on, or change its grant (a subset of the declared scopes) and who may use it (roles, and users whatever their role): the admin's consent. uninstall: its sessions there end and its subscriptions are removed; its data stays.",
  changes: { field: 'action', changes: { users: false, install: true, uninstall: true } },
  input: (actions) => ({
    action: z.enum(actions).default('users'),
    orgId: z.string().optional().describe("the organization; default: the emulator's"),
    grant: z.array(z.string()).optional().describe('install: the scopes granted; default: all the declared ones'),
    roles: z
      .array(z.enum(ROLES))
      .optional()
      .describe('install: the roles that may use it; default: every role, unless users is given'),
    users: z.array(z.string()).optional().describe('install: users who may use it whatever their role'),
  }),
  async run({ action, orgId: given, grant, roles, users }, { emulator }) {
    const orgId = given ?? (await emulator.get<EmulatorStatus>('/status')).orgId;
    const organization = path('organizations', orgId);
    if (action === 'install')
      return { result: await emulator.put(`${organization}/installation`, { grant, roles, users }) };
    if (action === 'uninstall') {
      const { subscriptionsRemoved } = await emulator.delete<{ subscriptionsRemoved: number }>(
        `${organization}/installation`,
      );
      return { result: { orgId, subscriptionsRemoved } };
    }
    const { id, name, users: listed, installation } = await emulator.get<OrganizationView>(organization);
    return { result: { data: listed, organization: { id, name }, installation } };
  },
});
