import type { Metric, Point, RouteMode } from '../model/index.ts';
import type { OptimizeRequest, OptimizeResponse } from './protocol.ts';

/** What the client needs of a Worker (a fake one in tests). */
export interface OptimizeWorker {
  postMessage(message: OptimizeRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<OptimizeResponse>) => void) | null;
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

interface Pending {
  id: number;
  resolve: (outcome: OptimizeOutcome) => void;
  reject: (error: Error) => void;
}

/**
 * One optimisation at a time in one worker, created on first use. The optimiser runs to the end
 * once started, so cancelling terminates the worker; the next run starts a fresh one.
 */
export class OptimizeClient {
  private worker: OptimizeWorker | null = null;
  private pending: Pending | null = null;
  private lastId = 0;

  constructor(private readonly createWorker: () => OptimizeWorker) {}

  /** `matrix`: symmetric n x n costs to compare instead of the metric's distances (see OptimizeRequest). */
  run(
    points: Point[],
    metric: Metric,
    mode: RouteMode,
    matrix?: Float64Array,
  ): Promise<OptimizeOutcome> {
    this.cancel();
    const worker = (this.worker ??= this.spawn());
    const id = ++this.lastId;
    return new Promise<OptimizeOutcome>((resolve, reject) => {
      this.pending = { id, resolve, reject };
      worker.postMessage({
        type: 'optimize',
        id,
        points,
        metric,
        mode,
        ...(matrix ? { matrix } : {}),
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

  private settle(response: OptimizeResponse): void {
    const pending = this.pending;
    if (!pending || response.id !== pending.id) return;
    this.pending = null;
    if (response.type === 'result') {
      pending.resolve({ order: response.order, before: response.before, after: response.after });
    } else {
      pending.reject(new Error(response.message));
    }
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
