/**
 * What the platform does in one step of an exploration (docs/explore.md#actions): an event fired and
 * delivered as production may deliver it — once, twice under one deliveryId, late behind later
 * events, two at the same moment —, a forgery of the newest delivery, the emulated clock moving on,
 * what a user of the service does to a record (created, moved on in its lifecycle, deleted), whose
 * events fire as the service's own, or what the organization's admin does to the add-on (uninstalled
 * and installed again, a scope taken from its grant).
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
  | { do: 'revoke'; resource: string };

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
];

/** How a forged delivery differs from the genuine one (check/delivery-variants.ts makes each). */
export type Forgery = 'wrong-signature' | 'missing-signature' | 'altered-body';
export const FORGERIES: readonly Forgery[] = ['wrong-signature', 'missing-signature', 'altered-body'];

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
    default:
      return [];
  }
}

/**
 * Why `step` is not a step over `events` (a sequence a test gives by hand, or edited), or null when
 * it is one: a step that did nothing would pass, silently, what it was meant to show.
 */
export function stepProblem(step: unknown, events: readonly string[], resources: readonly string[]): string | null {
  const known = (event: unknown) => typeof event === 'string' && events.includes(event);
  if (typeof step !== 'object' || step === null) return 'a step is an object like { "do": "deliver", "event": … }';
  const { do: kind, event, events: pair, how, by, resource } = step as Record<string, unknown>;
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
    default:
      return `"do" is one of ${KINDS.join(', ')}, not "${String(kind)}"`;
  }
}
