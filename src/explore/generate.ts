import { seededRandom } from '../faults/seeded-random.js';
import { ADVANCES, API_FAULTS, FORGERIES, type Explored, type Step } from './steps.js';

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
  ['call', 3],
];
/** Samples a created record is drawn from: a resource's samples cycle through their data. */
const SAMPLES = 100;
/** The weights drawn from: a `call` only where there is a backend to call. */
const weightsFor = (backend: boolean) => (backend ? WEIGHTS : WEIGHTS.filter(([kind]) => kind !== 'call'));

/**
 * The `run`-th sequence of an exploration seeded `seed`: `length` steps over `events` (those the
 * add-on's receivers subscribe to), `resources` (whose changes fire them) and the backend, when
 * there is one. The same seed, run and explored give the same steps, so a finding repeats; each run
 * draws from a source of its own, so one run's length never shifts the next's.
 */
export function generateSequence(seed: number, run: number, explored: Explored, length: number): Step[] {
  const { events, resources } = explored;
  const random = seededRandom(mix(seed, run));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const event = () => pick(events);
  const weights = weightsFor(explored.backend);
  return Array.from({ length }, (): Step => {
    const kind = kindOf(random(), weights);
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
      case 'call':
        return { do: kind, fault: pick(API_FAULTS) };
    }
  });
}

function kindOf(draw: number, weights: typeof WEIGHTS): Step['do'] {
  let left = draw * weights.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [kind, weight] of weights) if ((left -= weight) < 0) return kind;
  return 'deliver';
}

/** One 32-bit seed from the exploration's and the run's number (a splitmix-style mix). */
function mix(seed: number, run: number): number {
  let x = (seed ^ Math.imul(run + 1, 0x9e3779b9)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}
