// The organizations of the emulated platform as the page knows them (GET /_emulator/organizations):
// their users with their roles, and the add-on's installation in each. The top bar's switchers, the
// sidebar, the Session tab and the install screen read them here, and the install screen changes
// them through here, so every part shows the same answer.
//
// With no organizations configured (the open world, docs/installations.md) the emulator lists only
// the emulated organization and those with a change, each with one user; any other organization
// has the configured installation and any user id is one of its admins. The page shows the
// organization and user of its session even when the list does not have them.
import { control } from './control-client';
import type { InstallationInput, OrganizationsAnswer, OrganizationView, OrgUser } from './types';

/** Whether the session's user can open the add-on, as the organizations answer says. */
export type Availability =
  { kind: 'available' } | { kind: 'not-installed' } | { kind: 'no-access'; user: OrgUser } | { kind: 'unknown-user' };

type Listener = () => void;

export class Organizations {
  private answer: OrganizationsAnswer;
  /** Organizations read one by one because the list leaves them out (the open world's others). */
  private readonly extra = new Map<string, OrganizationView>();
  private readonly listeners: Listener[] = [];

  constructor(
    answer: OrganizationsAnswer,
    /** No organizations configured: every organization has the add-on as configured, every user id is an admin. */
    readonly openWorld: boolean,
  ) {
    this.answer = answer;
  }

  /** The organizations to choose from: the emulator's list, then any other the page was in. */
  list(): OrganizationView[] {
    return [...this.answer.data, ...[...this.extra.values()].filter((org) => !this.listed(org.id))];
  }

  get declaredScopes(): string[] {
    return this.answer.declaredScopes;
  }

  get roles(): OrganizationsAnswer['roles'] {
    return this.answer.roles;
  }

  find(orgId: string): OrganizationView | undefined {
    return this.answer.data.find(({ id }) => id === orgId) ?? this.extra.get(orgId);
  }

  /** The users to choose from in an organization; in the open world, the session's user too (an admin). */
  users(orgId: string, sessionUser?: string): OrgUser[] {
    const users = this.find(orgId)?.users ?? [];
    if (!this.openWorld || !sessionUser || users.some(({ id }) => id === sessionUser)) return users;
    return [...users, { id: sessionUser, name: sessionUser, role: 'admin' }];
  }

  user(orgId: string, userId: string): OrgUser | undefined {
    return this.users(orgId, userId).find(({ id }) => id === userId);
  }

  isAdmin(orgId: string, userId: string): boolean {
    return this.user(orgId, userId)?.role === 'admin';
  }

  /** The organization's admins, who may install the add-on and give access to it. */
  admins(orgId: string): OrgUser[] {
    return this.users(orgId).filter(({ role }) => role === 'admin');
  }

  /**
   * Whether the user may open the add-on in the organization: the emulator's rule as its answer
   * shows it (installed there, and the user's role or id given access). Only the sidebar and the
   * switchers go by it; opening the add-on asks the emulator, whose refusal is what the page says.
   */
  availability(orgId: string, userId: string): Availability {
    const installation = this.find(orgId)?.installation;
    if (!installation) return { kind: 'not-installed' };
    const user = this.user(orgId, userId);
    if (!user) return { kind: 'unknown-user' };
    // The emulator says it of each user it lists; the open world's other user ids are its admins.
    const mayUse = 'mayUse' in user ? user.mayUse : installation.access.roles.includes(user.role);
    return mayUse ? { kind: 'available' } : { kind: 'no-access', user };
  }

  /** Who a switch to the organization opens as: the same user if it has them, else the first who may use the add-on, else its first. */
  userFor(orgId: string, currentUser: string): string {
    const users = this.users(orgId, this.openWorld ? currentUser : undefined);
    if (users.some(({ id }) => id === currentUser)) return currentUser;
    const usable = users.find(({ id }) => this.availability(orgId, id).kind === 'available');
    return (usable ?? users[0])?.id ?? currentUser;
  }

  /** Makes sure the organization is known: in the open world one outside the list is read by itself. */
  async ensure(orgId: string): Promise<void> {
    if (this.find(orgId)) return;
    try {
      this.extra.set(orgId, await control.organization(orgId));
      this.emit();
    } catch {
      // An organization the emulator does not know: opening the add-on there says so.
    }
  }

  /** Reads them all again (after a change, or a change made elsewhere). */
  async reload(): Promise<void> {
    const answer = await control.organizations();
    const extras = [...this.extra.keys()].filter((id) => !answer.data.some((org) => org.id === id));
    const read = await Promise.all(extras.map((id) => control.organization(id).catch(() => null)));
    this.answer = answer;
    this.extra.clear();
    read.forEach((org) => org && this.extra.set(org.id, org));
    this.emit();
  }

  async install(orgId: string, input: InstallationInput): Promise<void> {
    await control.install(orgId, input);
    await this.reload();
  }

  async uninstall(orgId: string): Promise<{ subscriptionsRemoved: number }> {
    const result = await control.uninstall(orgId);
    await this.reload();
    return result;
  }

  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }

  private listed(orgId: string): boolean {
    return this.answer.data.some(({ id }) => id === orgId);
  }

  private emit(): void {
    this.listeners.forEach((listener) => listener());
  }
}

/** `usr_ann` -> `AN`, `Ann Lee` -> `AL`: the avatar's letters. */
export function initials(user: { id: string; name: string }): string {
  const words = user.name === user.id ? [] : user.name.split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0][0] + words[1][0]).toUpperCase();
  return (words[0] ?? user.id.replace(/^usr_/, '')).slice(0, 2).toUpperCase();
}
