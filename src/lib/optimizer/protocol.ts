import {
  METRICS,
  OptimizeInputError,
  ROUTE_MODES,
  optimizePoints,
  solveRoute,
  type Metric,
  type Point,
  type RouteMode,
} from '@domain/tsp/index.ts';
import { VrpInputError, VrpSolver, type VrpProblem, type VrpSolution } from '@domain/vrp/index.ts';
import type { SolutionRank } from '@domain/vrp/rank.ts';
import { memberSettings } from '@domain/vrp/team.ts';
import { solveAsSingleRoute } from '@domain/vrp/single-route.ts';

/** Page -> worker. */
export interface OptimizeRequest {
  type: 'optimize';
  id: number;
  points: Point[];
  metric: Metric;
  mode: RouteMode;
  /**
   * Symmetric costs between the points (row-major n x n, e.g. road metres): when present the
   * optimiser compares these instead of the metric's distances, and the lengths are in its unit.
   */
  matrix?: Float64Array;
  /** The search's budget in ms, set-up included (default: the engine's, defaultTimeLimitMs). */
  timeLimitMs?: number;
}

/** Worker -> page: the new order with the route's length before and after, or why it failed. */
export type OptimizeResponse =
  | { type: 'result'; id: number; order: number[]; before: number; after: number; ms: number }
  | { type: 'error'; id: number; message: string };

/** The worker's whole job, as a pure function of the message (tested without a Worker). */
export function handleOptimizeMessage(
  message: unknown,
  now: () => number = () => performance.now(),
): OptimizeResponse {
  const request = (
    typeof message === 'object' && message !== null ? message : {}
  ) as Partial<OptimizeRequest>;
  const id = Number.isInteger(request.id) ? (request.id as number) : -1;
  const error = (text: string): OptimizeResponse => ({ type: 'error', id, message: text });
  if (request.type !== 'optimize' || id === -1)
    return error('expected an optimize request with an integer id');
  if (!Array.isArray(request.points)) return error('points must be an array');
  if (!METRICS.includes(request.metric as Metric))
    return error(`unknown metric: ${String(request.metric)}`);
  if (!ROUTE_MODES.includes(request.mode as RouteMode))
    return error(`unknown mode: ${String(request.mode)}`);
  const started = now();
  if (request.matrix !== undefined && !(request.matrix instanceof Float64Array))
    return error('matrix must be a Float64Array');
  const { timeLimitMs } = request as { timeLimitMs?: unknown };
  if (timeLimitMs !== undefined && !(typeof timeLimitMs === 'number' && timeLimitMs > 0))
    return error('timeLimitMs must be a number > 0');
  const options = {
    mode: request.mode,
    ...(timeLimitMs !== undefined ? { timeLimitMs } : {}),
  };
  try {
    const result = request.matrix
      ? solveRoute({ n: request.points.length, matrix: request.matrix }, options)
      : optimizePoints(request.points, { metric: request.metric as Metric, ...options });
    return {
      type: 'result',
      id,
      order: result.order,
      before: result.inputLength,
      after: result.length,
      ms: now() - started,
    };
  } catch (caught) {
    if (caught instanceof OptimizeInputError) return error(caught.message);
    throw caught;
  }
}

/** Page -> worker: plan a day's routes (see @domain/vrp), reporting the best so far as it goes. */
export interface VrpRequest {
  type: 'vrp';
  id: number;
  problem: VrpProblem;
  /** Budget of the whole search (set-up included). */
  timeLimitMs: number;
  /** Default 1. With maxIterations (and a budget that is not reached), same seed, same result. */
  seed?: number;
  maxIterations?: number;
  /** Progress interval (default 100 ms, at most 200 ms). */
  progressEveryMs?: number;
  /** This run's place in a team of runs of the same problem (memberSettings); default alone. */
  member?: { index: number; size: number };
}

/** Page -> worker: end the run with this id now and answer with the best solution so far. */
export interface StopRequest {
  type: 'stop';
  id: number;
}

/**
 * Page -> worker: a solution another worker of the team found for the run with this id (each
 * vehicle's jobs in visiting order); the run goes on from it if it beats its own best.
 */
export interface ShareRequest {
  type: 'vrp-share';
  id: number;
  routes: { vehicle: number; jobs: number[] }[];
}

export type WorkerRequest = OptimizeRequest | VrpRequest | StopRequest | ShareRequest;

/** Worker -> page during a vrp run (at least every 200 ms), then once at its end. */
export type VrpResponse =
  | { type: 'vrp-progress'; id: number; best: VrpSolution; rank: SolutionRank; elapsedMs: number }
  | {
      type: 'vrp-result';
      id: number;
      solution: VrpSolution;
      rank: SolutionRank;
      ms: number;
      stopped: boolean;
    };

export type WorkerResponse = OptimizeResponse | VrpResponse;

/** How long the search runs between two looks at the message queue. */
const SLICE_MS = 40;
const DEFAULT_PROGRESS_MS = 100;
const MAX_PROGRESS_MS = 200;

/**
 * One vrp run, in slices: between two slices the worker handles its messages (a stop request) and
 * the run reports its best solution so far.
 */
class VrpRun {
  private solver: VrpSolver | null = null;
  private started = 0;
  private lastProgress = 0;
  private done = false;
  private readonly progressEveryMs: number;

  constructor(
    private readonly request: VrpRequest,
    private readonly post: (response: WorkerResponse) => void,
    private readonly schedule: (task: () => void) => void,
    private readonly now: () => number,
  ) {
    this.progressEveryMs = Math.min(
      MAX_PROGRESS_MS,
      Math.max(10, request.progressEveryMs ?? DEFAULT_PROGRESS_MS),
    );
  }

  start(): void {
    const { request } = this;
    this.started = this.now();
    try {
      if (!(request.timeLimitMs > 0)) throw new VrpInputError('timeLimitMs must be a number > 0');
      const single = solveAsSingleRoute(request.problem, request);
      if (single) {
        this.done = true;
        const ms = this.now() - this.started;
        this.schedule(() =>
          this.post({
            type: 'vrp-result',
            id: request.id,
            solution: single,
            // One route through every job: its length is all there is to compare.
            rank: { absent: single.unassigned.length, vehicles: 0, idle: 0, cost: single.cost },
            ms,
            stopped: false,
          }),
        );
        return;
      }
      this.solver = new VrpSolver(request.problem, {
        timeLimitMs: request.timeLimitMs,
        seed: request.seed,
        maxIterations: request.maxIterations,
        now: this.now,
        startedAt: this.started,
        settings: memberSettings(request.member?.index ?? 0, request.member?.size ?? 1),
      });
    } catch (caught) {
      this.done = true;
      if (!(caught instanceof VrpInputError)) throw caught;
      this.post({ type: 'error', id: request.id, message: caught.message });
      return;
    }
    this.lastProgress = this.started;
    this.schedule(() => this.step());
  }

  get id(): number {
    return this.request.id;
  }

  private step(): void {
    if (this.done || !this.solver) return;
    const sliceEnd = Math.min(this.now() + SLICE_MS, this.lastProgress + this.progressEveryMs);
    this.solver.run(sliceEnd);
    if (this.solver.finished) {
      this.finish(false);
      return;
    }
    const now = this.now();
    if (now - this.lastProgress >= this.progressEveryMs) {
      this.lastProgress = now;
      this.post({
        type: 'vrp-progress',
        id: this.request.id,
        best: this.solver.best(),
        rank: this.solver.rank(),
        elapsedMs: now - this.started,
      });
    }
    this.schedule(() => this.step());
  }

  /** Ends the run and answers with the best solution so far. */
  finish(stopped: boolean): void {
    if (this.done || !this.solver) return;
    this.done = true;
    this.post({
      type: 'vrp-result',
      id: this.request.id,
      solution: this.solver.best(),
      rank: this.solver.rank(),
      ms: this.now() - this.started,
      stopped,
    });
  }

  /** Goes on from another worker's solution if it beats this run's best. */
  adopt(routes: ShareRequest['routes']): void {
    if (!this.done && Array.isArray(routes)) this.solver?.adopt(routes);
  }

  /** Ends the run without an answer (superseded by a newer request). */
  drop(): void {
    this.done = true;
  }
}

/**
 * The worker's message handler: single-route requests are answered at once; vrp runs go on in
 * slices through `schedule` (a macrotask, so that a stop request or a shared solution gets in)
 * until their budget is spent or a stop request ends them. A new request drops the run in
 * progress.
 */
export function createWorkerHandler(
  post: (response: WorkerResponse) => void,
  schedule: (task: () => void) => void,
  now: () => number = () => performance.now(),
): (message: unknown) => void {
  let run: VrpRun | null = null;
  return (message) => {
    const request = (typeof message === 'object' && message !== null ? message : {}) as {
      type?: unknown;
      id?: unknown;
    };
    if (request.type === 'stop') {
      if (run && run.id === request.id) run.finish(true);
      return;
    }
    if (request.type === 'vrp-share') {
      if (run && run.id === request.id) run.adopt((message as ShareRequest).routes);
      return;
    }
    run?.drop();
    run = null;
    if (request.type === 'vrp' && Number.isInteger(request.id)) {
      run = new VrpRun(message as VrpRequest, post, schedule, now);
      run.start();
      return;
    }
    post(handleOptimizeMessage(message, now));
  };
}
