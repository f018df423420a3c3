/**
 * How the search ranks solutions, lexicographically: jobs left out, then vehicles (objective
 * 'vehicles'), then vehicles without jobs (`useEveryVehicle`), then the objective's cost. The
 * search keeps its best by it, and searches working together (team.ts) compare their best by
 * it. A module of its own so that the page's side of a team imports it without the search.
 */
export interface SolutionRank {
  readonly absent: number;
  readonly vehicles: number;
  readonly idle: number;
  readonly cost: number;
}

/** True when `a` ranks strictly before `b`. */
export const ranksBefore = (a: SolutionRank, b: SolutionRank): boolean =>
  a.absent !== b.absent
    ? a.absent < b.absent
    : a.vehicles !== b.vehicles
      ? a.vehicles < b.vehicles
      : a.idle !== b.idle
        ? a.idle < b.idle
        : a.cost < b.cost;
