import {
  METRICS,
  OptimizeInputError,
  ROUTE_MODES,
  optimizePoints,
  solveRoute,
  type Metric,
  type Point,
  type RouteMode,
} from '../model/index.ts';

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
  try {
    const result = request.matrix
      ? solveRoute({ n: request.points.length, matrix: request.matrix }, { mode: request.mode })
      : optimizePoints(request.points, { metric: request.metric as Metric, mode: request.mode });
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
