import type { Access } from './installation.js';
import { ROLES, type Role } from './roles.js';

const PLURAL: Readonly<Record<Role, string>> = {
  admin: 'admins',
  accountant: 'accountants',
  staff: 'staff',
  viewer: 'viewers',
};

/** `access is for admins, accountants and usr_cy`; `access is for everyone` when every role has it. */
export function accessWords({ roles, users }: Access): string {
  if (ROLES.every((role) => roles.includes(role))) return 'access is for everyone';
  const who = [...roles.map((role) => PLURAL[role]), ...users];
  if (!who.length) return 'nobody is given access';
  return `access is for ${who.length === 1 ? who[0] : `${who.slice(0, -1).join(', ')} and ${who.at(-1)}`}`;
}
