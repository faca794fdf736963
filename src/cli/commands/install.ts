import type { Command } from 'commander';
import type { EmulatorStatus } from '../../control/status.js';
import { PLAIN_ID } from '../../installations/installation-ids.js';
import type { Installation } from '../../installations/installation.js';
import { accessWords } from '../../installations/access-words.js';
import { isRole, ROLES } from '../../installations/roles.js';
import { checkedOption, plainId, type ValueKind } from '../arguments.js';
import { againstEmulator, type EmulatorClient, type EmulatorFlags } from '../emulator-command.js';
import { color, println } from '../output.js';

interface InstallFlags extends EmulatorFlags {
  org?: string;
  grant?: string[];
  roles?: string[];
  users?: string[];
}

const FIELDS = { grant: '--grant', roles: '--roles', users: '--users' };

/** A list given as `a,b c` (commas and/or spaces), each entry of a kind. */
const listOf = (takes: string, each: (entry: string) => boolean): ValueKind<string[]> => ({
  takes,
  read(text) {
    const entries = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
    return entries.every(each) ? entries : undefined;
  },
});

/** `--org` of the commands on installations; the open world's rule said where the flag is. */
export const orgFlag = () =>
  checkedOption(
    '--org <id>',
    'the organization (default: the emulated one); with no organizations configured, any id names one',
    plainId,
  );

/** Where a command acts (docs/installations.md). */
export interface OrgChoice {
  orgId: string;
  /**
   * No organizations are configured and it is not the emulated one: it exists because it was
   * named, as every organization of the open world does, so a mistyped id is one too.
   */
  openWorld: boolean;
}

/** The organization named, else the one the emulator opens the add-on in. */
export async function orgOf(emulator: EmulatorClient, org?: string): Promise<OrgChoice> {
  const status = await emulator.get<EmulatorStatus>('/status');
  const orgId = org ?? status.orgId;
  return { orgId, openWorld: status.organizations === null && orgId !== status.orgId };
}

/** Said under what `addon users` and `addon uninstall` print of an organization of the open world. */
export function sayOpenWorld(orgId: string): void {
  println(
    color.dim(
      `No organizations are configured, so every organization exists, ${orgId} too; list them under "organizations" in addon.config.json to have those alone.`,
    ),
  );
}

const installationPath = (orgId: string) => `/organizations/${encodeURIComponent(orgId)}/installation`;

/** `addon install`: the admin's installation step, or a change of its grant and access (docs/installations.md). */
export function installCommand(program: Command): void {
  againstEmulator(
    program
      .command('install')
      .description(
        "install the add-on in an organization, or change what it is granted and who may use it (the admin's consent step)",
      )
      .addOption(orgFlag())
      .addOption(
        checkedOption(
          '--grant <list>',
          'the scopes granted, comma-separated: a subset of the declared ones (default: all of them)',
          listOf('scopes, comma-separated, like invoices.read,customers.*', (scope) => /^[\w.*-]{1,100}$/.test(scope)),
        ),
      )
      .addOption(
        checkedOption(
          '--roles <list>',
          `the roles that may use it, comma-separated: ${ROLES.join(', ')} (default: every role, unless --users)`,
          listOf(`roles, comma-separated: ${ROLES.join(', ')}`, isRole),
        ),
      )
      .addOption(
        checkedOption(
          '--users <list>',
          'users who may use it whatever their role, comma-separated',
          listOf('user ids, comma-separated', (id) => PLAIN_ID.test(id)),
        ),
      ),
    'print the installation in force as JSON',
    async (emulator, flags: InstallFlags) => {
      const body = { grant: flags.grant, roles: flags.roles, users: flags.users };
      return emulator.put<Installation>(installationPath((await orgOf(emulator, flags.org)).orgId), body, FIELDS);
    },
    (installation) => {
      println(
        `Installed ${installation.appId} in ${installation.orgId}: granted ${installation.grantedScopes.join(' ') || 'nothing'}; ${accessWords(installation.access)}.`,
      );
      if (installation.pendingScopes.length)
        println(color.yellow(`Declared but awaiting consent: ${installation.pendingScopes.join(' ')}.`));
    },
  );
}

/** `addon uninstall`: the add-on gone from an organization (docs/installations.md#uninstall). */
export function uninstallCommand(program: Command): void {
  againstEmulator(
    program
      .command('uninstall')
      .description(
        'uninstall the add-on from an organization: its sessions there end and its subscriptions are removed; records and its data stay',
      )
      .addOption(orgFlag()),
    'print the result as JSON: {"orgId", "subscriptionsRemoved", "openWorld"}',
    async (emulator, flags: EmulatorFlags & { org?: string }) => {
      const { orgId, openWorld } = await orgOf(emulator, flags.org);
      const { subscriptionsRemoved } = await emulator.delete<{ subscriptionsRemoved: number }>(installationPath(orgId));
      return { orgId, subscriptionsRemoved, openWorld };
    },
    ({ orgId, subscriptionsRemoved, openWorld }) => {
      println(
        `Uninstalled from ${orgId}: its sessions there ended, ${subscriptionsRemoved} subscription${subscriptionsRemoved === 1 ? ' was' : 's were'} removed; its data stays for a reinstall.`,
      );
      if (openWorld) sayOpenWorld(orgId);
    },
  );
}
