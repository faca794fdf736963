import type { ApiCall } from './backend-calls.js';
import type { atLeastOnePer, atMostOnePer } from './invariant-helpers.js';
import type { Send } from './run-sequence.js';
import type { Doc } from '../store/store.js';

/** A rule the add-on broke: which, the spec's words behind it, and what happened, without ids or timings. */
export interface Violation {
  invariant: string;
  /** The spec's sentence a built-in invariant stands on; the team's own invariants have none. */
  spec: string | null;
  message: string;
}

/**
 * The team's own invariants (docs/explore.md#your-own-invariants), by name, as the module the
 * config names exports them: each run after each step; it throws, or returns a string saying what
 * is wrong, or anything else when all is well.
 */
export type TeamInvariants = Readonly<Record<string, (view: InvariantView) => unknown>>;

/**
 * What a team's invariant reads: the sends so far, the backend's API calls, the world's records, the
 * add-on's backend (read-only), and helpers. Each a copy of its own.
 */
export interface InvariantView {
  readonly sends: readonly Send[];
  /** The calls the backend made to the platform's API with the tokens its page handed it in `call` steps. */
  readonly calls: readonly ApiCall[];
  /** The organization's records of `resource` in the emulated service, newest first. */
  records(resource: string): Doc[];
  /** GET `path` of the add-on's backend (`backendUrl`), its JSON answer; throws on a non-2xx. */
  backend(path: string): Promise<unknown>;
  /** What the sends' `data` held under `field`: the ids of this run's records, to scope a check to them. */
  delivered(field: string, event?: string): unknown[];
  /** As `delivered`, of the deliveries a receiver answered 2xx: what the add-on took on. */
  answered(field: string, event?: string): unknown[];
  /** Whether this is the sequence's last step: where an "eventually" is judged. */
  readonly final: boolean;
  atMostOnePer: typeof atMostOnePer;
  atLeastOnePer: typeof atLeastOnePer;
}

export const BUILT_IN = {
  answered: {
    name: 'delivery-answered',
    spec: 'The receiver must reply with a 2xx status within 10 seconds. (4.1)',
  },
  repeat: {
    name: 'repeat-answered-alike',
    spec: 'A delivery sent again under the same deliveryId is answered as the first was: after a 2xx, never a failure (at-least-once delivery, 6, Retry policy).',
  },
  refused: {
    name: 'forgery-refused',
    spec: 'Receivers compare the header to the recomputed value and reject mismatches (their own response, e.g. 401). (5.3)',
  },
  retryAfter: {
    name: 'retry-after-respected',
    spec: 'When the limit is exceeded the service returns 429 with `Retry-After`. (8, Limits)',
  },
  expired: {
    name: 'expired-token-not-reused',
    spec: '401: Session token expired or invalid. Add-on must be reopened to get a new token. (7, Errors)',
  },
} as const;

const answer = (send: Send): string =>
  send.outcome.response ? `answered ${send.outcome.response.status}` : `got no answer (${send.outcome.error})`;

/** The first built-in invariant that `sends` (from `from` on) break, judged each send against those before it. */
export function builtInViolation(sends: readonly Send[], from = 0): Violation | null {
  for (let i = from; i < sends.length; i++) {
    const send = sends[i]!;
    const what = `${send.event} (attempt ${send.attempt}${send.forged ? `, ${send.forged}` : ''})`;
    if (send.forged) {
      const status = send.outcome.response?.status;
      if (status === undefined || status < 400 || status >= 500)
        return { ...named(BUILT_IN.refused), message: `a forged ${what} ${answer(send)}, not a 4xx` };
      continue;
    }
    if (send.outcome.ok) continue;
    const earlier = sends.slice(0, i).some((s) => !s.forged && s.deliveryId === send.deliveryId && s.outcome.ok);
    if (earlier)
      return {
        ...named(BUILT_IN.repeat),
        message: `${what} ${answer(send)} after the same deliveryId was answered 2xx`,
      };
    return { ...named(BUILT_IN.answered), message: `${what} ${answer(send)}` };
  }
  return null;
}

const named = ({ name, spec }: { name: string; spec: string }) => ({ invariant: name, spec });

/**
 * The first built-in invariant that the backend's API calls (from `from` on) break, each judged
 * against the calls before it with the same token: none before a 429's Retry-After has passed on
 * the emulated clock, none at all after a 401 token_expired. The words name no id and no time.
 */
export function backendViolation(calls: readonly ApiCall[], from = 0): Violation | null {
  for (let i = from; i < calls.length; i++) {
    const call = calls[i]!;
    const earlier = calls.slice(0, i).filter((before) => before.token === call.token);
    const what = `${call.method} ${call.path}`;
    if (earlier.some((before) => before.status === 401 && before.code === 'token_expired'))
      return {
        ...named(BUILT_IN.expired),
        message: `the backend called ${what} again with a session token the API had answered 401 token_expired`,
      };
    const waiting = earlier.find(
      (before) => before.status === 429 && call.at < before.at + (before.retryAfter ?? 0) * 1000,
    );
    if (waiting)
      return {
        ...named(BUILT_IN.retryAfter),
        message: `the backend called ${what} again before the Retry-After of the 429 it got had passed`,
      };
  }
  return null;
}
