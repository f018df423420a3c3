/**
 * The search: SISR (Christiaens & Vanden Berghe 2020), ruin and recreate under simulated
 * annealing, run in slices so that a Web Worker can report progress and take a stop request
 * between them.
 *
 * Phases:
 *  1. construct: every job inserted greedily, in each of the recreate orders; the best is kept;
 *  2. assign (only while jobs that could be served are left out): absence-based acceptance, a
 *     candidate is kept when it leaves out fewer jobs or jobs left out less often so far;
 *  3. fleet (objective 'vehicles'): route minimisation (route-minimization.ts), a route taken out
 *     and its jobs placed back with ejections, one route after another, down to a lower bound
 *     or until its share of the budget is spent (fleet-limits.ts);
 *  4. anneal: accept a candidate that leaves out no more jobs (nor uses more vehicles, for the
 *     'vehicles' objective) with the annealing rule on the cost, temperature falling
 *     geometrically over the budget.
 */
import {
  Inserter,
  SORT_CLOSE,
  SORT_DEMAND,
  SORT_DUE,
  SORT_FAR,
  SORT_RANDOM,
  type RecreateSettings,
} from './insertion.ts';
import { Ejector } from './ejection.ts';
import { fleetLimits, type FleetLimits } from './fleet-limits.ts';
import type { Instance } from './instance.ts';
import { makespanWeight, workScale } from './balance.ts';
import { Perturber } from './perturb.ts';
import { ranksBefore, type SolutionRank } from './rank.ts';
import { createRandom, type Random } from '../random.ts';
import { RouteMinimizer, type RouteMinimizationSettings } from './route-minimization.ts';
import { Ruiner, type RuinSettings } from './ruin.ts';
import { Solution } from './solution.ts';

export interface SearchSettings extends RuinSettings, RouteMinimizationSettings {
  blinkRate: number;
  /** Start and end temperatures, as fractions of the first solution's cost per job. */
  initialTemperature: number;
  finalTemperature: number;
  /** Share of the budget (from the start) after which the absence phases give way to annealing. */
  assignShare: number;
  /** Share of the budget after which the fleet phase gives way to annealing (fleet-limits.ts). */
  fleetShare: number;
  /**
   * Share of the budget the fleet phase may go on without taking out another route (fewer
   * vehicles may not exist: the time is better spent on the distance; fleet-limits.ts).
   */
  fleetPatience: number;
  /** Relative weights of the recreate orders SORT_RANDOM..SORT_DUE. */
  sortWeights: readonly number[];
  /** Share of the budget of each turn of a route minimisation method. */
  fleetBlock: number;
}

export const DEFAULT_SETTINGS: SearchSettings = {
  averageRemoved: 10,
  maxString: 10,
  splitRate: 0.5,
  splitDepth: 0.01,
  blinkRate: 0.01,
  initialTemperature: 10,
  finalTemperature: 0.1,
  assignShare: 0.5,
  fleetShare: 0.4,
  fleetPatience: 0.15,
  sortWeights: [4, 4, 2, 1, 2],
  fleetBlock: 0.05,
  maxEjected: 5,
  ejectionNeighbours: 50,
  perturbMoves: 1000,
  perturbNeighbours: 100,
};

export interface SearchOptions {
  /** Default 1. With `maxIterations` (and a time limit that is not reached), same seed, same result. */
  seed?: number;
  /** Budget of the whole run from `startedAt` (default 1000 ms; VrpSolver counts its set-up in). */
  timeLimitMs?: number;
  /** Stop after this many ruin-and-recreate iterations; the annealing schedule then follows them. */
  maxIterations?: number;
  /** The clock in milliseconds (default performance.now). */
  now?: () => number;
  /** When the budget started, on that clock (default: when the search is created). */
  startedAt?: number;
  settings?: Partial<SearchSettings>;
}

type Phase = 'construct' | 'assign' | 'fleet' | 'anneal' | 'done';

/** A solution's rank (rank.ts), kept up to date in place. */
interface Key {
  absent: number;
  vehicles: number;
  idle: number;
  cost: number;
}

const better = ranksBefore;

export class VrpSearch {
  readonly settings: SearchSettings;
  private readonly random: Random;
  private readonly now: () => number;
  private readonly inserter: Inserter;
  private readonly ruiner: Ruiner;
  private readonly current: Solution;
  private readonly candidate: Solution;
  /** Jobs that can be served (the others are left out from the start). */
  private readonly servable: Int32Array;
  /** The current solution's left-out (servable) jobs: absent[0..absentCount). */
  private absent: Int32Array;
  private absentCount = 0;
  /** Work buffer: jobs being reinserted. */
  private pool: Int32Array;
  private readonly changed: Uint8Array;
  private readonly changedList: Int32Array;
  /** Absence counters (SISR's fleet minimisation). */
  private readonly absences: Float64Array;
  private readonly sortTotal: number;

  private phase: Phase = 'construct';
  private readonly started: number;
  private readonly timeLimitMs: number;
  private readonly maxIterations: number;
  iterations = 0;
  private annealFrom = 0;
  private temperatureScale = 1;
  private currentKey: Key = { absent: 0, vehicles: 0, idle: 0, cost: 0 };
  private candidateKey: Key = { absent: 0, vehicles: 0, idle: 0, cost: 0 };
  /** The 'makespan' objective's weight and scale (balance.ts). */
  private readonly makespanWeight: number;
  private readonly workScale: number;
  private readonly recreateSettings: RecreateSettings;

  /** Best solution found: vehicle v's jobs are bestJobs[bestStart[v] .. bestStart[v + 1]). */
  private readonly bestJobs: Int32Array;
  private readonly bestStart: Int32Array;
  private readonly bestKey: Key = {
    absent: Infinity,
    vehicles: Infinity,
    idle: Infinity,
    cost: Infinity,
  };
  /** Fewest vehicles with every servable job (fleet phase). */
  private fleetBest: Int32Array[] | null = null;
  private readonly minimizer: RouteMinimizer;
  /** The candidate is not a copy of the current solution (route minimisation changed it). */
  private candidateBehind = false;
  /**
   * Fleet phase: which method has its turn, since when, how many turns the attempt on this pool
   * has had, when the last route went, and the phase's limits for the fleet it left.
   */
  private ejecting = true;
  private methodFrom = 0;
  private fleetTurns = 0;
  private fleetProgressAt = 0;
  private fleetLimits: FleetLimits;
  /** No solution can use fewer vehicles (fleet phase). */
  private readonly fewestVehicles: number;

  constructor(
    readonly instance: Instance,
    servable: Int32Array,
    options: SearchOptions = {},
  ) {
    this.settings = { ...DEFAULT_SETTINGS, ...options.settings };
    this.random = createRandom(options.seed ?? 1);
    this.now = options.now ?? (() => performance.now());
    this.started = options.startedAt ?? this.now();
    this.timeLimitMs = options.timeLimitMs ?? 1000;
    this.maxIterations = options.maxIterations ?? Infinity;
    this.makespanWeight = makespanWeight(instance.vehicleCount);
    this.workScale = instance.objective === 'makespan' ? workScale(instance) : 1;
    this.inserter = new Inserter(instance, this.makespanWeight, this.workScale);
    this.ruiner = new Ruiner(instance);
    this.current = new Solution(instance);
    this.candidate = new Solution(instance);
    this.servable = servable;
    const m = instance.jobCount;
    this.absent = new Int32Array(m);
    this.pool = new Int32Array(m);
    this.changed = new Uint8Array(instance.vehicleCount);
    this.changedList = new Int32Array(instance.vehicleCount);
    this.absences = new Float64Array(m);
    this.bestJobs = new Int32Array(m);
    this.bestStart = new Int32Array(instance.vehicleCount + 1);
    this.sortTotal = this.settings.sortWeights.reduce((sum, w) => sum + w, 0);
    this.recreateSettings = {
      random: this.random,
      blinkRate: this.settings.blinkRate,
      allowNewRoutes: true,
    };
    this.minimizer = new RouteMinimizer(
      instance,
      this.inserter,
      new Ejector(instance),
      new Perturber(instance),
      this.random,
      this.settings,
    );
    this.fewestVehicles = RouteMinimizer.lowerBound(instance, servable);
    this.fleetLimits = { patience: this.settings.fleetPatience, share: this.settings.fleetShare };
  }

  get finished(): boolean {
    return this.phase === 'done';
  }

  /** Elapsed share of the budget, 0..1 (iterations or time, whichever is further). */
  private progress(now = this.now()): number {
    const byTime = (now - this.started) / this.timeLimitMs;
    const byIterations = this.iterations / this.maxIterations;
    return Math.min(1, Math.max(byTime, byIterations));
  }

  /** Runs until the clock reaches `until` (ms, same clock as `now`) or the budget is spent. */
  run(until: number): void {
    if (this.phase === 'construct') this.construct();
    while (this.phase !== 'done') {
      const now = this.now();
      if (now >= until) return;
      const progress = this.progress(now);
      if (progress >= 1) {
        this.phase = 'done';
        return;
      }
      if (this.phase === 'assign') this.absenceStep(progress >= this.settings.assignShare);
      else if (this.phase === 'fleet') this.fleetStep(progress);
      else this.annealStep(progress);
      this.iterations++;
    }
  }

  /** The best solution so far: each vehicle's jobs in visiting order (empty when unused). */
  bestSequences(): number[][] {
    const { bestJobs, bestStart } = this;
    return this.current.routes.map((_, v) =>
      Array.from(bestJobs.subarray(bestStart[v], bestStart[v + 1])),
    );
  }

  /**
   * Takes over a solution found elsewhere (another search of the same problem: a team shares its
   * best) when it beats this search's best: the search goes on from it. Each route is given as
   * its vehicle's job sequence. Returns false, changing nothing, when the solution is not better,
   * breaks a rule, or comes before the first solution or after the end.
   */
  adopt(routes: readonly { vehicle: number; jobs: readonly number[] }[]): boolean {
    if (this.phase === 'construct' || this.phase === 'done') return false;
    const { instance, candidate } = this;
    const fresh = new Solution(instance);
    for (const { vehicle, jobs } of routes) {
      const route = Number.isInteger(vehicle) ? fresh.routes[vehicle] : undefined;
      // The routes come in a message: checked, not trusted.
      if (!route || route.len > 0 || !Array.isArray(jobs)) return false;
      for (const job of jobs as readonly unknown[]) {
        if (typeof job !== 'number') return false;
        if (!Number.isInteger(job) || !(job >= 0 && job < instance.jobCount)) return false;
        if (fresh.jobRoute[job] >= 0) return false;
        fresh.jobRoute[job] = vehicle;
      }
      route.assign(jobs);
      const v = route.vehicle;
      if (
        !route.feasible() ||
        route.load > instance.capacity[v] ||
        route.len > instance.maxStops[v]
      )
        return false;
      if (route.duration > instance.maxWorkingTime[v]) return false;
    }
    let absent = 0;
    for (const job of this.servable) if (fresh.jobRoute[job] < 0) this.pool[absent++] = job;
    const key = this.key(fresh, absent);
    if (!better(key, this.bestKey)) return false;
    // Route minimisation starts over from a solution only when it has fewer routes: a shorter one
    // with as many would end every attempt before it gets anywhere.
    const best = this.bestKey;
    if (this.phase === 'fleet' && key.absent === best.absent && key.vehicles >= best.vehicles)
      return false;
    this.current.copyFrom(fresh);
    candidate.copyFrom(fresh);
    this.absent.set(this.pool.subarray(0, absent));
    this.absentCount = absent;
    this.currentKey = key;
    this.saveBest(key);
    // The assign and anneal phases go on with the jobs left out, if any.
    if (absent === 0 && this.phase === 'assign') {
      this.phase = this.afterAssign();
    } else if (this.phase === 'fleet') {
      this.fleetProgress(this.progress());
      if (fresh.usedVehicles() > this.fewestVehicles) this.removeRoute();
      else {
        this.phase = 'anneal';
        this.startAnneal();
      }
    }
    return true;
  }

  /** The best solution's rank. */
  bestRank(): SolutionRank {
    return { ...this.bestKey };
  }

  /** Writes the solution's key into `into` (default: a new object). */
  private key(
    solution: Solution,
    absent: number,
    into: Key = { absent: 0, vehicles: 0, idle: 0, cost: 0 },
  ): Key {
    const { objective, useEveryVehicle, vehicleCount } = this.instance;
    into.absent = absent;
    into.vehicles = objective === 'vehicles' ? solution.usedVehicles() : 0;
    into.idle = useEveryVehicle ? vehicleCount - solution.usedVehicles() : 0;
    if (objective === 'makespan') {
      const latest = solution.makespan();
      into.cost =
        this.makespanWeight * (latest > -Infinity ? latest : 0) + solution.balance(this.workScale);
    } else {
      into.cost = solution.totalCost();
    }
    return into;
  }

  private saveBest(key: Key): void {
    // Copied into preallocated storage: improvements are frequent early in a run.
    const { bestKey, bestJobs, bestStart } = this;
    bestKey.absent = key.absent;
    bestKey.vehicles = key.vehicles;
    bestKey.idle = key.idle;
    bestKey.cost = key.cost;
    const routes = this.current.routes;
    let at = 0;
    for (let v = 0; v < routes.length; v++) {
      const route = routes[v];
      bestStart[v] = at;
      for (let p = 1; p <= route.len; p++) bestJobs[at++] = route.jobs[p];
    }
    bestStart[routes.length] = at;
  }

  private pickOrder(): number {
    const weights = this.settings.sortWeights;
    let x = this.random() * this.sortTotal;
    for (let order = 0; order < weights.length; order++) {
      x -= weights[order];
      if (x < 0) return order;
    }
    return SORT_RANDOM;
  }

  private construct(): void {
    const { instance, servable } = this;
    const orders = [SORT_DUE, SORT_FAR, SORT_CLOSE, SORT_DEMAND, SORT_RANDOM];
    let bestLeft = 0;
    let bestKey: Key | null = null;
    const candidate = this.candidate;
    for (const order of orders) {
      const fresh = new Solution(instance);
      this.pool.set(servable);
      this.changed.fill(0);
      const left = this.inserter.recreate(
        fresh,
        this.pool,
        servable.length,
        order,
        { random: this.random, blinkRate: 0, allowNewRoutes: true },
        this.changed,
      );
      const key = this.key(fresh, left);
      if (bestKey === null || better(key, bestKey)) {
        bestKey = key;
        bestLeft = left;
        candidate.copyFrom(fresh);
        this.absent.set(this.pool.subarray(0, left));
      }
    }
    this.current.copyFrom(candidate);
    this.absentCount = bestLeft;
    this.currentKey = bestKey!;
    this.saveBest(this.currentKey);
    const assigned = servable.length - bestLeft;
    // The cost per job; for 'makespan', the balance's (4 × its sum is the working time times its
    // rate of change, summed): the weighted latest finish would make the temperature too high for
    // the balance to settle.
    const cost =
      this.instance.objective === 'makespan'
        ? 4 * this.current.balance(this.workScale)
        : this.currentKey.cost;
    this.temperatureScale = assigned > 0 && cost > 0 ? cost / assigned : 1;
    this.phase = servable.length === 0 ? 'done' : bestLeft > 0 ? 'assign' : this.afterAssign();
  }

  private afterAssign(): Phase {
    if (
      this.instance.objective === 'vehicles' &&
      this.current.usedVehicles() > this.fewestVehicles
    ) {
      this.fleetProgress(this.progress());
      this.removeRoute();
      return 'fleet';
    }
    this.startAnneal();
    return 'anneal';
  }

  private startAnneal(): void {
    this.annealFrom = this.progress();
  }

  /** Ruins and recreates the candidate (a copy of the current solution); returns jobs left out. */
  private ruinAndRecreate(allowNewRoutes: boolean): number {
    const { candidate, changed, pool, absent } = this;
    changed.fill(0);
    for (let i = 0; i < this.absentCount; i++) pool[i] = absent[i];
    const count = this.ruiner.ruin(
      candidate,
      this.random,
      this.settings,
      this.pool,
      this.absentCount,
      changed,
    );
    this.recreateSettings.allowNewRoutes = allowNewRoutes;
    return this.inserter.recreate(
      candidate,
      this.pool,
      count,
      this.pickOrder(),
      this.recreateSettings,
      changed,
    );
  }

  /** Makes the current solution the candidate's (accept) or the candidate the current's (reject). */
  private settle(accept: boolean, left: number): void {
    const { changed, changedList } = this;
    let count = 0;
    for (let r = 0; r < changed.length; r++) if (changed[r] === 1) changedList[count++] = r;
    if (accept) {
      this.current.copyFrom(this.candidate, changedList, count);
      const swap = this.absent;
      this.absent = this.pool;
      this.pool = swap;
      this.absentCount = left;
    } else {
      this.candidate.copyFrom(this.current, changedList, count);
    }
  }

  private absenceSum(jobs: Int32Array, count: number): number {
    let sum = 0;
    for (let i = 0; i < count; i++) sum += this.absences[jobs[i]];
    return sum;
  }

  /** Assign phase: SISR's absence-based acceptance until every job that can be served is. */
  private absenceStep(overBudget: boolean): void {
    if (overBudget) {
      this.phase = 'anneal';
      this.startAnneal();
      return;
    }
    const left = this.ruinAndRecreate(true);
    const accept =
      left < this.absentCount ||
      this.absenceSum(this.pool, left) < this.absenceSum(this.absent, this.absentCount);
    this.settle(accept, left);
    if (accept) {
      this.currentKey = this.key(this.current, left);
      if (better(this.currentKey, this.bestKey)) this.saveBest(this.currentKey);
    }
    if (this.absentCount === 0) {
      this.phase = this.afterAssign();
      return;
    }
    for (let i = 0; i < this.absentCount; i++) this.absences[this.absent[i]]++;
  }

  /**
   * Fleet phase: one step of route minimisation, on the left-out jobs as its ejection pool, by
   * one of two methods taking turns (a block of the budget each): Nagata & Bräysy's (the job on
   * top of the pool placed, with ejections if need be), fast where routes are short, then SISR's
   * (a ruin and recreate without new routes, kept when it leaves out fewer jobs or jobs left out
   * less often so far), better where routes are long. An attempt is one turn of each on the same
   * pool, then it starts again from the fewest vehicles found with another route out: SISR's turn
   * often ends the other's work, on long routes the ejections' last few jobs (r2_2_1, 5 routes
   * to 4, 12 seeds: 1.3 s of one core on average and 2.7 s at most, against 1.8 s and 6.3 s when
   * each turn started again). A route goes each time the pool empties; the phase ends at its
   * share of the budget or when it has gone its patience without taking one out (fleet-limits.ts).
   */
  private fleetStep(progress: number): void {
    const { current, minimizer, settings } = this;
    const limits = this.fleetLimits;
    if (progress >= limits.share || progress - this.fleetProgressAt >= limits.patience) {
      if (this.absentCount > 0) this.restoreFleetBest();
      else {
        this.candidate.copyFrom(current);
        this.currentKey = this.key(current, 0);
      }
      this.phase = 'anneal';
      this.startAnneal();
      return;
    }
    if (progress - this.methodFrom >= settings.fleetBlock) {
      this.ejecting = !this.ejecting;
      this.methodFrom = progress;
      if (++this.fleetTurns % 2 === 0 && this.absentCount > 0) {
        this.restoreFleetBest();
        this.removeRoute();
      }
    }
    if (this.ejecting) {
      this.absentCount = minimizer.step(current, this.absent, this.absentCount);
      this.candidateBehind = true;
    } else {
      if (this.candidateBehind) this.candidate.copyFrom(current);
      this.candidateBehind = false;
      const left = this.ruinAndRecreate(false);
      const accept =
        left < this.absentCount ||
        this.absenceSum(this.pool, left) < this.absenceSum(this.absent, this.absentCount);
      this.settle(accept, left);
      for (let i = 0; i < this.absentCount; i++) this.absences[this.absent[i]]++;
    }
    if (this.absentCount > 0) return;
    this.fleetProgress(progress);
    this.currentKey = this.key(current, 0);
    if (better(this.currentKey, this.bestKey)) this.saveBest(this.currentKey);
    if (current.usedVehicles() > this.fewestVehicles) {
      this.removeRoute();
      return;
    }
    this.candidate.copyFrom(current);
    this.phase = 'anneal';
    this.startAnneal();
  }

  /**
   * Fleet phase: the current solution has all jobs with fewer vehicles than before; the next
   * attempt starts with Nagata & Bräysy's method.
   */
  private fleetProgress(progress: number): void {
    this.fleetBest = this.current.routes.map((route) => route.jobs.slice(1, route.len + 1));
    this.fleetProgressAt = progress;
    this.methodFrom = progress;
    this.ejecting = true;
    this.fleetTurns = 0;
    const { fleetPatience, fleetShare } = this.settings;
    this.fleetLimits = fleetLimits(
      fleetPatience,
      fleetShare,
      this.current.usedVehicles(),
      this.fewestVehicles,
    );
  }

  /** Fleet phase: a route's jobs go to the pool; the candidate follows at the next SISR step. */
  private removeRoute(): void {
    this.absentCount = this.minimizer.removeRoute(this.current, this.absent, this.absentCount);
    this.candidateBehind = true;
  }

  private restoreFleetBest(): void {
    const routes = this.fleetBest;
    if (!routes) return;
    this.current.jobRoute.fill(-1);
    routes.forEach((jobs, v) => {
      this.current.routes[v].assign(jobs);
      for (const job of jobs) this.current.jobRoute[job] = v;
    });
    this.absentCount = 0;
    this.candidate.copyFrom(this.current);
    this.currentKey = this.key(this.current, 0);
  }

  private annealStep(progress: number): void {
    const span = 1 - this.annealFrom;
    const share = span > 0 ? Math.min(1, (progress - this.annealFrom) / span) : 1;
    const { initialTemperature: t0, finalTemperature: t1 } = this.settings;
    const temperature = this.temperatureScale * t0 * Math.pow(t1 / t0, share);
    const left = this.ruinAndRecreate(true);
    const key = this.key(this.candidate, left, this.candidateKey);
    const current = this.currentKey;
    let accept: boolean;
    if (key.absent !== current.absent) accept = key.absent < current.absent;
    else if (key.vehicles !== current.vehicles) accept = key.vehicles < current.vehicles;
    else if (key.idle !== current.idle) accept = key.idle < current.idle;
    else accept = key.cost < current.cost - temperature * Math.log(this.random());
    this.settle(accept, left);
    if (accept) {
      this.candidateKey = current;
      this.currentKey = key;
      if (better(key, this.bestKey)) this.saveBest(key);
    }
  }
}
