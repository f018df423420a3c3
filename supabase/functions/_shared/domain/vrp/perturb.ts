/**
 * Random feasible moves between routes, to shake a solution without breaking a rule (the
 * perturbation of Nagata & Bräysy's route minimisation: after an ejection the routes are moved
 * around at random so that the jobs still waiting find other openings). Three moves, each between
 * a random job u and one of its nearest jobs w on another route:
 *  - relocate: u moves next to w (before or after it);
 *  - exchange: u and w swap places;
 *  - 2-opt*: the routes swap their tails after u and after w (vehicles of the same type only,
 *    since a tail keeps its latest arrivals only under the same shift).
 * A move is made when every rule holds afterwards, whatever it does to the length. Each check is
 * O(1) with the routes' earliest departures and latest arrivals; working time, when a vehicle
 * limits it, is checked by simulation after the move, which is undone if it fails.
 */
import { LOCK_NONE, type Instance } from './instance.ts';
import { randomBelow, type Random } from '../random.ts';
import { earliestStart } from './schedule.ts';
import type { Route, Solution } from './solution.ts';

export class Perturber {
  private readonly scratchA: Int32Array;
  private readonly scratchB: Int32Array;
  private readonly undoA: Int32Array;
  private readonly undoB: Int32Array;

  constructor(private readonly instance: Instance) {
    const m = instance.jobCount;
    this.scratchA = new Int32Array(m);
    this.scratchB = new Int32Array(m);
    this.undoA = new Int32Array(m);
    this.undoB = new Int32Array(m);
  }

  /**
   * Tries `attempts` random moves among the `near` nearest jobs; marks changed routes in
   * `changed` when given. Returns how many were made.
   */
  perturb(
    solution: Solution,
    random: Random,
    attempts: number,
    near: number,
    changed?: Uint8Array,
  ): number {
    const { instance } = this;
    const { neighbours, neighbourCount, lock, jobCount } = instance;
    const width = Math.min(near, neighbourCount);
    if (width === 0) return 0;
    let made = 0;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const u = randomBelow(random, jobCount);
      const w = neighbours[u * neighbourCount + randomBelow(random, width)];
      const ra = solution.jobRoute[u];
      const rb = solution.jobRoute[w];
      if (ra < 0 || rb < 0 || ra === rb || lock[u] !== LOCK_NONE || lock[w] !== LOCK_NONE) continue;
      const a = solution.routes[ra];
      const b = solution.routes[rb];
      const pa = solution.positionOf(u);
      const pb = solution.positionOf(w);
      const kind = randomBelow(random, 3);
      let done: boolean;
      if (kind === 0) done = this.relocate(solution, a, pa, b, random() < 0.5 ? pb - 1 : pb);
      else if (kind === 1) done = this.exchange(solution, a, pa, b, pb);
      else done = this.twoOptStar(solution, a, pa, b, pb);
      if (done) {
        made++;
        if (changed) changed[ra] = changed[rb] = 1;
      }
    }
    return made;
  }

  /** True when the vehicle can reach position `to`'s job from position `from` (skipping between). */
  private bridges(route: Route, from: number, to: number): boolean {
    const { time, size } = this.instance;
    return (
      route.depart[from] + time[route.location[from] * size + route.location[to]] <=
      route.latest[to]
    );
  }

  /** True when job j fits between positions `before` and `after` of the route (times only). */
  private fitsBetween(route: Route, before: number, j: number, after: number): boolean {
    const { instance } = this;
    const { time, size, jobLocation, service } = instance;
    const here = jobLocation[j];
    const start = earliestStart(
      instance,
      j,
      route.depart[before] + time[route.location[before] * size + here],
    );
    if (start === Infinity) return false;
    return start + service[j] + time[here * size + route.location[after]] <= route.latest[after];
  }

  /** Moves the job at position pa of route a to after position pb of route b. */
  private relocate(solution: Solution, a: Route, pa: number, b: Route, pb: number): boolean {
    const { instance } = this;
    const u = a.jobs[pa];
    const vb = b.vehicle;
    if (b.load + instance.demand[u] > instance.capacity[vb] || b.len + 1 > instance.maxStops[vb])
      return false;
    if (pb === 0 && b.len > 0 && instance.lock[b.jobs[1]] !== LOCK_NONE) return false;
    if (pb === b.len && b.len > 0 && instance.lock[b.jobs[b.len]] !== LOCK_NONE) return false;
    if (a.len > 1 && !this.bridges(a, pa - 1, pa + 1)) return false;
    if (!this.fitsBetween(b, pb, u, pb + 1)) return false;
    const saveA = this.save(a, this.undoA);
    const saveB = this.save(b, this.undoB);
    this.removeAt(a, pa);
    b.insert(pb, u);
    solution.jobRoute[u] = b.vehicle;
    return this.keepOrUndo(solution, a, saveA, b, saveB);
  }

  /** Swaps the job at pa of route a with the job at pb of route b. */
  private exchange(solution: Solution, a: Route, pa: number, b: Route, pb: number): boolean {
    const { instance } = this;
    const { demand, capacity } = instance;
    const u = a.jobs[pa];
    const w = b.jobs[pb];
    if (a.load - demand[u] + demand[w] > capacity[a.vehicle]) return false;
    if (b.load - demand[w] + demand[u] > capacity[b.vehicle]) return false;
    if (!this.fitsBetween(a, pa - 1, w, pa + 1) || !this.fitsBetween(b, pb - 1, u, pb + 1))
      return false;
    const saveA = this.save(a, this.undoA);
    const saveB = this.save(b, this.undoB);
    a.jobs[pa] = w;
    b.jobs[pb] = u;
    a.update();
    b.update();
    solution.jobRoute[u] = b.vehicle;
    solution.jobRoute[w] = a.vehicle;
    return this.keepOrUndo(solution, a, saveA, b, saveB);
  }

  /** Route a keeps its jobs up to pa then takes b's after pb, and b the other way round. */
  private twoOptStar(solution: Solution, a: Route, pa: number, b: Route, pb: number): boolean {
    const { instance } = this;
    const { vehicleType, demand, capacity, maxStops, time, size } = instance;
    if (vehicleType[a.vehicle] !== vehicleType[b.vehicle]) return false;
    if (pa === a.len && pb === b.len) return false;
    const ua = a.location[pa];
    const wb = b.location[pb];
    if (a.depart[pa] + time[ua * size + b.location[pb + 1]] > b.latest[pb + 1]) return false;
    if (b.depart[pb] + time[wb * size + a.location[pa + 1]] > a.latest[pa + 1]) return false;
    if (pa + (b.len - pb) > maxStops[a.vehicle] || pb + (a.len - pa) > maxStops[b.vehicle])
      return false;
    let headA = 0;
    for (let p = 1; p <= pa; p++) headA += demand[a.jobs[p]];
    let headB = 0;
    for (let p = 1; p <= pb; p++) headB += demand[b.jobs[p]];
    if (headA + (b.load - headB) > capacity[a.vehicle]) return false;
    if (headB + (a.load - headA) > capacity[b.vehicle]) return false;
    const saveA = this.save(a, this.undoA);
    const saveB = this.save(b, this.undoB);
    const newA = this.scratchA;
    const newB = this.scratchB;
    let na = 0;
    let nb = 0;
    for (let p = 1; p <= pa; p++) newA[na++] = a.jobs[p];
    for (let p = pb + 1; p <= b.len; p++) newA[na++] = b.jobs[p];
    for (let p = 1; p <= pb; p++) newB[nb++] = b.jobs[p];
    for (let p = pa + 1; p <= a.len; p++) newB[nb++] = a.jobs[p];
    a.assign(newA.subarray(0, na));
    b.assign(newB.subarray(0, nb));
    for (let p = 1; p <= a.len; p++) solution.jobRoute[a.jobs[p]] = a.vehicle;
    for (let p = 1; p <= b.len; p++) solution.jobRoute[b.jobs[p]] = b.vehicle;
    return this.keepOrUndo(solution, a, saveA, b, saveB);
  }

  private removeAt(route: Route, p: number): void {
    route.jobs.copyWithin(p, p + 1, route.len + 1);
    route.len--;
    route.update();
  }

  /** Copies the route's jobs into `into`; returns their count. */
  private save(route: Route, into: Int32Array): number {
    if (!this.instance.limitsWorkingTime) return 0;
    into.set(route.jobs.subarray(1, route.len + 1));
    return route.len;
  }

  /** Keeps the move when both routes are within their working time, else restores them. */
  private keepOrUndo(solution: Solution, a: Route, lenA: number, b: Route, lenB: number): boolean {
    const { instance } = this;
    if (!instance.limitsWorkingTime) return true;
    const { maxWorkingTime } = instance;
    if (a.duration <= maxWorkingTime[a.vehicle] && b.duration <= maxWorkingTime[b.vehicle])
      return true;
    a.assign(this.undoA.subarray(0, lenA));
    b.assign(this.undoB.subarray(0, lenB));
    for (let p = 1; p <= a.len; p++) solution.jobRoute[a.jobs[p]] = a.vehicle;
    for (let p = 1; p <= b.len; p++) solution.jobRoute[b.jobs[p]] = b.vehicle;
    return false;
  }
}
