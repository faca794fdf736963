import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FaultRuleSpec } from '../../src/faults/fault-rule.js';
import { createFaultSet } from '../../src/faults/fault-set.js';

interface Call {
  method: string;
  path: string;
  orgId: string;
}

/**
 * What docs/faults.md says, trying every rule in order: the outcome's and the latency's rule ids for
 * each call. Rule `cleared.rule` is gone from call `cleared.at` on.
 */
function byTheBook(
  rules: FaultRuleSpec[],
  calls: Call[],
  cleared: { rule: number; at: number },
): Array<[string | null, string | null]> {
  const hits = rules.map(() => 0);
  const split = (path: string) => path.replace(/\/+$/, '').split('/');
  return calls.map(({ method, path, orgId }, n) => {
    let outcome: string | null = null;
    let latency: string | null = null;
    rules.forEach((rule, i) => {
      if (i === cleared.rule && n >= cleared.at) return;
      if ((rule.method && rule.method !== method) || (rule.orgId && rule.orgId !== orgId)) return;
      if (rule.path) {
        const [pattern, parts] = [split(rule.path), split(path)];
        if (pattern.length !== parts.length || !pattern.every((s, j) => s === '*' || s === parts[j])) return;
      }
      const [givesOutcome, givesLatency] = [rule.status !== undefined, rule.latency !== undefined];
      if ((givesOutcome && outcome) || (givesLatency && latency)) return;
      if (rule.times !== undefined && hits[i] >= rule.times) return;
      hits[i]++;
      if (givesOutcome) outcome = `flt_${i + 1}`;
      if (givesLatency) latency = `flt_${i + 1}`;
    });
    return [outcome, latency];
  });
}

const segment = fc.constantFrom('customers', 'invoices', 'inv_1', '*', '');
const pattern = fc
  .tuple(fc.array(segment, { maxLength: 3 }), fc.boolean())
  .map(([segments, slash]) => `/${segments.join('/')}${slash ? '/' : ''}`);
const rule: fc.Arbitrary<FaultRuleSpec> = fc
  .record(
    {
      method: fc.constantFrom('GET', 'POST', 'DELETE'),
      path: pattern,
      orgId: fc.constantFrom('org_a', 'org_b'),
      times: fc.integer({ min: 1, max: 3 }),
      effect: fc.constantFrom<Pick<FaultRuleSpec, 'status' | 'latency'>>(
        { status: 503 },
        { latency: 1 },
        { status: 500, latency: 2 },
      ),
    },
    { requiredKeys: ['effect'] },
  )
  .map(({ effect, ...matchers }) => ({ ...matchers, ...effect }));
const call: fc.Arbitrary<Call> = fc.record({
  method: fc.constantFrom('GET', 'POST', 'DELETE'),
  path: fc
    .tuple(fc.array(fc.constantFrom('customers', 'invoices', 'inv_1', 'x', '*'), { maxLength: 3 }), fc.boolean())
    .map(([segments, slash]) => `/${segments.join('/')}${slash ? '/' : ''}`),
  orgId: fc.constantFrom('org_a', 'org_b'),
});

describe('fault rules on API calls', () => {
  it('pick the same rules as trying every rule in order, with rules for other paths indexed away, before and after a clear', () => {
    fc.assert(
      fc.property(
        fc.array(rule, { maxLength: 30 }),
        fc.array(call, { maxLength: 40 }),
        fc.nat(),
        (specs, calls, clearAt) => {
          const set = createFaultSet(1);
          specs.forEach((spec) => set.add(spec));
          const picked = (c: Call) => {
            const fault = set.forApi({ ...c, path: () => c.path });
            return [fault?.outcome?.id ?? null, fault?.latency?.rule.id ?? null];
          };
          const half = calls.length >> 1;
          const gone = specs.length ? clearAt % specs.length : -1;
          const expected = byTheBook(specs, calls, { rule: gone, at: half });
          const got = calls.slice(0, half).map(picked);
          // A cleared rule is gone from the index too; the others keep their hits.
          if (gone >= 0) set.clear(`flt_${gone + 1}`);
          got.push(...calls.slice(half).map(picked));
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
