import type { FaultRuleSpec } from '../faults/fault-rule.js';
import { createFaultSet, type FaultSet } from '../faults/fault-set.js';
import { newSeed } from '../faults/seeded-random.js';
import { ApiError, UserError } from '../common/errors.js';

export interface FaultsInput {
  faults?: FaultRuleSpec[];
  faultSeed?: number;
}

/** The rule set, seeded, with the configured rules; a bad rule is the user's to fix. */
export function configuredFaults(options: FaultsInput): FaultSet {
  const faults = createFaultSet(options.faultSeed ?? newSeed());
  (options.faults ?? []).forEach((spec, i) => {
    try {
      faults.add(spec);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      throw new UserError(`fault rule ${i + 1} of "faults": ${error.message}`);
    }
  });
  return faults;
}
