import { compileSchema, describeError } from '../common/json/validator.js';
import { parseDuration } from '../common/duration.js';
import { ApiError } from '../common/errors.js';
import { PLAIN_ID } from '../installations/installation-ids.js';
import { API_EFFECTS, FAULT_EFFECTS, WEBHOOK_EFFECTS, type EffectFields } from './effects.js';
import { wordedPattern } from '../common/text/pattern-words.js';

/**
 * One fault rule, in the one shape that `addon.config.json`, the control API (and so the CLI) and
 * the harness share: what it matches, how often it fires, and its effect, named by its key (effects.ts).
 */
export interface FaultRuleSpec extends EffectFields {
  /** `api` (the default): calls under /api/addon/v1; `webhooks`: deliveries. */
  target?: 'api' | 'webhooks';
  method?: string;
  /** Relative to /api/addon/v1; `*` stands for one segment: `/invoices/*`. */
  path?: string;
  orgId?: string;
  /** Webhooks only: the event whose deliveries it touches. */
  event?: string;
  /** 0 to 1; default 1. */
  probability?: number;
  /** At most this many times; default unlimited. */
  times?: number;
}

/** A rule in force: its spec with the defaults filled in, its id and how often it fired. */
export interface FaultRule extends FaultRuleSpec {
  id: string;
  target: 'api' | 'webhooks';
  probability: number;
  hits: number;
}

/** The schema of each kind of effect's value. */
const EFFECT_VALUES = {
  flag: { type: 'boolean', const: true },
  status: { type: 'integer', minimum: 400, maximum: 599 },
  ms: {
    type: ['integer', 'string'],
    minimum: 0,
    maximum: 600_000,
    pattern: wordedPattern('^\\d{1,6}(-\\d{1,6})?$', 'milliseconds, like 200, or a range, like 100-500'),
  },
  duration: { type: 'string', minLength: 1, maxLength: 50 },
};

/**
 * The JSON schema of a spec: the control API validates bodies with it, the config file its `faults`.
 * Fixed here, it is compiled as trusted (test/unit/validator.test.ts checks it is valid JSON Schema).
 */
export const FAULT_RULE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    target: { type: 'string', enum: ['api', 'webhooks'] },
    method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
    path: {
      type: 'string',
      pattern: wordedPattern('^/[A-Za-z0-9_.*/{}-]*$', 'a path under /api/addon/v1, like /invoices or /invoices/*'),
      maxLength: 200,
    },
    orgId: { type: 'string', pattern: PLAIN_ID.source },
    event: { type: 'string', minLength: 1, maxLength: 100 },
    probability: { type: 'number', minimum: 0, maximum: 1 },
    times: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
    ...Object.fromEntries(FAULT_EFFECTS.map(({ key, value }) => [key, EFFECT_VALUES[value]])),
  },
} as const;

const invalidRule = (message: string) => new ApiError(400, 'invalid_fault_rule', message);
const named = (list: readonly string[]) => list.slice(0, -1).join(', ') + ' or ' + list.at(-1);

/**
 * The checks a schema cannot make: exactly one effect of the rule's target (latency may join one
 * other), matchers of that target, and readable latencies and delays. Throws a 400 naming the problem.
 */
export function checkFaultRule(spec: FaultRuleSpec): void {
  checkShape(spec);
  const target = spec.target ?? 'api';
  const [own, other] = target === 'api' ? [API_EFFECTS, WEBHOOK_EFFECTS] : [WEBHOOK_EFFECTS, API_EFFECTS];
  const given = own.filter((effect) => spec[effect] !== undefined);
  const foreign = other.filter((effect) => spec[effect] !== undefined);
  if (foreign.length)
    throw invalidRule(`${foreign[0]} is an effect for ${target === 'api' ? 'webhooks' : 'api'} rules`);
  if (target === 'webhooks' && (spec.method || spec.path))
    throw invalidRule('method and path match API calls; a webhooks rule matches by event and orgId');
  if (target === 'api' && spec.event) throw invalidRule('event matches deliveries: add "target": "webhooks"');
  const outcomes = given.filter((effect) => effect !== 'latency');
  if (given.length === 0) throw invalidRule(`a fault rule needs an effect: ${named(own)}`);
  if (outcomes.length > 1)
    throw invalidRule(`a fault rule has one effect (latency may join it), not ${named(outcomes)}`);
  if (spec.latency !== undefined) latencyRange(spec.latency);
  if (spec.delay !== undefined) delayMs(spec.delay);
}

/** The schema's checks, for rules that did not come through a validated request (config, harness). */
function checkShape(spec: unknown): void {
  // Compiled on first use (and once per process): most runs add no rule.
  const validate = compileSchema(FAULT_RULE_SCHEMA, 'json', { trusted: true });
  if (!validate(spec)) throw invalidRule(describeError(validate.errors![0], '', 'the rule'));
}

/** `250` or `"200-800"` as [min, max] ms. */
export function latencyRange(latency: number | string): [number, number] {
  const [min, max = min] = String(latency).split('-').map(Number);
  if (!(min <= max) || max > 600_000) throw invalidRule(`latency ${latency} must be ms or min-max ms, at most 600000`);
  return [min, max];
}

export function delayMs(delay: string): number {
  try {
    return parseDuration(delay);
  } catch (error) {
    throw invalidRule((error as Error).message);
  }
}
