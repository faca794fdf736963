import { seededRandom } from '../faults/seeded-random.js';
import { ADVANCES, FORGERIES, type Step } from './steps.js';

/**
 * How often each kind of step is drawn, out of their sum. Plain deliveries and a user's moves along
 * a lifecycle most, as production has most of them; each way a delivery goes wrong often enough
 * that a short sequence meets it.
 */
const WEIGHTS: ReadonlyArray<[Step['do'], number]> = [
  ['deliver', 3],
  ['duplicate', 2],
  ['late', 2],
  ['together', 1],
  ['forge', 1],
  ['advance', 2],
  ['create', 2],
  ['move', 3],
  ['delete', 1],
  ['reinstall', 1],
  ['revoke', 1],
];
/** Samples a created record is drawn from: a resource's samples cycle through their data. */
const SAMPLES = 100;
const TOTAL = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);

/**
 * The `run`-th sequence of an exploration seeded `seed`: `length` steps over `events` (those the
 * add-on's receivers subscribe to) and `resources` (whose changes fire them). The same seed, run,
 * events and resources give the same steps, so a finding repeats; each run draws from a source of
 * its own, so one run's length never shifts the next's.
 */
export function generateSequence(
  seed: number,
  run: number,
  { events, resources }: { events: readonly string[]; resources: readonly string[] },
  length: number,
): Step[] {
  const random = seededRandom(mix(seed, run));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const event = () => pick(events);
  return Array.from({ length }, (): Step => {
    const kind = kindOf(random());
    switch (kind) {
      case 'deliver':
      case 'duplicate':
      case 'late':
        return { do: kind, event: event() };
      case 'together':
        return { do: kind, events: [event(), event()] };
      case 'forge':
        return { do: kind, how: pick(FORGERIES) };
      case 'advance':
        return { do: kind, by: pick(ADVANCES) };
      case 'create':
        return { do: kind, resource: pick(resources), sample: Math.floor(random() * SAMPLES) };
      case 'move':
        return { do: kind, resource: pick(resources), pick: random() };
      case 'delete':
      case 'revoke':
        return { do: kind, resource: pick(resources) };
      case 'reinstall':
        return { do: kind };
    }
  });
}

function kindOf(draw: number): Step['do'] {
  let left = draw * TOTAL;
  for (const [kind, weight] of WEIGHTS) if ((left -= weight) < 0) return kind;
  return 'deliver';
}

/** One 32-bit seed from the exploration's and the run's number (a splitmix-style mix). */
function mix(seed: number, run: number): number {
  let x = (seed ^ Math.imul(run + 1, 0x9e3779b9)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}
