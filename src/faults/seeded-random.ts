/**
 * A seeded pseudo-random source (mulberry32): the same seed gives the same numbers, so a run with
 * faults can be repeated exactly. Numbers in [0, 1).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A seed for a run that names none: printed at start, so the run can be repeated. */
export const newSeed = (): number => Math.floor(Math.random() * 2 ** 31);
