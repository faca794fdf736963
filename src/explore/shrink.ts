import { simplerThan, type Step } from './steps.js';

/** Whether a sequence still breaks the invariant being shrunk for (each call a replay from the checkpoint). */
export type StillFails = (steps: readonly Step[]) => Promise<boolean>;

/**
 * The smallest sequence found that still fails: the last step alone (the sequence ends with the
 * step that failed), else steps taken away one at a time from the end back, then each step made simpler (simplerThan), over again until a pass changes nothing or `replays`
 * are used up. Greedy, as QuickCheck's list shrinking is: a local minimum, where no one step can go
 * and no step be simpler, which for the sequences explored here (tens of steps) is the minimum that
 * matters to a reader.
 */
export async function shrink(
  failing: readonly Step[],
  stillFails: StillFails,
  replays: number,
): Promise<{ steps: Step[]; replays: number }> {
  let steps = [...failing];
  let used = 0;
  const tries = async (candidate: Step[]) => {
    if (used >= replays) return false;
    used++;
    return stillFails(candidate);
  };
  // The failing step alone first: most findings need no more, and each replay of a slow one costs
  // its receiver's whole 10 s.
  const last = steps.at(-1)!;
  if (steps.length > 1 && (await tries([last]))) steps = [last];
  for (let changed = true; changed && used < replays;) {
    changed = false;
    for (let i = steps.length - 1; i >= 0; i--) {
      const without = steps.filter((_, j) => j !== i);
      if (without.length && (await tries(without))) [steps, changed] = [without, true];
    }
    for (let i = 0; i < steps.length; i++)
      for (const simpler of simplerThan(steps[i]!)) {
        const candidate = steps.map((step, j) => (j === i ? simpler : step));
        if (await tries(candidate)) {
          [steps, changed] = [candidate, true];
          break;
        }
      }
  }
  return { steps, replays: used };
}
