/**
 * Insertion with ejection (Nagata & Bräysy 2009, "A powerful route minimization heuristic for the
 * VRPTW", section 3.3): when a job fits nowhere, put it into a route anyway and take out up to
 * `maxEjected` of that route's other jobs so that the route keeps every rule, choosing the
 * ejection whose jobs have the smallest sum of penalty counters (how often each job has been
 * hard to place; ties: the shorter route). The ejected jobs go back to the ejection pool.
 *
 * The ejections of one route and one insertion position are enumerated depth first, in route
 * order (the paper's lexicographic order), keeping the earliest departure from the last kept job:
 * a branch is cut when a kept job's window is missed or when the counters already reach the best
 * sum found, and it ends as soon as the rest of the route can be kept as it is (the latest
 * arrivals of the route with the job inserted tell it in O(1)). The searches run with one
 * ejection allowed over the nearby routes, then two, and so on: each counter is at least 1, so
 * more ejections cannot beat a sum already at most their number, and the cheap searches come
 * first. A budget of search nodes bounds the time of one call.
 */
import { LOCK_FIRST, LOCK_LAST, type Instance } from './instance.ts';
import { earliestStart, latestArrival, simulateRoute } from './schedule.ts';
import type { Route, Solution } from './solution.ts';

/** Largest number of search nodes per call: bounds the time of one ejection search. */
const NODE_BUDGET = 50_000;

export class Ejector {
  /** The best combination found by `find`: route, insertion position (after p), ejected jobs. */
  bestRoute = -1;
  bestPosition = -1;
  readonly bestEjected: Int32Array;
  bestCount = 0;
  private bestPenalty = Infinity;
  private bestDelta = Infinity;

  /** The route with the job inserted, positions 0 (start) .. len + 2 (end). */
  private readonly sequenceJob: Int32Array;
  private readonly sequenceLocation: Int32Array;
  /** Latest arrival at each position from which the rest, kept whole, meets every rule. */
  private readonly sequenceLatest: Float64Array;
  /** Length from each position to the end. */
  private readonly sequenceRest: Float64Array;
  private sequenceEnd = 0;

  /** The branch being explored. */
  private readonly ejected: Int32Array;
  private route!: Route;
  private routeIndex = 0;
  private job = 0;
  private insertAfter = 0;
  private penalty!: Float64Array;
  private allowed = 0;
  private minEjected = 0;
  /** Demand to free for the capacity. */
  private excess = 0;
  private nodes = 0;
  private readonly routes: Int32Array;
  private readonly routeSeen: Uint8Array;

  constructor(private readonly instance: Instance) {
    const m = instance.jobCount;
    this.ejected = new Int32Array(m);
    this.bestEjected = new Int32Array(m);
    this.sequenceJob = new Int32Array(m + 3);
    this.sequenceLocation = new Int32Array(m + 3);
    this.sequenceLatest = new Float64Array(m + 3);
    this.sequenceRest = new Float64Array(m + 3);
    this.routes = new Int32Array(instance.vehicleCount);
    this.routeSeen = new Uint8Array(instance.vehicleCount);
  }

  /**
   * Finds the best insertion of `job` with at most `maxEjected` ejections over the routes that
   * serve one of its `nearJobs` nearest jobs. Returns false when there is none.
   */
  find(
    solution: Solution,
    job: number,
    penalty: Float64Array,
    maxEjected: number,
    nearJobs: number,
  ): boolean {
    const { instance } = this;
    this.bestRoute = -1;
    this.bestPenalty = Infinity;
    this.bestDelta = Infinity;
    this.bestCount = 0;
    this.job = job;
    this.penalty = penalty;
    this.nodes = 0;
    this.routeSeen.fill(0);
    const { neighbours, neighbourCount } = instance;
    const near = Math.min(nearJobs, neighbourCount);
    let routeCount = 0;
    for (let k = 0; k < near; k++) {
      const r = solution.jobRoute[neighbours[job * neighbourCount + k]];
      if (r < 0 || this.routeSeen[r] === 1) continue;
      this.routeSeen[r] = 1;
      this.routes[routeCount++] = r;
    }
    for (let allowed = 1; allowed <= maxEjected && allowed < this.bestPenalty; allowed++) {
      this.allowed = allowed;
      for (let i = 0; i < routeCount && this.nodes < NODE_BUDGET; i++) {
        this.searchRoute(solution.routes[this.routes[i]], this.routes[i]);
      }
    }
    return this.bestRoute >= 0;
  }

  /** Inserts the job and removes the ejected ones (their jobRoute becomes -1). */
  apply(solution: Solution): void {
    const route = solution.routes[this.bestRoute];
    const keep: number[] = [];
    const ejected = new Set<number>();
    for (let i = 0; i < this.bestCount; i++) ejected.add(this.bestEjected[i]);
    if (this.bestPosition === 0) keep.push(this.job);
    for (let p = 1; p <= route.len; p++) {
      const j = route.jobs[p];
      if (!ejected.has(j)) keep.push(j);
      if (p === this.bestPosition) keep.push(this.job);
    }
    route.assign(keep);
    solution.jobRoute[this.job] = this.bestRoute;
    for (const j of ejected) solution.jobRoute[j] = -1;
  }

  private searchRoute(route: Route, r: number): void {
    const { instance, job } = this;
    const v = route.vehicle;
    const len = route.len;
    if (instance.demand[job] > instance.capacity[v]) return;
    this.route = route;
    this.routeIndex = r;
    this.excess = route.load + instance.demand[job] - instance.capacity[v];
    this.minEjected = Math.max(0, len + 1 - instance.maxStops[v]);
    if (this.minEjected > this.allowed) return;
    // Positions allowed by the locks: the job goes where the route's locks allow it.
    const lock = instance.lock;
    let low = 0;
    let high = len;
    if (len > 0) {
      const first = lock[route.jobs[1]];
      const last = lock[route.jobs[len]];
      if (lock[job] === LOCK_FIRST) {
        if (first === LOCK_FIRST) return;
        high = 0;
      } else if (lock[job] === LOCK_LAST) {
        if (last === LOCK_LAST) return;
        low = len;
      } else {
        if (first === LOCK_FIRST) low = 1;
        if (last === LOCK_LAST) high = len - 1;
      }
    }
    for (let q = low; q <= high && this.nodes < NODE_BUDGET; q++) {
      this.insertAfter = q;
      this.prepare(q);
      this.branch(1, route.location[0], route.depart[0], 0, 0, 0, 0);
    }
  }

  /** The route with the job after position q: locations, latest arrivals, remaining lengths. */
  private prepare(q: number): void {
    const { instance, route, job } = this;
    const { time, cost, size, service } = instance;
    const jobs = this.sequenceJob;
    const location = this.sequenceLocation;
    const latest = this.sequenceLatest;
    const rest = this.sequenceRest;
    const end = route.len + 2;
    this.sequenceEnd = end;
    for (let s = 0; s <= end; s++) {
      const p = s <= q ? s : s - 1;
      jobs[s] = s === q + 1 ? job : route.jobs[p];
      location[s] = s === q + 1 ? instance.jobLocation[job] : route.location[p];
    }
    latest[end] = route.latest[route.len + 1];
    rest[end] = 0;
    for (let s = end - 1; s >= 1; s--) {
      const arc = location[s] * size + location[s + 1];
      rest[s] = rest[s + 1] + cost[arc];
      latest[s] =
        s > q + 1
          ? route.latest[s - 1]
          : latestArrival(instance, jobs[s], latest[s + 1] - time[arc] - service[jobs[s]]);
    }
  }

  /**
   * Explores the sequence from position s, leaving `from` at `depart`, with `count` jobs ejected
   * so far (penalty sum `penaltySum`, demand `freed`) and the kept arcs' length `length`.
   */
  private branch(
    s: number,
    from: number,
    depart: number,
    count: number,
    penaltySum: number,
    freed: number,
    length: number,
  ): void {
    if (++this.nodes > NODE_BUDGET) return;
    const { instance } = this;
    const { time, cost, size } = instance;
    const here = this.sequenceLocation[s];
    const arrival = depart + time[from * size + here];
    const enough = freed >= this.excess && count >= this.minEjected;
    if (enough && arrival <= this.sequenceLatest[s]) {
      this.record(count, penaltySum, length + cost[from * size + here] + this.sequenceRest[s]);
      return;
    }
    if (s === this.sequenceEnd) return;
    // Another ejection is needed from here on unless the capacity and stops are already met.
    if (!enough && penaltySum + 1 > this.bestPenalty) return;
    const j = this.sequenceJob[s];
    const start = earliestStart(instance, j, arrival);
    // Before the new job, ejections whose time gain waiting has absorbed leave this job as it was
    // without them: unless they are needed for the capacity or the stop limit, the same branch
    // without them is as good and costs less.
    const absorbed =
      count > 0 &&
      s <= this.insertAfter &&
      this.excess <= 0 &&
      this.minEjected === 0 &&
      start + instance.service[j] >= this.route.depart[s];
    if (start !== Infinity && !absorbed) {
      this.branch(
        s + 1,
        here,
        start + instance.service[j],
        count,
        penaltySum,
        freed,
        length + cost[from * size + here],
      );
    }
    if (j === this.job || count >= this.allowed) return;
    const lock = instance.lock[j];
    const penalty = penaltySum + this.penalty[j];
    if (penalty <= this.bestPenalty && lock !== LOCK_FIRST && lock !== LOCK_LAST) {
      this.ejected[count] = j;
      this.branch(s + 1, from, depart, count + 1, penalty, freed + instance.demand[j], length);
    }
  }

  private record(count: number, penalty: number, length: number): void {
    const delta = length - this.route.cost;
    if (penalty > this.bestPenalty || (penalty === this.bestPenalty && delta >= this.bestDelta))
      return;
    if (this.instance.limitsWorkingTime && !this.withinWorkingTime(count)) return;
    this.bestPenalty = penalty;
    this.bestDelta = delta;
    this.bestRoute = this.routeIndex;
    this.bestPosition = this.insertAfter;
    this.bestCount = count;
    this.bestEjected.set(this.ejected.subarray(0, count));
  }

  private withinWorkingTime(count: number): boolean {
    const sequence: number[] = [];
    for (let s = 1; s < this.sequenceEnd; s++) {
      const j = this.sequenceJob[s];
      let out = false;
      for (let i = 0; i < count; i++) if (this.ejected[i] === j) out = true;
      if (!out) sequence.push(j);
    }
    const v = this.route.vehicle;
    const timing = simulateRoute(this.instance, v, sequence, sequence.length);
    return timing.feasible && timing.duration <= this.instance.maxWorkingTime[v];
  }
}
