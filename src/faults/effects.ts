// The effects a fault rule can have (docs/faults.md), listed once: the rule's type and schema, its
// checks, the audit line's words, `addon faults add`'s flags and the host page's Faults tab all read
// this list. No imports, so the host page's bundle takes it as it is.

/** The value each kind of effect takes in a rule. */
interface EffectValues {
  flag: true;
  /** An error status, 400 to 599. */
  status: number;
  /** Milliseconds, fixed (`250`) or a range (`"200-800"`). */
  ms: number | string;
  /** Emulated time, like `5m`. */
  duration: string;
}

export interface EffectInfo<Key extends string = string> {
  /** Its field in a rule. */
  key: Key;
  /** What it touches: API calls or webhook deliveries. */
  target: 'api' | 'webhooks';
  value: keyof EffectValues;
  /** In the audit line and `addon faults`; `{}` stands for the value. */
  said: string;
  /** The help of its flag in `addon faults add`. */
  help: string;
  /** Its name in the Faults tab. */
  label: string;
  /** What the Faults tab suggests as its value. */
  example?: string;
}

const EFFECTS = [
  {
    key: 'status',
    target: 'api',
    value: 'status',
    said: 'status {}',
    help: 'answer this 4xx or 5xx status',
    label: 'Status',
    example: '503',
  },
  {
    key: 'rateLimited',
    target: 'api',
    value: 'flag',
    said: 'rate limited',
    help: 'answer 429 as the rate limiter does',
    label: 'Rate limited (429)',
  },
  {
    key: 'expiredToken',
    target: 'api',
    value: 'flag',
    said: 'expired token',
    help: 'answer 401 as for an expired session',
    label: 'Expired token (401)',
  },
  {
    key: 'latency',
    target: 'api',
    value: 'ms',
    said: 'latency {} ms',
    help: 'hold the answer back, ms or min-max ms (may join another effect)',
    label: 'Latency (ms or min-max)',
    example: '200-800',
  },
  {
    key: 'reset',
    target: 'api',
    value: 'flag',
    said: 'connection reset',
    help: 'destroy the connection without an answer',
    label: 'Connection reset',
  },
  {
    key: 'hang',
    target: 'api',
    value: 'flag',
    said: 'hang',
    help: 'never answer (the connection closes after 2 minutes)',
    label: 'Hang',
  },
  {
    key: 'afterWrite',
    target: 'api',
    value: 'status',
    said: 'status {} after the write',
    help: 'do the write and fire its events, then answer this status',
    label: 'Status after the write',
    example: '503',
  },
  {
    key: 'duplicate',
    target: 'webhooks',
    value: 'flag',
    said: 'duplicate',
    help: 'send each delivery twice, byte for byte',
    label: 'Webhook sent twice',
  },
  {
    key: 'delay',
    target: 'webhooks',
    value: 'duration',
    said: 'delay {}',
    help: 'hold each delivery back on the emulated clock, like 5m',
    label: 'Webhook delayed (emulated)',
    example: '5m',
  },
] as const satisfies readonly EffectInfo[];

export type EffectKey = (typeof EFFECTS)[number]['key'];

/** A rule's effects, each with the value of its kind; a rule has one (latency may join it). */
export type EffectFields = { [Effect in (typeof EFFECTS)[number] as Effect['key']]?: EffectValues[Effect['value']] };

export const FAULT_EFFECTS: readonly EffectInfo<EffectKey>[] = EFFECTS;

const keysFor = (target: EffectInfo['target']) => FAULT_EFFECTS.filter((e) => e.target === target).map((e) => e.key);
export const API_EFFECTS = keysFor('api');
export const WEBHOOK_EFFECTS = keysFor('webhooks');
/** The API effects that decide the answer; latency only holds it back, and may join one of them. */
export const API_OUTCOMES = API_EFFECTS.filter((key) => key !== 'latency');

/** Latency last: the audit line says what happened, then how long it took. */
const SAID_IN_ORDER = [
  ...FAULT_EFFECTS.filter((e) => e.key !== 'latency'),
  ...FAULT_EFFECTS.filter((e) => e.key === 'latency'),
];

/** What the rule does, in words: for the audit line, `addon faults` and the drawer. */
export function describeEffect(rule: EffectFields): string {
  return SAID_IN_ORDER.filter(({ key }) => rule[key] !== undefined)
    .map(({ key, said }) => said.replace('{}', String(rule[key])))
    .join(', ');
}
