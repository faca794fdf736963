// Why the add-on is not there for the session's user, from the emulator's refusal to mint their
// token (POST /_emulator/tokens): its code and message are what the main area says, under a title
// in the service's words, with what the user can do next. The rule itself is the emulator's.
import type { UnavailableReason } from './addon-panel';
import { ControlError } from './control-client';
import { h, type Child } from './dom';
import type { Organizations } from './organizations';
import { href, INSTALL_PATH } from './routes';

/** The refusals that say the session's user cannot open the add-on, rather than that something failed. */
const REFUSALS = new Set([
  'addon_not_installed',
  'access_denied',
  'unknown_user',
  'unknown_organization',
  'scope_not_granted',
]);

/** Refusals of who the user is, not of what was asked: the sidebar leaves the add-on out for them. */
export const ACCESS_REFUSALS = new Set([
  'addon_not_installed',
  'access_denied',
  'unknown_user',
  'unknown_organization',
]);

/** The API's 401s of a session that an uninstall or a loss of access ended: the installation changed since it began. */
export const ENDED_SESSIONS = new Set(['addon_not_installed', 'access_revoked', 'session_revoked']);

export const isRefusal = (error: unknown): error is ControlError =>
  error instanceof ControlError && REFUSALS.has(error.code);

export function unavailableReason(
  error: ControlError,
  context: { orgs: Organizations; orgId: string; userId: string; addonName: string },
): UnavailableReason {
  const { orgs, orgId, userId, addonName } = context;
  const orgName = orgs.find(orgId)?.name ?? orgId;
  const user = orgs.user(orgId, userId);
  const admin = user?.role === 'admin';
  const admins = orgs.admins(orgId);
  const installLink = (text: string) =>
    h('a', { class: 'button primary', href: href(INSTALL_PATH), 'data-testid': 'unavailable-install' }, text);
  const askAdmin = (what: string): Child =>
    h(
      'p',
      { class: 'muted' },
      admins.length
        ? `Ask an admin of ${orgName} (${admins.map(({ name }) => name).join(', ')}) to ${what}.`
        : `${orgName} has no admin to ${what}.`,
    );
  const switchHint = h('p', { class: 'muted' }, 'Or switch to another user or organization in the top bar.');
  const reason = (title: string, ...next: Child[]): UnavailableReason => ({
    code: error.code,
    title,
    message: error.message,
    next,
  });

  switch (error.code) {
    case 'addon_not_installed':
      return reason(
        `${addonName} is not installed in ${orgName}`,
        admin ? installLink(`Install ${addonName}`) : askAdmin('install it'),
        switchHint,
      );
    // The emulator's message names the access rule (`access is for admins and usr_sam`).
    case 'access_denied':
      return reason(
        user ? `Your role, ${user.role}, has no access to ${addonName}` : `You have no access to ${addonName}`,
        admin ? installLink('Change who may use it') : askAdmin('give you access'),
        switchHint,
      );
    case 'unknown_user':
      return reason(`${userId} is not a user of ${orgName}`, switchHint);
    case 'unknown_organization':
      return reason(`${orgId} is not an organization of the emulated platform`, switchHint);
    default:
      return reason(
        `${addonName} cannot open with the scopes asked for`,
        h('p', { class: 'muted' }, 'Choose scopes within the grant in the Session tab of the developer drawer.'),
      );
  }
}
