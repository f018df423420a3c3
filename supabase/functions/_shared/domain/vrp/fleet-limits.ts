/**
 * How long the fleet phase (route minimisation, search.ts) may go on, as shares of the budget:
 * `patience` without taking a route out, `share` in all from the start.
 *
 * One route above the lower bound (all demand over the largest capacity), both stretch: taking
 * that route out ends route minimisation for good, as no solution can have fewer, and where
 * routes are long that last route is the hardest to take out. Gehring & Homberger's r2_2_1 (200
 * jobs, 5 routes of 40 stops, capacity bound 4) took 0.1 to 2.7 s of one core over 12 seeds to
 * go from 5 routes to 4, where rc1_2_1 (18 routes of 11 stops, at its bound) needs 0.1 to 0.3 s
 * to reach 18: with the team's first member's 30 % of a 10 s budget some seeds kept 5.
 * Further from the bound, a route out may not exist at all, and the time goes to the distance.
 */
export interface FleetLimits {
  patience: number;
  share: number;
}

/** How much longer the fleet phase may go on one route above the lower bound. */
export const NEAR_BOUND_STRETCH = 2;

/**
 * The limits for a fleet of `vehicles` routes (the fewest found with every job) when no solution
 * has fewer than `bound`, given the search's `patience` and `share`.
 */
export function fleetLimits(
  patience: number,
  share: number,
  vehicles: number,
  bound: number,
): FleetLimits {
  if (vehicles !== bound + 1) return { patience, share };
  return {
    patience: patience * NEAR_BOUND_STRETCH,
    share: Math.min(1, share + patience * (NEAR_BOUND_STRETCH - 1)),
  };
}
