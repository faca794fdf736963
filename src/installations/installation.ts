import { includes } from '../auth/scopes.js';
import { ROLES, type Role } from './roles.js';

/** A user of an organization, with the one role they have there. */
export interface OrgUser {
  id: string;
  name: string;
  role: Role;
}

/** Who may see and use the add-on in an organization (spec 1): these roles, and these users whatever their role. */
export interface Access {
  roles: Role[];
  users: string[];
}

/** Every role: the access of an installation nobody narrowed. */
export const EVERYONE: Readonly<Access> = Object.freeze({ roles: [...ROLES], users: [] });

/** The add-on's installation in an organization, as it is in force. */
export interface Installation {
  orgId: string;
  appId: string;
  /** The subset of the declared scopes the admin granted (spec 5.2 rule 1): what tokens carry. */
  grantedScopes: string[];
  /** The declared scopes the admin consented to; declared scopes beyond them await consent. */
  consentedScopes: string[];
  /** Declared since the consent: the install screen asks the admin about them. Granted only once consented. */
  pendingScopes: string[];
  access: Access;
  /** Where it comes from: the configuration (or, with none, the kit's default), or a change made since. */
  source: 'config' | 'changed';
  /** Emulated time of the last install or change; null for one of the configuration. */
  updatedAt: string | null;
}

export const mayUse = (access: Access, user: OrgUser): boolean =>
  access.roles.includes(user.role) || access.users.includes(user.id);

/**
 * What a token's scopes still allow under `grant`: each scope the grant covers, and each granted
 * scope a broader token scope covers (`*` under a grant of `invoices.read` is `invoices.read`).
 */
export function withinGrant(scopes: readonly string[], grant: readonly string[]): string[] {
  if (scopes.every((scope) => includes(grant, scope))) return scopes as string[];
  const kept = new Set<string>();
  for (const scope of scopes) {
    if (includes(grant, scope)) kept.add(scope);
    else for (const granted of grant) if (includes([scope], granted)) kept.add(granted);
  }
  return [...kept];
}
