/**
 * The optimisers' seeded pseudo-random numbers (mulberry32): the same seed gives the same
 * sequence, so a search with an iteration budget is reproducible. Both the single-route optimiser
 * (tsp) and the day's optimiser (vrp) draw from it.
 */
export type Random = () => number;

/** A generator of numbers in [0, 1), from a 32-bit seed. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, bound). */
export function randomBelow(random: Random, bound: number): number {
  return Math.floor(random() * bound);
}
