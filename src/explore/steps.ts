/**
 * What the platform does in one step of an exploration (docs/explore.md#actions): an event fired and
 * delivered as production may deliver it — once, twice under one deliveryId, late behind later
 * events, two at the same moment —, a forgery of the newest delivery, the emulated clock moving on,
 * what a user of the service does to a record (created, moved on in its lifecycle, deleted), whose
 * events fire as the service's own, what the organization's admin does to the add-on (uninstalled
 * and installed again, a scope taken from its grant), or the add-on's page calling its backend with
 * a session token while the platform's API fails the backend's first call to it.
 */
export type Step =
  | { do: 'deliver'; event: string }
  | { do: 'duplicate'; event: string }
  | { do: 'late'; event: string }
  | { do: 'together'; events: readonly [string, string] }
  | { do: 'forge'; how: Forgery }
  | { do: 'advance'; by: Advance }
  | { do: 'create'; resource: string; sample: number }
  | { do: 'move'; resource: string; pick: number }
  | { do: 'delete'; resource: string }
  | { do: 'reinstall' }
  | { do: 'revoke'; resource: string }
  | { do: 'call'; fault: ApiFault };

const KINDS: readonly Step['do'][] = [
  'deliver',
  'duplicate',
  'late',
  'together',
  'forge',
  'advance',
  'create',
  'move',
  'delete',
  'reinstall',
  'revoke',
  'call',
];

/** How a forged delivery differs from the genuine one (check/delivery-variants.ts makes each). */
export type Forgery = 'wrong-signature' | 'missing-signature' | 'altered-body';
export const FORGERIES: readonly Forgery[] = ['wrong-signature', 'missing-signature', 'altered-body'];

/**
 * What the API does to the first call the backend makes in a `call` step (docs/faults.md's rules):
 * nothing, a 429 with Retry-After, a 401 token_expired, a 503, a connection reset, or a 503 after
 * the write was done (the answer lost, the write not).
 */
export type ApiFault = 'none' | 'rate-limited' | 'expired-token' | 'unavailable' | 'reset' | 'lost-after-write';
export const API_FAULTS: readonly ApiFault[] = [
  'none',
  'rate-limited',
  'expired-token',
  'unavailable',
  'reset',
  'lost-after-write',
];

const API_FAULT_WORDS: Record<ApiFault, string> = {
  none: '',
  'rate-limited': ', its first API call answered 429 with Retry-After',
  'expired-token': ', its first API call answered 401 token_expired',
  unavailable: ', its first API call answered 503',
  reset: ', its first API call cut off without an answer',
  'lost-after-write': ', its first API call answered 503 after its write was done',
};

/** The clock's moves that matter to a receiver: the retries' +1 and +5 minutes, a late delivery's. */
export type Advance = '1m' | '5m' | '1h';
export const ADVANCES: readonly Advance[] = ['1m', '5m', '1h'];

/** How long a late delivery is held back on the emulated clock: the next `advance` sends it. */
export const LATE_BY = '1m';

const FORGERY_WORDS: Record<Forgery, string> = {
  'wrong-signature': 'signed with another key',
  'missing-signature': 'with no signature',
  'altered-body': 'with its body changed after signing',
};

/** A step in words, for the report: `invoice.paid delivered twice under one deliveryId`. */
export function wordsOf(step: Step): string {
  switch (step.do) {
    case 'deliver':
      return `${step.event} delivered`;
    case 'duplicate':
      return `${step.event} delivered twice under one deliveryId`;
    case 'late':
      return `${step.event} fired, its delivery held back ${LATE_BY} (later events overtake it)`;
    case 'together':
      return `${step.events[0]} and ${step.events[1]} delivered at the same moment`;
    case 'forge':
      return `the newest delivery sent again as a forger would, ${FORGERY_WORDS[step.how]}`;
    case 'advance':
      return `the clock moves on ${step.by}`;
    case 'create':
      return `${step.resource}: a new one created in the service`;
    case 'move':
      return `${step.resource}: the newest moved on in its lifecycle`;
    case 'delete':
      return `${step.resource}: the newest deleted in the service`;
    case 'reinstall':
      return 'the add-on uninstalled and installed again, its receivers subscribed anew';
    case 'revoke':
      return `${step.resource}: its read scope taken from the add-on's grant (its events' subscriptions end)`;
    case 'call':
      return `the page calls the backend with its session token${API_FAULT_WORDS[step.fault]}`;
  }
}

/**
 * Simpler steps that could stand in for `step` while shrinking (shrink.ts): an event delivered
 * plainly instead of twice, late or beside another; a shorter advance. Empty when it is simplest.
 */
export function simplerThan(step: Step): Step[] {
  switch (step.do) {
    case 'duplicate':
    case 'late':
      return [{ do: 'deliver', event: step.event }];
    case 'together':
      return step.events.map((event) => ({ do: 'deliver', event }));
    case 'advance':
      return ADVANCES.slice(0, ADVANCES.indexOf(step.by)).map((by) => ({ do: 'advance', by }));
    case 'call':
      return step.fault === 'none' ? [] : [{ do: 'call', fault: 'none' }];
    default:
      return [];
  }
}

/** What a sequence's steps are over: the events the receivers subscribe to, the resources whose changes fire them, whether a backend is called. */
export interface Explored {
  events: readonly string[];
  resources: readonly string[];
  backend: boolean;
}

/**
 * Why `step` is not a step of what is explored (a sequence a test gives by hand, or edited), or null
 * when it is one: a step that did nothing would pass, silently, what it was meant to show.
 */
export function stepProblem(step: unknown, { events, resources, backend }: Explored): string | null {
  const known = (event: unknown) => typeof event === 'string' && events.includes(event);
  if (typeof step !== 'object' || step === null) return 'a step is an object like { "do": "deliver", "event": … }';
  const { do: kind, event, events: pair, how, by, resource, fault } = step as Record<string, unknown>;
  const fraction = (value: unknown) => typeof value === 'number' && value >= 0 && value < 1;
  const ofResource = (ok: boolean, what: string) =>
    typeof resource !== 'string' || !resources.includes(resource)
      ? `"${String(resource)}" is none of the resources explored (${resources.join(', ')})`
      : ok
        ? null
        : what;
  switch (kind) {
    case 'deliver':
    case 'duplicate':
    case 'late':
      return known(event) ? null : `"${String(event)}" is none of the events explored (${events.join(', ')})`;
    case 'together':
      return Array.isArray(pair) && pair.length === 2 && pair.every(known)
        ? null
        : `"together" takes two of the events explored (${events.join(', ')})`;
    case 'forge':
      return FORGERIES.includes(how as Forgery) ? null : `"forge" takes "how": one of ${FORGERIES.join(', ')}`;
    case 'advance':
      return ADVANCES.includes(by as Advance) ? null : `"advance" takes "by": one of ${ADVANCES.join(', ')}`;
    case 'create': {
      const { sample } = step as { sample?: unknown };
      return ofResource(
        Number.isSafeInteger(sample) && (sample as number) >= 0,
        '"create" takes "sample": a whole number',
      );
    }
    case 'move':
      return ofResource(fraction((step as { pick?: unknown }).pick), '"move" takes "pick": a number from 0 up to 1');
    case 'delete':
    case 'revoke':
      return ofResource(true, '');
    case 'reinstall':
      return null;
    case 'call':
      if (!backend) return '"call" needs the backend\'s URL (backendUrl, --backend-url or check.backendUrl)';
      return API_FAULTS.includes(fault as ApiFault) ? null : `"call" takes "fault": one of ${API_FAULTS.join(', ')}`;
    default:
      return `"do" is one of ${KINDS.join(', ')}, not "${String(kind)}"`;
  }
}
