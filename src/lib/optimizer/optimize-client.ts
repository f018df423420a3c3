import type { VrpProblem, VrpSolution } from '@domain/vrp/index.ts';
import type { Metric, Point, RouteMode } from '@domain/tsp/index.ts';
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

export class OptimizeCancelledError extends Error {
  override name = 'OptimizeCancelledError';
  constructor() {
    super('The optimisation was cancelled');
  }
}

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
  /** Handles a response for this id; true when it settled the run. */
  settle: (response: WorkerResponse) => boolean;
  reject: (error: Error) => void;
}

/**
 * One optimisation at a time in one worker, created on first use. A single-route run goes to the
 * end once started, so cancelling terminates the worker (the next run starts a fresh one); a vrp
 * run can also be stopped early through its signal, answering with the best solution so far.
 */
export class OptimizeClient {
  private worker: OptimizeWorker | null = null;
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
    const worker = (this.worker ??= this.spawn());
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
    const worker = (this.worker ??= this.spawn());
    const id = ++this.lastId;
    return new Promise<VrpOutcome>((resolve, reject) => {
      const stop = () => worker.postMessage({ type: 'stop', id });
      signal?.addEventListener('abort', stop, { once: true });
      const settle = (response: WorkerResponse): boolean => {
        if (response.type === 'vrp-progress') {
          onProgress?.(response.best, response.elapsedMs);
          return false;
        }
        signal?.removeEventListener('abort', stop);
        if (response.type === 'vrp-result') {
          resolve({ ...response.solution, stopped: response.stopped, ms: response.ms });
        } else if (response.type === 'error') {
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
      worker.postMessage({
        type: 'vrp',
        id,
        problem,
        timeLimitMs: options.timeLimitMs ?? 2000,
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
        ...(options.maxIterations !== undefined ? { maxIterations: options.maxIterations } : {}),
      });
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

  private spawn(): OptimizeWorker {
    const worker = this.createWorker();
    worker.onmessage = (event) => this.settle(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.stopWorker();
      this.fail(new Error(event.message || 'The optimiser stopped unexpectedly'));
    };
    return worker;
  }

  private settle(response: WorkerResponse): void {
    const pending = this.pending;
    if (!pending || response.id !== pending.id) return;
    if (pending.settle(response)) this.pending = null;
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }

  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
