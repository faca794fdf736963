import type { Command } from 'commander';
import { accessWords } from '../../installations/access-words.js';
import type { OrganizationView } from '../../installations/installations.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { color, println } from '../output.js';
import { orgFlag, orgOf, sayOpenWorld } from './install.js';

/** `addon users`: an organization's users and roles, and who may open the add-on there. */
export function usersCommand(program: Command): void {
  againstEmulator(
    program
      .command('users')
      .description("list an organization's users with their roles, and who may open the add-on there")
      .addOption(orgFlag()),
    'print as JSON: {"data": [user...], "organization", "installation", "openWorld"}',
    async (emulator, flags: EmulatorFlags & { org?: string }) => {
      const { orgId, openWorld } = await orgOf(emulator, flags.org);
      const { id, name, users, installation } = await emulator.get<OrganizationView>(
        `/organizations/${encodeURIComponent(orgId)}`,
      );
      return { data: users, organization: { id, name }, installation, openWorld };
    },
    ({ data, organization, installation, openWorld }) => {
      const title =
        organization.name === organization.id ? organization.id : `${organization.id} (${organization.name})`;
      println(
        installation
          ? `${title}: the add-on is installed, granted ${installation.grantedScopes.join(' ') || 'nothing'}; ${accessWords(installation.access)}.`
          : `${title}: the add-on is not installed (addon install --org ${organization.id}).`,
      );
      const width = Math.max(...data.map(({ id }) => id.length), 2);
      for (const user of data)
        println(
          `  ${user.id.padEnd(width)}  ${user.role.padEnd(10)}  ${user.mayUse ? 'may use the add-on' : color.dim('no access')}${user.name === user.id ? '' : color.dim(`  ${user.name}`)}`,
        );
      if (openWorld) sayOpenWorld(organization.id);
    },
  );
}
