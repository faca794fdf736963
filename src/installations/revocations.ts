import { issuedBefore, sessionOrder } from '../auth/session-order.js';
import type { Clock } from '../common/clock.js';
import { MAX_REVOCATIONS } from '../common/limits.js';
import type { Doc, Store } from '../store/store.js';
import type { Ending } from './ended-sessions.js';

/**
 * The store's collection of ended sessions. It is not part of the world: no restore, import, reset
 * or rollback replaces it (world.ts keeps it), since a token is handed out in the real world.
 */
export const REVOCATIONS = 'revocations';
/** An organization's mark is kept under this id, and the bound's under this scope: no user or organization id is `*`. */
const ALL = '*';

/** A moment sessions ended: those issued before `order` (session-order.ts) stay ended. */
export interface Revocation {
  order: string;
  /** Emulated time, to tell the developer when. */
  at: string;
  /** `bound`: the ledger was full, and every session issued before then ended (MAX_REVOCATIONS). */
  cause: Ending['cause'] | 'bound';
  /** Of an organization's mark: the users whose sessions it did not end. */
  except?: string[];
}
type Mark = Doc & Revocation;
/** When sessions end: the order then, and the emulated time. */
type Moment = Pick<Revocation, 'order' | 'at'>;

export interface Revocations {
  /** The end of a session issued before its organization's or its user's sessions last ended; null for one that goes on. */
  ended(session: { orgId: string; userId: string; jti: string }): Revocation | null;
  /**
   * Records `endings` now, in the store. Called in the turn of the change that ends them, so no token
   * is issued between the two, and journaled before it, in the same append.
   */
  record(endings: readonly Ending[]): Promise<void>;
}

/**
 * The sessions that ended (docs/installations.md#ended-sessions-stay-ended): one mark per
 * organization and per user, the latest, so every API call checks at most three marks, each a Map
 * lookup and a string compare.
 */
export function createRevocations(store: Store, clock: Clock): Revocations {
  const mark = (scope: string, id: string) => store.get(REVOCATIONS, scope, id) as Mark | undefined;
  const marks = () =>
    store.scopes(REVOCATIONS).flatMap((scope) => {
      const { data } = store.list(REVOCATIONS, scope, { limit: Infinity, offset: 0 });
      return data.map((doc) => [scope, doc as Mark] as const);
    });
  // Real time may have gone back since these were made: tokens issued from now on still come after them.
  for (const [, kept] of marks()) sessionOrder.keepAfter(kept.order);

  /**
   * A new mark of an organization's replaces its last, whose end still holds for the users it ended
   * and the new one leaves out: theirs becomes their own mark, unless they have a later one.
   */
  const organizationMarks = ({ orgId, except = [], cause }: Ending, now: Moment): Mark[] => {
    const last = mark(orgId, ALL);
    const carried = last
      ? except
          .filter((userId) => !last.except?.includes(userId))
          .filter((userId) => {
            const own = mark(orgId, userId);
            return !own || issuedBefore(own.order, last.order);
          })
          .map((userId): Mark => ({ _id: userId, order: last.order, at: last.at, cause: last.cause }))
      : [];
    return [...carried, { _id: ALL, ...now, cause, ...(except.length ? { except: [...except] } : {}) }];
  };

  /** Past the bound, one mark ends every session issued until now, in place of them all. */
  const collapse = (now: Moment): Array<Promise<unknown>> => [
    ...marks().map(([scope, { _id }]) => store.delete(REVOCATIONS, scope, _id)),
    store.put(REVOCATIONS, ALL, { _id: ALL, ...now, cause: 'bound' }),
  ];

  return {
    ended({ orgId, userId, jti }) {
      const bound = mark(ALL, ALL);
      if (bound && issuedBefore(jti, bound.order)) return bound;
      const organization = mark(orgId, ALL);
      if (organization && issuedBefore(jti, organization.order) && !organization.except?.includes(userId))
        return organization;
      const user = mark(orgId, userId);
      return user && issuedBefore(jti, user.order) ? user : null;
    },

    async record(endings) {
      if (!endings.length) return;
      const now: Moment = { order: sessionOrder.next(), at: clock.nowIso() };
      // An organization's first: a user's own mark of now is later than any it carries.
      const puts = [
        ...endings.flatMap((ending) =>
          ending.userId ? [] : organizationMarks(ending, now).map((m) => [ending.orgId, m] as const),
        ),
        ...endings.flatMap(({ orgId, userId, cause }) =>
          userId ? [[orgId, { _id: userId, ...now, cause } satisfies Mark] as const] : [],
        ),
      ];
      const added = puts.filter(([scope, { _id }]) => !mark(scope, _id)).length;
      const total = store.scopes(REVOCATIONS).reduce((sum, scope) => sum + store.count(REVOCATIONS, scope), 0);
      await Promise.all(
        total + added > MAX_REVOCATIONS
          ? collapse(now)
          : puts.map(([scope, doc]) => store.put(REVOCATIONS, scope, doc)),
      );
    },
  };
}
