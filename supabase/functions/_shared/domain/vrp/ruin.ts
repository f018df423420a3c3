/**
 * Ruin: SISR's adjacent string removal (Christiaens & Vanden Berghe 2020). Around a random seed
 * job, strings (runs of consecutive jobs) are cut from the routes of the seed's nearest jobs, at
 * most one string per route; half of the time a "split string" keeps a run of jobs in the middle.
 * Removing jobs near each other, from several routes, frees room where a better arrangement can
 * be rebuilt.
 */
import type { Instance } from './instance.ts';
import { randomBelow, type Random } from '../random.ts';
import type { Route, Solution } from './solution.ts';

export interface RuinSettings {
  /** Average number of removed jobs (c̄). */
  averageRemoved: number;
  /** Longest string (L_max). */
  maxString: number;
  /** Probability of a split string. */
  splitRate: number;
  /** Each extra kept job is added with probability 1 - splitDepth. */
  splitDepth: number;
}

export class Ruiner {
  /** 1 for the jobs that stay in the routes being cut. */
  private readonly keep: Uint8Array;
  private readonly ruined: Uint8Array;

  constructor(private readonly instance: Instance) {
    this.keep = new Uint8Array(instance.jobCount).fill(1);
    this.ruined = new Uint8Array(instance.vehicleCount);
  }

  /**
   * Removes strings; writes the removed jobs to `removed` from index `count` on and returns the
   * new count. Marks the changed routes in `changed`.
   */
  ruin(
    solution: Solution,
    random: Random,
    settings: RuinSettings,
    removed: Int32Array,
    count: number,
    changed: Uint8Array,
  ): number {
    const instance = this.instance;
    const { routes, jobRoute } = solution;
    let assigned = 0;
    let used = 0;
    for (const route of routes) {
      if (route.len > 0) {
        used++;
        assigned += route.len;
      }
    }
    if (assigned === 0) return count;
    const longest = Math.min(settings.maxString, assigned / used);
    const maxStrings = (4 * settings.averageRemoved) / (1 + longest) - 1;
    const strings = Math.floor(random() * maxStrings) + 1;

    // A random assigned job as the seed.
    let seed = randomBelow(random, instance.jobCount);
    while (jobRoute[seed] < 0) seed = (seed + 1) % instance.jobCount;

    this.ruined.fill(0);
    let cut = 0;
    const { neighbours, neighbourCount } = instance;
    for (let k = -1; k < neighbourCount && cut < strings; k++) {
      const job = k < 0 ? seed : neighbours[seed * neighbourCount + k];
      const r = jobRoute[job];
      if (r < 0 || this.ruined[r] === 1) continue;
      const route = routes[r];
      const most = Math.min(route.len, longest);
      const length = Math.floor(random() * most) + 1;
      const at = solution.positionOf(job);
      if (random() < settings.splitRate && length < route.len) {
        count = this.cutSplitString(solution, route, at, length, random, settings, removed, count);
      } else {
        count = this.cutString(solution, route, at, length, random, removed, count);
      }
      this.ruined[r] = 1;
      changed[r] = 1;
      cut++;
    }
    return count;
  }

  /** Removes `length` consecutive jobs of the route, one of them at position `at`. */
  private cutString(
    solution: Solution,
    route: Route,
    at: number,
    length: number,
    random: Random,
    removed: Int32Array,
    count: number,
  ): number {
    const first = this.firstOfString(route, at, length, random);
    for (let p = first; p < first + length; p++)
      count = this.take(solution, route, p, removed, count);
    return this.finishCut(solution, route, removed, count);
  }

  /**
   * Takes a string of length + kept jobs containing `at` and removes all but `kept` consecutive
   * jobs in it.
   */
  private cutSplitString(
    solution: Solution,
    route: Route,
    at: number,
    length: number,
    random: Random,
    settings: RuinSettings,
    removed: Int32Array,
    count: number,
  ): number {
    let kept = 1;
    while (length + kept < route.len && random() > settings.splitDepth) kept++;
    const span = length + kept;
    const first = this.firstOfString(route, at, span, random);
    const keptFrom = first + randomBelow(random, length + 1);
    for (let p = first; p < first + span; p++) {
      if (p < keptFrom || p >= keptFrom + kept)
        count = this.take(solution, route, p, removed, count);
    }
    return this.finishCut(solution, route, removed, count);
  }

  /** First position of a string of `span` jobs that contains `at`, uniformly among those. */
  private firstOfString(route: Route, at: number, span: number, random: Random): number {
    const low = Math.max(1, at - span + 1);
    const high = Math.min(at, route.len - span + 1);
    return low + randomBelow(random, high - low + 1);
  }

  private take(
    solution: Solution,
    route: Route,
    p: number,
    removed: Int32Array,
    count: number,
  ): number {
    const job = route.jobs[p];
    this.keep[job] = 0;
    solution.jobRoute[job] = -1;
    removed[count] = job;
    return count + 1;
  }

  /**
   * Drops the removed jobs from the route. Without the triangle inequality a shortcut can be
   * slower than the detour it replaces, so jobs that became late are removed too.
   */
  private finishCut(solution: Solution, route: Route, removed: Int32Array, count: number): number {
    route.retain(this.keep);
    for (let i = 0; i < count; i++) this.keep[removed[i]] = 1;
    return dropLateJobs(this.instance, solution, route, removed, count);
  }
}

/**
 * Removes jobs from a route until it is feasible: the first job whose window is missed, or the
 * last job while the shift or the working time is exceeded. Returns the new removed count.
 */
export function dropLateJobs(
  instance: Instance,
  solution: Solution,
  route: Route,
  removed: Int32Array,
  count: number,
): number {
  const limit = instance.maxWorkingTime[route.vehicle];
  while (route.len > 0 && (!route.feasible() || route.duration > limit)) {
    let p = 1;
    while (p <= route.len && route.start[p] !== Infinity) p++;
    if (p > route.len) p = route.len;
    const job = route.jobs[p];
    route.jobs.copyWithin(p, p + 1, route.len + 1);
    route.len--;
    route.update();
    solution.jobRoute[job] = -1;
    removed[count++] = job;
  }
  return count;
}
