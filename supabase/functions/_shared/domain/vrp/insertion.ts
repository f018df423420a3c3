/**
 * Recreate: greedy insertion of removed jobs with "blinks" (SISR): each job goes to the cheapest
 * feasible position over all routes, each position being skipped with a small probability so that
 * repeated recreates explore. Every hard rule is checked before a position is accepted: capacity,
 * maximum stops, locks, windows and shift (O(1) with the routes' latest arrivals) and, when a
 * vehicle limits it, working time (by simulation, only for a position that would be the best).
 */
import { balanceTerm } from './balance.ts';
import { LOCK_FIRST, LOCK_LAST, type Instance } from './instance.ts';
import type { Random } from '../random.ts';
import { earliestStart, simulateRoute } from './schedule.ts';
import type { Route, Solution } from './solution.ts';

export interface RecreateSettings {
  random: Random;
  /** Probability of skipping a position (SISR's blink rate). */
  blinkRate: number;
  /** May a job open an unused vehicle? */
  allowNewRoutes: boolean;
}

/** Orders in which removed jobs are reinserted. */
export const SORT_RANDOM = 0;
export const SORT_DEMAND = 1;
export const SORT_FAR = 2;
export const SORT_CLOSE = 3;
export const SORT_DUE = 4;

export class Inserter {
  private readonly typeSeen: Uint8Array;
  private readonly keys: Float64Array;
  /**
   * Cost added when a job opens an empty vehicle: for the 'vehicles' objective a vehicle
   * outweighs any length; with `useEveryVehicle` it is as large a saving (an idle vehicle
   * outweighs any length or balance).
   */
  private readonly openCost: number;
  /** Latest finish over used routes (makespan objective), kept current during a recreate. */
  private latestFinish = 0;
  /** Positions to evaluate before the next blink (a geometric draw: one random number per blink). */
  private untilBlink = 0;

  bestRoute = -1;
  bestPosition = -1;
  bestDelta = Infinity;

  /** `makespanWeight` and `workScale`: the 'makespan' objective's cost (balance.ts). */
  constructor(
    private readonly instance: Instance,
    private readonly makespanWeight = 1,
    private readonly workScale = 1,
  ) {
    this.typeSeen = new Uint8Array(instance.typeCount);
    this.keys = new Float64Array(instance.jobCount);
    let largest = 0;
    for (let i = 0; i < instance.cost.length; i++) {
      if (instance.cost[i] > largest) largest = instance.cost[i];
    }
    for (let i = 0; i < instance.time.length; i++) {
      if (instance.time[i] > largest) largest = instance.time[i];
    }
    const outweighing = 1e3 * (largest + 1) * (instance.jobCount + 1);
    this.openCost =
      instance.objective === 'vehicles'
        ? outweighing
        : instance.useEveryVehicle
          ? -outweighing * (instance.objective === 'makespan' ? makespanWeight + 1 : 1)
          : 0;
  }

  /**
   * Inserts the jobs `jobs[0..count-1]` in the given order (SORT_*), each at its best position.
   * The jobs that fit nowhere are written back to the front of `jobs`; returns how many.
   */
  recreate(
    solution: Solution,
    jobs: Int32Array,
    count: number,
    order: number,
    settings: RecreateSettings,
    changed: Uint8Array,
  ): number {
    this.sort(jobs, count, order, settings.random);
    this.untilBlink = this.drawBlink(settings);
    if (this.instance.objective === 'makespan') this.latestFinish = this.baseline(solution);
    let left = 0;
    for (let i = 0; i < count; i++) {
      const job = jobs[i];
      if (this.find(solution, job, settings)) {
        const route = solution.routes[this.bestRoute];
        route.insert(this.bestPosition, job);
        solution.jobRoute[job] = this.bestRoute;
        changed[this.bestRoute] = 1;
        if (route.finish > this.latestFinish) this.latestFinish = route.finish;
      } else {
        jobs[left++] = job;
      }
    }
    return left;
  }

  private baseline(solution: Solution): number {
    let latest = Infinity;
    for (let v = 0; v < this.instance.vehicleCount; v++) {
      if (this.instance.shiftStart[v] < latest) latest = this.instance.shiftStart[v];
    }
    const makespan = solution.makespan();
    return makespan > latest ? makespan : latest;
  }

  private sort(jobs: Int32Array, count: number, order: number, random: Random): void {
    const { keys, instance } = this;
    const { cost, size, jobLocation, startLocation } = instance;
    const depot = startLocation[0];
    for (let i = 0; i < count; i++) {
      const job = jobs[i];
      const fromDepot = cost[depot * size + jobLocation[job]];
      keys[i] =
        order === SORT_DEMAND
          ? -instance.demand[job]
          : order === SORT_FAR
            ? -fromDepot
            : order === SORT_CLOSE
              ? fromDepot
              : order === SORT_DUE
                ? instance.due[job]
                : random();
    }
    // Insertion sort: the removed jobs are few, and this allocates nothing.
    for (let i = 1; i < count; i++) {
      const job = jobs[i];
      const key = keys[i];
      let k = i - 1;
      while (k >= 0 && keys[k] > key) {
        jobs[k + 1] = jobs[k];
        keys[k + 1] = keys[k];
        k--;
      }
      jobs[k + 1] = job;
      keys[k + 1] = key;
    }
  }

  /** Positions until the next skipped one, each position skipped with probability `rate`. */
  private drawBlink(settings: RecreateSettings): number {
    const rate = settings.blinkRate;
    if (rate <= 0) return Infinity;
    return Math.floor(Math.log(1 - settings.random()) / Math.log(1 - rate));
  }

  /** The cheapest feasible position for job u, without blinks (bestRoute / bestPosition). */
  findBest(solution: Solution, u: number, settings: RecreateSettings): boolean {
    this.untilBlink = Infinity;
    return this.find(solution, u, settings);
  }

  /** Finds the best feasible position for job u (bestRoute / bestPosition); false if none. */
  find(solution: Solution, u: number, settings: RecreateSettings): boolean {
    const instance = this.instance;
    this.bestRoute = -1;
    this.bestPosition = -1;
    this.bestDelta = Infinity;
    this.typeSeen.fill(0);
    const { routes } = solution;
    const { capacity, maxStops, vehicleType, lock } = instance;
    const demand = instance.demand[u];
    const lockU = lock[u];
    for (let r = 0; r < routes.length; r++) {
      const route = routes[r];
      const v = route.vehicle;
      const len = route.len;
      if (len === 0) {
        if (!settings.allowNewRoutes || this.typeSeen[vehicleType[v]] === 1) continue;
        this.typeSeen[vehicleType[v]] = 1;
      }
      if (route.load + demand > capacity[v] || len + 1 > maxStops[v]) continue;
      // Positions p: insert after p, in [low, high].
      let low = 0;
      let high = len;
      if (len > 0) {
        const first = lock[route.jobs[1]];
        const last = lock[route.jobs[len]];
        if (lockU === LOCK_FIRST) {
          if (first === LOCK_FIRST) continue;
          high = 0;
        } else if (lockU === LOCK_LAST) {
          if (last === LOCK_LAST) continue;
          low = len;
        } else {
          if (first === LOCK_FIRST) low = 1;
          if (last === LOCK_LAST) high = len - 1;
        }
      }
      if (instance.objective === 'makespan') this.scanForFinish(route, u, low, high, settings);
      else this.scanForCost(route, r, u, low, high, settings);
    }
    return this.bestRoute >= 0;
  }

  /** Distance and vehicles objectives: the added length of the route. */
  private scanForCost(
    route: Route,
    r: number,
    u: number,
    low: number,
    high: number,
    settings: RecreateSettings,
  ): void {
    const instance = this.instance;
    const { size, time, cost } = instance;
    const { location, depart, latest } = route;
    const here = instance.jobLocation[u];
    const ready = instance.ready[u];
    const due = instance.due[u];
    const service = instance.service[u];
    const single = instance.singleWindows;
    const opening = route.len === 0 ? this.openCost : 0;
    let untilBlink = this.untilBlink;
    const limitsWork = instance.maxWorkingTime[route.vehicle] < Infinity;
    for (let p = this.firstPossible(route, u, low, high); p <= high; p++) {
      const leave = depart[p];
      if (leave > due) break; // later positions leave later still
      if (untilBlink-- === 0) {
        untilBlink = this.drawBlink(settings);
        continue;
      }
      const a = location[p];
      const b = location[p + 1];
      const delta = cost[a * size + here] + cost[here * size + b] - cost[a * size + b] + opening;
      if (delta >= this.bestDelta) continue;
      const arrival = leave + time[a * size + here];
      let start: number;
      if (single) {
        if (arrival > due) continue;
        start = arrival > ready ? arrival : ready;
      } else {
        start = earliestStart(instance, u, arrival);
        if (start === Infinity) continue;
      }
      if (start + service + time[here * size + b] > latest[p + 1]) continue;
      if (limitsWork && !this.withinWorkingTime(route, p, u)) continue;
      this.bestDelta = delta;
      this.bestRoute = r;
      this.bestPosition = p;
    }
    this.untilBlink = untilBlink;
  }

  /**
   * Makespan objective: the rise of its cost (balance.ts), weight × the rise of the latest
   * finish + the rise of this route's balance term.
   */
  private scanForFinish(
    route: Route,
    u: number,
    low: number,
    high: number,
    settings: RecreateSettings,
  ): void {
    const instance = this.instance;
    const { size, time } = instance;
    const { location, depart, latest } = route;
    const here = instance.jobLocation[u];
    const service = instance.service[u];
    const due = instance.due[u];
    const v = route.vehicle;
    const maxWork = instance.maxWorkingTime[v];
    const jobs = route.jobs.subarray(1);
    const before = balanceTerm(route.duration, this.workScale);
    const opening = route.len === 0 ? this.openCost : 0;
    for (let p = this.firstPossible(route, u, low, high); p <= high; p++) {
      const leave = depart[p];
      if (leave > due) break;
      if (this.untilBlink-- === 0) {
        this.untilBlink = this.drawBlink(settings);
        continue;
      }
      const a = location[p];
      const b = location[p + 1];
      const start = earliestStart(instance, u, leave + time[a * size + here]);
      if (start === Infinity) continue;
      const arrival = start + service + time[here * size + b];
      if (arrival > latest[p + 1]) continue;
      const finish = this.finishFrom(route, p + 1, arrival);
      const rise = finish > this.latestFinish ? finish - this.latestFinish : 0;
      const partial = this.makespanWeight * rise + opening - before;
      if (partial >= this.bestDelta) continue; // the balance term is >= 0
      const timing = simulateRoute(instance, v, jobs, route.len, p, u);
      if (!timing.feasible || timing.duration > maxWork) continue;
      const delta = partial + balanceTerm(timing.duration, this.workScale);
      if (delta >= this.bestDelta) continue;
      this.bestDelta = delta;
      this.bestRoute = v;
      this.bestPosition = p;
    }
  }

  /**
   * The first position in [low, high] after which u could fit as far as the next job's latest
   * arrival goes: it must be at least u's earliest start plus its service. Latest arrivals never
   * decrease along a route, so earlier positions are all too tight (binary search).
   */
  private firstPossible(route: Route, u: number, low: number, high: number): number {
    const needed = this.instance.ready[u] + this.instance.service[u];
    const latest = route.latest;
    if (!(latest[low + 1] < needed)) return low;
    // Invariant: latest[low + 1] < needed; answer in (low, high + 1].
    let top = high + 1;
    while (top - low > 1) {
      const middle = (low + top) >>> 1;
      if (latest[middle + 1] < needed) low = middle;
      else top = middle;
    }
    return top;
  }

  /** The route's finish if the vehicle reaches position k at `arrival` (k's window is met). */
  private finishFrom(route: Route, k: number, arrival: number): number {
    const instance = this.instance;
    const { size, time, service } = instance;
    const { jobs, location, start, len } = route;
    let t = arrival;
    for (; k <= len; k++) {
      const job = jobs[k];
      const begin = earliestStart(instance, job, t);
      if (begin === start[k]) return route.finish; // from here on nothing changes
      t = begin + service[job] + time[location[k] * size + location[k + 1]];
    }
    return t;
  }

  private withinWorkingTime(route: Route, p: number, u: number): boolean {
    const timing = simulateRoute(
      this.instance,
      route.vehicle,
      route.jobs.subarray(1),
      route.len,
      p,
      u,
    );
    return timing.feasible && timing.duration <= this.instance.maxWorkingTime[route.vehicle];
  }
}
