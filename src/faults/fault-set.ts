import { ApiError, notFound } from '../common/errors.js';
import { MAX_FAULT_RULES } from '../common/limits.js';
import { indexApiRules, matchesPath, segmentsOf, type RuleEntry } from './api-rule-index.js';
import { checkFaultRule, delayMs, latencyRange, type FaultRule, type FaultRuleSpec } from './fault-rule.js';
import { seededRandom } from './seeded-random.js';
import { API_OUTCOMES } from './effects.js';

/** What the rules decided for one API call: at most one outcome, at most one added latency. */
export interface ApiFault {
  /** The rule whose outcome applies (status, rateLimited, expiredToken, reset, hang, afterWrite). */
  outcome: FaultRule | null;
  /** Real milliseconds the answer is held back, and the rule that chose it. */
  latency: { rule: FaultRule; ms: number } | null;
}

/** What the rules decided for one webhook delivery. */
export interface WebhookFault {
  rule: FaultRule;
  /** Sent twice: the same delivery, id, body and signature. */
  duplicate: boolean;
  /** Emulated ms the first attempt waits. */
  delayMs: number;
}

export interface FaultSet {
  /** The seed of the random source that decides `probability`; the same seed repeats a run. */
  readonly seed: number;
  /** Checks and adds a rule (409 `too_many_rules` past MAX_FAULT_RULES); rules are tried in the order they were added. */
  add(spec: FaultRuleSpec): FaultRule;
  list(): FaultRule[];
  /** Removes one rule (404 when there is none of that id), or all of them; answers how many went. */
  clear(id?: string): number;
  /** `path()` is asked for only when there are API rules: calls without faults pay nothing for it. */
  forApi(call: { method: string; path: () => string; orgId: string }): ApiFault | null;
  forWebhook(delivery: { event: string; orgId: string }): WebhookFault | null;
}

/**
 * The fault rules in force. Whether a rule with a probability fires is decided by one seeded random
 * source, drawn once per rule that matches a call, in rule order: the same seed and the same
 * sequence of calls give the same faults.
 */
export function createFaultSet(seed: number): FaultSet {
  const random = seededRandom(seed);
  let rules: RuleEntry[] = [];
  let next = 1;
  /** The API rules by the first segment of the paths they match; made again after each change. */
  let apiRulesFor: ((first: string) => readonly RuleEntry[]) | null = null;

  /** Whether a matching rule fires this time; counts the hit when it does. */
  const fires = (rule: FaultRule): boolean => {
    if (rule.times !== undefined && rule.hits >= rule.times) return false;
    if (rule.probability < 1 && !(rule.probability > 0 && random() < rule.probability)) return false;
    rule.hits++;
    return true;
  };

  return {
    seed,
    add(spec) {
      checkFaultRule(spec);
      if (rules.length >= MAX_FAULT_RULES)
        throw new ApiError(
          409,
          'too_many_rules',
          `${MAX_FAULT_RULES} fault rules are in force, the most there can be; clear one before adding another`,
        );
      const rule: FaultRule = {
        id: `flt_${next++}`,
        ...spec,
        target: spec.target ?? 'api',
        probability: spec.probability ?? 1,
        hits: 0,
      };
      const givesOutcome = Object.keys(rule).some((key) => OUTCOMES.has(key));
      rules.push({ rule, segments: spec.path ? segmentsOf(spec.path) : null, givesOutcome });
      apiRulesFor = null;
      return { ...rule };
    },
    list: () => rules.map(({ rule }) => ({ ...rule })),
    clear(id) {
      apiRulesFor = null;
      if (id === undefined) return rules.splice(0).length;
      const before = rules.length;
      rules = rules.filter(({ rule }) => rule.id !== id);
      if (rules.length === before) throw notFound('fault rule', id, '');
      return 1;
    },

    forApi({ method, path: pathOf, orgId }) {
      if (rules.length === 0) return null;
      const path = segmentsOf(pathOf());
      apiRulesFor ??= indexApiRules(rules.filter(({ rule }) => rule.target === 'api'));
      let outcome: FaultRule | null = null;
      let latency: ApiFault['latency'] = null;
      for (const { rule, segments, givesOutcome } of apiRulesFor(path[1] ?? '')) {
        if ((rule.method && rule.method !== method) || (rule.orgId && rule.orgId !== orgId)) continue;
        if (!matchesPath(segments, path)) continue;
        const givesLatency = rule.latency !== undefined;
        // A rule applies whole: it is tried only while each of its effects is still open (one
        // outcome and one latency per call).
        if ((givesOutcome && outcome) || (givesLatency && latency) || !fires(rule)) continue;
        if (givesOutcome) outcome = rule;
        if (givesLatency) latency = { rule, ms: pick(latencyRange(rule.latency!), random) };
      }
      return outcome || latency ? { outcome, latency } : null;
    },

    forWebhook({ event, orgId }) {
      for (const { rule } of rules) {
        if (rule.target !== 'webhooks' || (rule.event && rule.event !== event) || (rule.orgId && rule.orgId !== orgId))
          continue;
        if (!fires(rule)) continue;
        return { rule, duplicate: rule.duplicate === true, delayMs: rule.delay ? delayMs(rule.delay) : 0 };
      }
      return null;
    },
  };
}

const OUTCOMES = new Set<string>(API_OUTCOMES);

const pick = ([min, max]: [number, number], random: () => number) => min + Math.floor(random() * (max - min + 1));
