import { covers, type ScopeList } from '../auth/scopes.js';
import type { Clock } from '../common/clock.js';
import { addonScope } from '../domain/addon-data.js';
import type { EmulatorSettings } from './settings.js';
import { ApiError, UserError } from '../common/errors.js';
import { PLAIN_ID } from './installation-ids.js';
import type { Doc, Store, Tables } from '../store/store.js';
import type { SubscriptionService } from './subscriptions.js';
import { EVERYONE, mayUse, withinGrant, type Access, type Installation, type OrgUser } from './installation.js';
import { accessWords } from './access-words.js';
import { endedSessions } from './ended-sessions.js';
import { createRevocations, type Revocation } from './revocations.js';
import { resolveInstallation, type InstallationConfig, type InstallationInput } from './organizations.js';

/** The store's collection of installations changed since the configuration: one per add-on per organization. */
export const INSTALLATIONS = 'installations';
export const INSTALLATION_ID = 'installation';
/** Installations in force kept made, per organization. */
const MAX_MADE = 1000;

/** A change of the configured installation, as the store (and a state file) holds it. */
export interface InstallationRecord {
  status: 'installed' | 'uninstalled';
  grantedScopes: string[];
  consentedScopes: string[];
  access: Access;
  updatedAt: string;
}

/** A user as the organization's view lists them: with whether the installation in force lets them open the add-on. */
export interface UserView extends OrgUser {
  mayUse: boolean;
}

/** An organization as the host page, `addon users` and the control API show it. */
export interface OrganizationView {
  id: string;
  name: string;
  users: UserView[];
  installation: Installation | null;
}

export interface Installations {
  /** The configured organizations; in the open world, the emulated one and any other with a change. */
  organizations(): OrganizationView[];
  /** One organization; 404 for one the configuration does not have. */
  organization(orgId: string): OrganizationView;
  /** The emulated add-on's installation in force in the organization, or null. */
  installation(orgId: string): Installation | null;
  /** Installs the add-on, or changes its grant and access; the admin's consent covers every declared scope. */
  install(orgId: string, input: InstallationInput): Promise<Installation>;
  /** Uninstalls it: its subscriptions there go with it; the organization's records and its data stay. */
  uninstall(orgId: string): Promise<{ subscriptionsRemoved: number }>;
  /** The grant a new session of the user carries; an ApiError says why the user may not open the add-on. */
  sessionGrant(orgId: string, userId: string): string[];
  /**
   * The scopes a verified session of the emulated add-on may use now: its own within the grant in
   * force. A 401 when the add-on is not installed, the user has no access, or either happened since
   * the session was issued (a reinstall or a regrant does not bring it back).
   */
  inForce(session: { orgId: string; userId: string; scopes: string[]; jti: string }): string[];
  /**
   * Records the sessions ended by `tables` (a restore, an import, a reset, a rollback) becoming the
   * world, in the turn it does (world.ts).
   */
  replacing(tables: Tables): Promise<void>;
}

/**
 * The add-on's installations, users and roles (docs/installations.md). What the configuration says
 * is the start; an install, a change or an uninstall since is a record in the store, so it is part of
 * the world: saved with a state, rolled back with a scenario, gone on reset. The sessions a change
 * ended are not (revocations.ts): they stay ended whatever the world becomes.
 */
export function createInstallations({
  settings,
  scopes,
  store,
  clock,
  subscriptions,
  scopeToReceive,
}: {
  settings: EmulatorSettings;
  scopes: ScopeList;
  store: Store;
  clock: Clock;
  subscriptions: SubscriptionService;
  /** The scope a subscriber to `event` needs (the catalog's): a grant without it ends the subscription. */
  scopeToReceive(event: string): string;
}): Installations {
  const { appId, organizations: configured } = settings;
  const scope = (orgId: string) => addonScope({ orgId, appId });
  const revocations = createRevocations(store, clock);
  const configOf = (orgId: string) => configured?.find(({ id }) => id === orgId);

  /** The organization's users; in the open world, any user id is an admin of any organization. */
  const usersOf = (orgId: string): OrgUser[] | null => (configured ? (configOf(orgId)?.users ?? []) : null);
  const userOf = (orgId: string, userId: string): OrgUser | undefined => {
    const users = usersOf(orgId);
    return users ? users.find(({ id }) => id === userId) : { id: userId, name: userId, role: 'admin' };
  };

  /** What the configuration installs: its own installation, or in the open world the granted scopes for everyone. */
  const configuredInstallation = (orgId: string): InstallationConfig | null =>
    configured ? (configOf(orgId)?.installation ?? null) : { grantedScopes: settings.grantedScopes, access: EVERYONE };

  const known = (orgId: string) => {
    // In process too, as the control API's routes check it: `*` is the ledger's own key (revocations.ts).
    if (!PLAIN_ID.test(orgId)) throw new UserError(`orgId "${orgId}" must be 1-64 letters, digits or _.:-`);
    if (configured && !configOf(orgId))
      throw new ApiError(
        404,
        'unknown_organization',
        `${orgId} is not an organization of the emulated platform (configured: ${configured.map(({ id }) => id).join(', ')})`,
      );
  };

  /**
   * Every API call asks for the installation in force, so it is made once per record: the store never
   * changes a document in place, so the same document (or none) means the same installation. Bounded,
   * as the open world has as many organizations as tokens name.
   */
  const made = new Map<string, { record: Doc | undefined; installation: Installation | null }>();
  const installation = (orgId: string): Installation | null => {
    const record = store.get(INSTALLATIONS, scope(orgId), INSTALLATION_ID);
    const kept = made.get(orgId);
    if (kept && kept.record === record) return kept.installation;
    if (made.size >= MAX_MADE) made.clear();
    const current = make(orgId, record as (Doc & InstallationRecord) | undefined);
    made.set(orgId, { record, installation: current });
    return current;
  };
  const make = (orgId: string, record: (Doc & InstallationRecord) | undefined): Installation | null => {
    if (record) return record.status === 'installed' ? installationOf(orgId, record, 'changed') : null;
    const config = configuredInstallation(orgId);
    return config && installationOf(orgId, { ...config, consentedScopes: settings.scopes, updatedAt: null }, 'config');
  };

  /** A grant never exceeds what is declared now; declared scopes beyond the consent await it. */
  const installationOf = (
    orgId: string,
    record: Omit<InstallationRecord, 'status' | 'updatedAt'> & { updatedAt: string | null },
    source: Installation['source'],
  ): Installation =>
    // Frozen: one made installation answers every call until its record changes.
    Object.freeze({
      orgId,
      appId,
      grantedScopes: Object.freeze([...withinGrant(record.grantedScopes, settings.scopes)]) as string[],
      consentedScopes: Object.freeze([...record.consentedScopes]) as string[],
      pendingScopes: Object.freeze(
        settings.scopes.filter((declared) => !record.consentedScopes.includes(declared)),
      ) as string[],
      access: Object.freeze({
        roles: Object.freeze([...record.access.roles]) as Access['roles'],
        users: Object.freeze([...record.access.users]) as string[],
      }),
      source,
      updatedAt: record.updatedAt,
    });

  const view = (orgId: string): OrganizationView => {
    const current = installation(orgId);
    const users = usersOf(orgId) ?? [{ id: settings.userId, name: settings.userId, role: 'admin' as const }];
    return {
      id: orgId,
      name: configOf(orgId)?.name ?? orgId,
      users: users.map((user) => ({ ...user, mayUse: current !== null && mayUse(current.access, user) })),
      installation: current,
    };
  };

  const put = (orgId: string, record: InstallationRecord) =>
    store.put(INSTALLATIONS, scope(orgId), { _id: INSTALLATION_ID, ...record });

  /** The organizations whose installation scopes (`<orgId>/<appId>`) among `scopes` are the add-on's. */
  const recorded = (scopes: Iterable<string>) =>
    [...scopes].flatMap((s) => (s.endsWith(`/${appId}`) ? [s.slice(0, -appId.length - 1)] : []));

  /**
   * The installation in force becomes `after`: the sessions it ends are recorded in the same turn
   * (no token is issued between the two) and journaled before it.
   */
  const change = (orgId: string, after: Installation | null, writes: () => Array<Promise<unknown>>) => {
    const ended = revocations.record(endedSessions(orgId, installation(orgId), after, usersOf(orgId)));
    return Promise.all([ended, ...writes()]);
  };

  return {
    organizations() {
      if (configured) return configured.map(({ id }) => view(id));
      return [...new Set([settings.orgId, ...recorded(store.scopes(INSTALLATIONS))])].map(view);
    },
    organization(orgId) {
      known(orgId);
      return view(orgId);
    },
    installation,

    async install(orgId, input) {
      known(orgId);
      // A change keeps what it does not name; a fresh install starts from every declared scope, for everyone.
      const current = installation(orgId);
      const named = input.roles !== undefined || input.users !== undefined;
      const asked: InstallationInput = {
        grant: input.grant ?? current?.grantedScopes,
        ...(named || !current ? { roles: input.roles, users: input.users } : current.access),
      };
      let config: InstallationConfig;
      try {
        config = resolveInstallation(asked, { declared: settings.scopes, scopes, users: usersOf(orgId), at: orgId });
      } catch (error) {
        if (!(error instanceof UserError)) throw error;
        throw new ApiError(400, 'invalid_installation', error.message);
      }
      const record = {
        status: 'installed' as const,
        ...config,
        consentedScopes: [...settings.scopes],
        updatedAt: clock.nowIso(),
      };
      const installed = installationOf(orgId, record, 'changed');
      // A grant that no longer covers an event's read scope ends its subscription in the same turn, as
      // an uninstall ends them all: the platform sends no data the add-on may no longer read.
      const lost = subscriptions
        .list(orgId, appId)
        .map(({ event }) => event)
        .filter((event) => !covers(installed.grantedScopes, scopeToReceive(event)));
      await change(orgId, installed, () => [put(orgId, record), subscriptions.end(orgId, appId, lost)]);
      return installed;
    },

    async uninstall(orgId) {
      known(orgId);
      const current = installation(orgId);
      if (!current) throw new ApiError(409, 'not_installed', `the add-on is not installed in ${orgId}`);
      const gone = subscriptions.list(orgId, appId).map(({ event }) => event);
      // In one turn, so no call or delivery sees the add-on uninstalled with its subscriptions still there.
      await change(orgId, null, () => [
        put(orgId, {
          status: 'uninstalled',
          grantedScopes: [],
          consentedScopes: [],
          access: current.access,
          updatedAt: clock.nowIso(),
        }),
        subscriptions.end(orgId, appId, gone),
      ]);
      return { subscriptionsRemoved: gone.length };
    },

    sessionGrant(orgId, userId) {
      known(orgId);
      const current = installation(orgId);
      if (!current)
        throw new ApiError(
          403,
          'addon_not_installed',
          `the add-on is not installed in ${orgId}: install it first (addon install --org ${orgId}, or the host page's install screen)`,
        );
      const user = userOf(orgId, userId);
      if (!user)
        throw new ApiError(
          404,
          'unknown_user',
          `${userId} is not a user of ${orgId} (users: ${
            usersOf(orgId)!
              .map(({ id }) => id)
              .join(', ') || 'none'
          })`,
        );
      if (!mayUse(current.access, user))
        throw new ApiError(
          403,
          'access_denied',
          `${userId} (${user.role}) may not use the add-on in ${orgId}: ${accessWords(current.access)}`,
        );
      return current.grantedScopes;
    },

    inForce(session) {
      const current = installation(session.orgId);
      if (!current)
        throw new ApiError(
          401,
          'addon_not_installed',
          `the add-on is not installed in ${session.orgId}; its sessions there ended with it`,
        );
      const user = userOf(session.orgId, session.userId);
      if (!user || !mayUse(current.access, user))
        throw new ApiError(
          401,
          'access_revoked',
          `${session.userId} may no longer use the add-on in ${session.orgId}; its sessions ended`,
        );
      const ended = revocations.ended(session);
      if (ended) throw new ApiError(401, 'session_revoked', endedWords(session, ended));
      return withinGrant(session.scopes, current.grantedScopes);
    },

    replacing(tables) {
      const next = tables.get(INSTALLATIONS);
      const orgIds = new Set(recorded([...store.scopes(INSTALLATIONS), ...(next?.keys() ?? [])]));
      const ended = [...orgIds].flatMap((orgId) => {
        const record = next?.get(scope(orgId))?.get(INSTALLATION_ID);
        if (record === store.get(INSTALLATIONS, scope(orgId), INSTALLATION_ID)) return [];
        const after = make(orgId, record as (Doc & InstallationRecord) | undefined);
        return endedSessions(orgId, installation(orgId), after, usersOf(orgId));
      });
      return revocations.record(ended);
    },
  };
}

/** Why a session that ended stays ended, and what to do. */
function endedWords({ orgId, userId }: { orgId: string; userId: string }, { cause, at }: Revocation): string {
  const when = {
    uninstalled: `when the add-on was uninstalled from ${orgId} at ${at}`,
    access: `when ${userId}'s access to the add-on in ${orgId} was taken away at ${at}`,
    bound: `at ${at}, with every session issued until then, when the record of ended sessions was full`,
  }[cause];
  return `this session ended ${when}; open the add-on again for a new session`;
}
