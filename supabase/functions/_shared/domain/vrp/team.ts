/**
 * Several searches of the same problem working together (one per core, each in its own worker,
 * each with its own seed): they report their best solution as they go, and whenever one of them
 * beats the team's best, the others are sent it and go on from it (VrpSolver.adopt). Between
 * two such moments they search apart, so the team explores more than one search would, and a
 * route taken out by one is taken out for all.
 *
 * This module is the coordinator's bookkeeping, without any messaging: which solution is the
 * team's best and who must hear of it.
 */
import { ranksBefore, type SolutionRank } from './rank.ts';
import type { SearchSettings } from './search.ts';
import type { VrpSolution } from './solve.ts';

/**
 * The team's best solution and when to share it. A best with fewer jobs left out or fewer
 * vehicles goes to the others at once (a route taken out is never worth searching for twice); a
 * shorter one at most every `shareEveryMs`, so that the members search apart in between.
 */
export class SearchTeam {
  private bestSolution: VrpSolution | null = null;
  private bestRank: SolutionRank | null = null;
  /** Which member found the team's best (it needs no copy). */
  private bestFrom = -1;
  private sharedRank: SolutionRank | null = null;
  private sharedAt = -Infinity;

  constructor(
    readonly size: number,
    private readonly shareEveryMs: number,
  ) {}

  /** The best solution reported so far (null before the first report). */
  get best(): VrpSolution | null {
    return this.bestSolution;
  }

  /**
   * Member `member` reports its best solution, ranked by its search (VrpSolver.rank), at time
   * `now` (ms). Returns the members to send the team's best to now (empty when there is
   * nothing new to share or it is too early).
   */
  report(member: number, solution: VrpSolution, rank: SolutionRank, now: number): number[] {
    if (!this.bestRank || ranksBefore(rank, this.bestRank)) {
      this.bestSolution = solution;
      this.bestRank = rank;
      this.bestFrom = member;
    }
    const best = this.bestRank;
    const shared = this.sharedRank;
    if (shared && !ranksBefore(best, shared)) return [];
    const fewer =
      !shared ||
      best.absent < shared.absent ||
      best.vehicles < shared.vehicles ||
      best.idle < shared.idle;
    if (!fewer && now - this.sharedAt < this.shareEveryMs) return [];
    this.sharedRank = best;
    this.sharedAt = now;
    const others: number[] = [];
    for (let other = 0; other < this.size; other++) if (other !== this.bestFrom) others.push(other);
    return others;
  }
}

/**
 * How many searches to run together: one per core (`cores`, e.g. navigator.hardwareConcurrency),
 * at most `maxWorkers`, and one for every `jobsPerWorker` jobs: a small day is solved within its
 * budget by one search, and each extra worker costs its start-up and a copy of the matrices.
 */
export function teamSize(
  jobCount: number,
  cores: number,
  { maxWorkers = 8, jobsPerWorker = 25 }: { maxWorkers?: number; jobsPerWorker?: number } = {},
): number {
  const usable = Number.isFinite(cores) && cores >= 1 ? Math.floor(cores) : 1;
  return Math.max(1, Math.min(usable, maxWorkers, Math.ceil(jobCount / jobsPerWorker)));
}

/** Shares of the budget the fleet phase may go on without taking a route out (below). */
const PERSISTENT_FLEET_PATIENCE = 0.3;
const EAGER_FLEET_PATIENCE = 0.05;

/**
 * What member `index` of a team of `size` does differently: the first keeps trying to take
 * routes out for longer (fewer vehicles outweigh any distance), the others turn to the distance
 * early and take over the first's fewer routes when it finds them. Alone: the defaults.
 */
export function memberSettings(index: number, size: number): Partial<SearchSettings> {
  if (!(size > 1)) return {};
  return { fleetPatience: index === 0 ? PERSISTENT_FLEET_PATIENCE : EAGER_FLEET_PATIENCE };
}
