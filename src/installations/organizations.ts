import { checkGranted, checkScopes } from '../auth/scope-checks.js';
import type { ScopeList } from '../auth/scopes.js';
import { UserError } from '../common/errors.js';
import { PLAIN_ID } from './installation-ids.js';
import { EVERYONE, type Access, type OrgUser } from './installation.js';
import { isRole, ROLES } from './roles.js';

/** The add-on's installation in an organization as configured: what the admin granted, and to whom. */
export interface InstallationConfig {
  grantedScopes: string[];
  access: Access;
}

/** An organization as configured: its users, and the add-on's installation in it (null: not installed). */
export interface OrganizationSettings {
  id: string;
  name: string;
  users: OrgUser[];
  installation: InstallationConfig | null;
}

/** How addon.config.json and `createEmulator({ organizations })` describe one (docs/installations.md). */
export interface OrganizationInput {
  id: string;
  name?: string;
  users?: Array<{ id: string; name?: string; role: string }>;
  /** Absent: the add-on is not installed there. `{}`: installed with every declared scope, for everyone. */
  installation?: InstallationInput;
}

/** An installation as asked for: by the configuration, `addon install`, the install screen, the harness. */
export interface InstallationInput {
  /** The scopes granted; every declared one when absent. */
  grant?: string[];
  /** Who may use the add-on: these roles and these users. Both absent: every role. */
  roles?: string[];
  users?: string[];
}

const MAX = 100;
const id = { type: 'string', pattern: PLAIN_ID.source };
const list = (items: object) => ({ type: 'array', items, maxItems: MAX });

/** The JSON Schema of an installation as asked for (the control API's body, the configuration's). */
export const INSTALLATION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    grant: list({ type: 'string', maxLength: 100 }),
    roles: list({ type: 'string', enum: [...ROLES] }),
    users: list(id),
  },
} as const;

/** The JSON Schema of addon.config.json's `organizations`. */
export const ORGANIZATIONS_SCHEMA = {
  type: 'array',
  minItems: 1,
  maxItems: MAX,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id'],
    properties: {
      id,
      name: { type: 'string', minLength: 1, maxLength: 200 },
      users: list({
        type: 'object',
        additionalProperties: false,
        required: ['id', 'role'],
        properties: {
          id,
          name: { type: 'string', minLength: 1, maxLength: 200 },
          role: { type: 'string', enum: [...ROLES] },
        },
      }),
      installation: INSTALLATION_SCHEMA,
    },
  },
} as const;

/**
 * The configured organizations, each checked: ids unique, a grant within the declared scopes, access
 * naming roles that exist and users of the organization. Throws a UserError naming the first problem.
 */
export function resolveOrganizations(
  input: readonly OrganizationInput[],
  declared: readonly string[],
  scopes: ScopeList,
): OrganizationSettings[] {
  if (!input.length) throw new UserError('organizations: name at least one, or leave the list out');
  const seen = new Set<string>();
  return input.map((org, i) => {
    const at = `organizations[${i}] (${org.id})`;
    if (!PLAIN_ID.test(org.id))
      throw new UserError(`organizations[${i}]: id "${org.id}" must be 1-64 letters, digits or _.:-`);
    if (seen.has(org.id)) throw new UserError(`${at}: the id appears twice`);
    seen.add(org.id);
    const users = resolveUsers(org.users ?? [], at);
    const installation =
      org.installation && resolveInstallation(org.installation, { declared, scopes, users, at: `${at}.installation` });
    return Object.freeze({ id: org.id, name: org.name ?? org.id, users, installation: installation ?? null });
  });
}

function resolveUsers(input: NonNullable<OrganizationInput['users']>, at: string): OrgUser[] {
  const seen = new Set<string>();
  return input.map((user) => {
    if (!PLAIN_ID.test(user.id))
      throw new UserError(`${at}: user id "${user.id}" must be 1-64 letters, digits or _.:-`);
    if (!isRole(user.role))
      throw new UserError(`${at}: ${user.id}'s role ${user.role} is not one of ${ROLES.join(', ')}`);
    if (seen.has(user.id)) throw new UserError(`${at}: user ${user.id} appears twice`);
    seen.add(user.id);
    return Object.freeze({ id: user.id, name: user.name ?? user.id, role: user.role });
  });
}

/**
 * An installation asked for, checked against what the add-on declares and who the organization has
 * (`users` null: any user id, the open world of docs/installations.md). Throws a UserError.
 */
export function resolveInstallation(
  input: InstallationInput,
  {
    declared,
    scopes,
    users,
    at,
  }: { declared: readonly string[]; scopes: ScopeList; users: OrgUser[] | null; at: string },
): InstallationConfig {
  const grantedScopes = input.grant ? checkScopes(input.grant, 'granted', scopes) : [...declared];
  try {
    checkGranted(declared, grantedScopes);
  } catch (error) {
    throw new UserError(`${at}: ${(error as Error).message}`);
  }
  for (const role of input.roles ?? [])
    if (!isRole(role)) throw new UserError(`${at}: role ${role} is not one of ${ROLES.join(', ')}`);
  const unknown = users && (input.users ?? []).find((user) => !users.some(({ id }) => id === user));
  if (unknown) throw new UserError(`${at}: ${unknown} is not a user of the organization`);
  const unfit = (input.users ?? []).find((user) => !PLAIN_ID.test(user));
  if (unfit !== undefined) throw new UserError(`${at}: user id "${unfit}" must be 1-64 letters, digits or _.:-`);
  const named = input.roles !== undefined || input.users !== undefined;
  const access: Access = named
    ? { roles: [...new Set(input.roles ?? [])] as Access['roles'], users: [...new Set(input.users ?? [])] }
    : { ...EVERYONE, roles: [...EVERYONE.roles] };
  return { grantedScopes, access };
}
