import type { CostFunction } from './metrics.ts';
import type { RouteMode } from './route.ts';

/** Held-Karp's cost grows as 2^m * m^2 for m free points: 12 is about 600 000 steps. */
export const EXACT_MAX_FREE_POINTS = 12;

/**
 * The optimal route by dynamic programming over subsets of the free points (all but the start,
 * and the end in 'fixed-start-end'). For n >= 2 with at most EXACT_MAX_FREE_POINTS free points.
 */
export function exactRoute(n: number, cost: CostFunction, mode: RouteMode): number[] {
  const end = mode === 'fixed-start-end' ? n - 1 : -1;
  const free: number[] = [];
  for (let v = 1; v < n; v++) if (v !== end) free.push(v);
  const m = free.length;
  if (m === 0) return end === -1 ? [0] : [0, end];
  const states = 1 << m;
  const best = new Float64Array(states * m).fill(Infinity);
  const parent = new Int8Array(states * m).fill(-1);
  for (let j = 0; j < m; j++) best[(1 << j) * m + j] = cost(0, free[j]);
  for (let set = 1; set < states; set++) {
    for (let j = 0; j < m; j++) {
      const here = best[set * m + j];
      if (!(set & (1 << j)) || here === Infinity) continue;
      for (let t = 0; t < m; t++) {
        if (set & (1 << t)) continue;
        const nextSet = set | (1 << t);
        const candidate = here + cost(free[j], free[t]);
        if (candidate < best[nextSet * m + t]) {
          best[nextSet * m + t] = candidate;
          parent[nextSet * m + t] = j;
        }
      }
    }
  }
  const closing = (j: number): number =>
    mode === 'round-trip' ? cost(free[j], 0) : mode === 'fixed-start-end' ? cost(free[j], end) : 0;
  const all = states - 1;
  let last = 0;
  let bestLength = Infinity;
  for (let j = 0; j < m; j++) {
    const length = best[all * m + j] + closing(j);
    if (length < bestLength) {
      bestLength = length;
      last = j;
    }
  }
  const reversed: number[] = [];
  for (let set = all, j = last; j !== -1;) {
    reversed.push(free[j]);
    const previous = parent[set * m + j];
    set &= ~(1 << j);
    j = previous;
  }
  const order = [0, ...reversed.reverse()];
  if (end !== -1) order.push(end);
  return order;
}
