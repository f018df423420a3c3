import type { VrpProblem, VrpSolution } from '@domain/vrp/index.ts';
import { SearchTeam, teamSize } from '@domain/vrp/team.ts';
import type { Metric, Point, RouteMode } from '@domain/tsp/index.ts';
import { OptimizeCancelledError } from './cancelled.ts';
import type { WorkerRequest, WorkerResponse } from './protocol.ts';

/** What the client needs of a Worker (a fake one in tests). */
export interface OptimizeWorker {
  /** `transfer`: buffers handed to the worker rather than copied (see `OptimizeClient.run`). */
  postMessage(message: WorkerRequest, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export interface OptimizeOutcome {
  /** The new order, as indices into the points that were sent. */
  order: number[];
  /** The route's length in metres (haversine) or units before and after. */
  before: number;
  after: number;
}

export { OptimizeCancelledError };

export interface VrpRunOptions {
  /** Budget of the whole search (default 2000 ms). */
  timeLimitMs?: number;
  /** Default 1. With maxIterations (and a budget that is not reached), same seed, same result. */
  seed?: number;
  maxIterations?: number;
  /** Called with the best solution so far, at least every 200 ms while the search runs. */
  onProgress?: (best: VrpSolution, elapsedMs: number) => void;
  /** Aborting stops the search early: the promise resolves with the best solution so far. */
  signal?: AbortSignal;
  /**
   * Searches run together, each in its own worker with its own seed, sharing their best
   * solutions (default: one per core, see defaultTeamSize). With more than one, the same seed
   * no longer gives the same result.
   */
  workers?: number;
}

/** How often the team's members are sent a shorter best (fewer vehicles: at once). */
const SHARE_EVERY_SHARE_OF_BUDGET = 0.1;

/** One search per core (navigator.hardwareConcurrency), fewer for a small problem (teamSize). */
export function defaultTeamSize(jobCount: number): number {
  const cores = typeof navigator === 'undefined' ? 1 : (navigator.hardwareConcurrency ?? 1);
  return teamSize(jobCount, cores);
}

export interface VrpOutcome extends VrpSolution {
  /** True when a stop (the signal) ended the search before its budget. */
  stopped: boolean;
  /** Wall time of the search in the worker. */
  ms: number;
}

/** The array's buffer when it can be handed over whole (its own, not shared), else nothing. */
const transferable = (array: Float64Array): Transferable[] =>
  array.buffer instanceof ArrayBuffer && array.byteLength === array.buffer.byteLength
    ? [array.buffer]
    : [];

interface Pending {
  id: number;
  /** Handles a response for this id from team member `member`; true when it settled the run. */
  settle: (response: WorkerResponse, member: number) => boolean;
  reject: (error: Error) => void;
}

/**
 * One optimisation at a time, in workers created on first use: one for a single route, a team
 * for a day's routes (SearchTeam: each worker searches with its own seed and the best solution
 * is shared). A single-route run goes to the end once started, so cancelling terminates the
 * workers (the next run starts fresh ones); a vrp run can also be stopped early through its
 * signal, answering with the best solution so far.
 */
export class OptimizeClient {
  /** workers[0] runs single routes too; the others join for vrp runs. */
  private workers: OptimizeWorker[] = [];
  private pending: Pending | null = null;
  private lastId = 0;

  constructor(private readonly createWorker: () => OptimizeWorker) {}

  /**
   * `matrix`: symmetric n x n costs to compare instead of the metric's distances (see
   * OptimizeRequest). Its buffer is handed to the worker, not copied (200 stops: 320 kB): the
   * array is empty afterwards, so pass one the caller no longer needs. `timeLimitMs`: the
   * search's budget (default: the engine's).
   */
  run(
    points: Point[],
    metric: Metric,
    mode: RouteMode,
    matrix?: Float64Array,
    timeLimitMs?: number,
  ): Promise<OptimizeOutcome> {
    this.cancel();
    const [worker] = this.team(1);
    const id = ++this.lastId;
    return new Promise<OptimizeOutcome>((resolve, reject) => {
      const settle = (response: WorkerResponse): boolean => {
        if (response.type === 'result') {
          resolve({ order: response.order, before: response.before, after: response.after });
        } else if (response.type === 'error') {
          reject(new Error(response.message));
        } else {
          return false;
        }
        return true;
      };
      this.pending = { id, settle, reject };
      worker.postMessage(
        {
          type: 'optimize',
          id,
          points,
          metric,
          mode,
          ...(matrix ? { matrix } : {}),
          ...(timeLimitMs !== undefined ? { timeLimitMs } : {}),
        },
        matrix ? transferable(matrix) : [],
      );
    });
  }

  /**
   * Plans a day's routes in the worker (see @domain/vrp): progress through `onProgress`, an early
   * stop through `signal` (resolving with the best so far). Rejects with OptimizeCancelledError
   * when cancelled or superseded, and with the problem's first error when it is malformed.
   */
  solveVrp(problem: VrpProblem, options: VrpRunOptions = {}): Promise<VrpOutcome> {
    this.cancel();
    const { signal, onProgress } = options;
    if (signal?.aborted) return Promise.reject(new OptimizeCancelledError());
    const jobCount = Array.isArray(problem.jobs) ? problem.jobs.length : 0;
    const size = Math.max(1, Math.floor(options.workers ?? defaultTeamSize(jobCount)));
    const workers = this.team(size);
    const id = ++this.lastId;
    const timeLimitMs = options.timeLimitMs ?? 2000;
    const team = new SearchTeam(size, SHARE_EVERY_SHARE_OF_BUDGET * timeLimitMs);
    const started = performance.now();
    return new Promise<VrpOutcome>((resolve, reject) => {
      const stop = () => workers.forEach((worker) => worker.postMessage({ type: 'stop', id }));
      signal?.addEventListener('abort', stop, { once: true });
      const share = (members: number[]) => {
        const best = team.best;
        if (!best || members.length === 0) return;
        const routes = best.routes.map(({ vehicle, jobs }) => ({ vehicle, jobs }));
        for (const member of members)
          workers[member].postMessage({ type: 'vrp-share', id, routes });
      };
      let finished = 0;
      let stopped = false;
      let ms = 0;
      const settle = (response: WorkerResponse, member: number): boolean => {
        if (response.type === 'vrp-progress') {
          share(team.report(member, response.best, response.rank, performance.now() - started));
          // Member 0 sets the pace of the progress reports (at least every 200 ms).
          if (member === 0) onProgress?.(team.best ?? response.best, response.elapsedMs);
          return false;
        }
        if (response.type === 'vrp-result') {
          team.report(member, response.solution, response.rank, performance.now() - started);
          stopped ||= response.stopped;
          ms = Math.max(ms, response.ms);
          if (++finished < size) return false;
          signal?.removeEventListener('abort', stop);
          resolve({ ...(team.best ?? response.solution), stopped, ms });
          return true;
        }
        signal?.removeEventListener('abort', stop);
        if (response.type === 'error') {
          reject(new Error(response.message));
        } else {
          reject(new Error(`unexpected answer to a vrp request: ${response.type}`));
        }
        return true;
      };
      this.pending = {
        id,
        settle,
        reject: (error) => {
          signal?.removeEventListener('abort', stop);
          reject(error);
        },
      };
      workers.forEach((worker, member) =>
        worker.postMessage({
          type: 'vrp',
          id,
          problem,
          timeLimitMs,
          // Each member its own seed: the same one would search the same way.
          seed: (options.seed ?? 1) + member,
          member: { index: member, size },
          ...(options.maxIterations !== undefined ? { maxIterations: options.maxIterations } : {}),
        }),
      );
    });
  }

  get running(): boolean {
    return this.pending !== null;
  }

  /** Stops the running optimisation, if any; its promise rejects with OptimizeCancelledError. */
  cancel(): void {
    if (!this.pending) return;
    this.stopWorker();
    this.fail(new OptimizeCancelledError());
  }

  dispose(): void {
    this.cancel();
    this.stopWorker();
  }

  /** The first `size` workers, started as needed. */
  private team(size: number): OptimizeWorker[] {
    while (this.workers.length < size) this.workers.push(this.spawn(this.workers.length));
    return this.workers.slice(0, size);
  }

  private spawn(member: number): OptimizeWorker {
    const worker = this.createWorker();
    worker.onmessage = (event) => this.settle(event.data, member);
    worker.onerror = (event) => {
      event.preventDefault();
      this.stopWorker();
      this.fail(new Error(event.message || 'The optimiser stopped unexpectedly'));
    };
    return worker;
  }

  private settle(response: WorkerResponse, member: number): void {
    const pending = this.pending;
    if (!pending || response.id !== pending.id) return;
    if (pending.settle(response, member)) this.pending = null;
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }

  private stopWorker(): void {
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
  }
}
