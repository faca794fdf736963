import { mayUse, type Installation, type OrgUser } from './installation.js';

/**
 * Whose sessions a change of the installation in force ends: an organization's, but for the users
 * `except` names (no `userId`), or one user's.
 */
export interface Ending {
  orgId: string;
  userId?: string;
  except?: readonly string[];
  cause: 'uninstalled' | 'access';
}

/**
 * The sessions ended when the installation in force in `orgId` goes from `before` to `after`: every
 * one there when the add-on is uninstalled, else those of each user the access rule let in and now
 * leaves out. `users` null is the open world, where any user id is an admin: a rule that leaves
 * admins out ends every session there but those of the users it names, and one that keeps them out
 * ends those of the users it no longer names.
 */
export function endedSessions(
  orgId: string,
  before: Installation | null,
  after: Installation | null,
  users: readonly OrgUser[] | null,
): Ending[] {
  if (!before) return [];
  if (!after) return [{ orgId, cause: 'uninstalled' }];
  const lost = (userId: string): Ending => ({ orgId, userId, cause: 'access' });
  if (users)
    return users.filter((user) => mayUse(before.access, user) && !mayUse(after.access, user)).map(({ id }) => lost(id));
  const admins = (installation: Installation) => installation.access.roles.includes('admin');
  if (admins(after)) return [];
  if (admins(before)) return [{ orgId, except: after.access.users, cause: 'access' }];
  return before.access.users.filter((id) => !after.access.users.includes(id)).map(lost);
}
