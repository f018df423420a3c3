import { OptimizeInputError } from './errors.ts';
import { EXACT_MAX_FREE_POINTS, exactRoute } from './exact.ts';
import { greedyTour } from './construct.ts';
import { TourSearch } from './local-search.ts';
import type { CostFunction } from './metrics.ts';
import { nearestNeighboursInSpace, type Embedding } from './kd-tree.ts';
import { nearestNeighbours } from './neighbours.ts';
import { createRandom } from '../random.ts';
import { routeLength, type RouteMode } from './route.ts';

/**
 * Distances between n points: a function, or a symmetric n x n matrix in row-major order. With a
 * function, an embedding of the points (see Embedding) lets the neighbour lists come from a k-d
 * tree instead of a scan of all n^2 pairs, which matters from a few thousand points.
 */
export type DistanceInput =
  | { readonly n: number; readonly cost: CostFunction; readonly embedding?: Embedding }
  | { readonly n: number; readonly matrix: Float64Array };

export interface SolveOptions {
  /** Default 'fixed-start'. */
  mode?: RouteMode;
  /** Default 1. Same seed, same input and same kick budget: same order. */
  seed?: number;
  /**
   * Stop the perturbation rounds after this many (default 2000 + 50 n). With a time limit that is
   * not reached (Infinity, say), the same seed gives the same order on any machine.
   */
  maxKicks?: number;
  /**
   * The whole run's budget, set-up included (default defaultTimeLimitMs(n): 40 ms up to 200
   * points, 1.5 s from about 1170): what ends most runs from about 100 points, so that an
   * optimisation answers at once whatever asked for it (the targets: 200 stops within 100 ms of the
   * click, 1000 within 2 s, on a cold JIT).
   */
  timeLimitMs?: number;
  /** Neighbour-list length (default 10). */
  neighbours?: number;
  /** The clock, in milliseconds (default performance.now). */
  now?: () => number;
}

export interface SolveResult {
  /** A permutation of 0..n-1 that starts with 0 (and ends with n-1 in 'fixed-start-end'). */
  order: number[];
  /** The route's length in the input's unit; never more than `inputLength`. */
  length: number;
  /** The length of the input order 0, 1, ..., n-1. */
  inputLength: number;
  /** Perturbation rounds run (0 when the exact method was used). */
  kicks: number;
}

/** Above this many nodes distances are computed on demand instead of stored (8 bytes x n^2). */
const MATRIX_MAX_NODES = 2000;
const DEFAULT_NEIGHBOURS = 10;
/** Kicks swap two adjacent tour segments of up to this many nodes each. */
const KICK_SEGMENT = 50;

export const defaultMaxKicks = (n: number): number => 2000 + 50 * n;

/**
 * The default budget of a run: 40 ms up to 200 points, then 1.5 ms a point (less 260), at most
 * 1.5 s. bench/optimizer.ts measures what these budgets find on TSPLIB's instances.
 */
export const defaultTimeLimitMs = (n: number): number =>
  Math.min(1500, Math.max(40, 1.5 * n - 260));

/**
 * The shortest route found through n points: exact for up to 13 points (12 in addition to the
 * start), otherwise greedy construction and iterated local search (2-opt + Or-opt with neighbour
 * lists and don't-look bits, segment-swap kicks, accepting a kick when it does not lengthen the
 * route). Open routes are solved as closed tours: 'fixed-start' adds a dummy node at distance 0
 * from all with its edge to the start fixed; 'fixed-start-end' fixes the edge end-start at cost 0.
 */
export function solveRoute(input: DistanceInput, options: SolveOptions = {}): SolveResult {
  const now = options.now ?? (() => performance.now());
  const startedAt = now();
  const mode = options.mode ?? 'fixed-start';
  const n = input.n;
  if (!Number.isInteger(n) || n < 0)
    throw new OptimizeInputError('n must be a non-negative integer');
  const base = checkedCost(input);
  const identity = Array.from({ length: n }, (_, i) => i);
  const inputLength = routeLength(identity, base, mode);
  const unchanged: SolveResult = { order: identity, length: inputLength, inputLength, kicks: 0 };
  if (n <= 3 && mode !== 'fixed-start') return unchanged;
  if (n <= 2) return unchanged;

  let order: number[];
  let kicks = 0;
  const freePoints = mode === 'fixed-start-end' ? n - 2 : n - 1;
  if (freePoints <= EXACT_MAX_FREE_POINTS) {
    order = exactRoute(n, base, mode);
  } else {
    const embedding = 'embedding' in input ? input.embedding : undefined;
    const result = iteratedLocalSearch(
      n,
      base,
      embedding,
      mode,
      inputLength,
      options,
      startedAt,
      now,
    );
    order = result.order;
    kicks = result.kicks;
  }
  const length = routeLength(order, base, mode);
  return length < inputLength ? { order, length, inputLength, kicks } : { ...unchanged, kicks };
}

function checkedCost(input: DistanceInput): CostFunction {
  const { n } = input;
  const invalid = (i: number, j: number, d: number) =>
    new OptimizeInputError(
      `distance from ${i} to ${j} is ${d}: distances must be finite and non-negative`,
    );
  if ('matrix' in input) {
    const m = input.matrix;
    if (!(m instanceof Float64Array) || m.length !== n * n) {
      throw new OptimizeInputError(
        `the distance matrix must be a Float64Array of n x n = ${n * n} values`,
      );
    }
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const d = m[i * n + j];
        if (!(d >= 0 && d < Infinity)) throw invalid(i, j, d);
        const back = m[j * n + i];
        if (Math.abs(d - back) > 1e-9 * Math.max(d, back)) {
          throw new OptimizeInputError(
            `the distance matrix must be symmetric (${i} to ${j}: ${d} vs ${back})`,
          );
        }
      }
    }
    return (i, j) => m[i * n + j];
  }
  const cost = input.cost;
  return (i, j) => {
    const d = cost(i, j);
    if (!(d >= 0 && d < Infinity)) throw invalid(i, j, d);
    return d;
  };
}

function iteratedLocalSearch(
  n: number,
  base: CostFunction,
  embedding: Embedding | undefined,
  mode: RouteMode,
  inputLength: number,
  options: SolveOptions,
  startedAt: number,
  now: () => number,
): { order: number[]; kicks: number } {
  const dummy = mode === 'fixed-start' ? n : -1;
  const size = dummy === -1 ? n : n + 1;
  const fixedA = mode === 'round-trip' ? -1 : 0;
  const fixedB = mode === 'fixed-start' ? dummy : mode === 'fixed-start-end' ? n - 1 : -1;
  const isFreeEdge = (i: number, j: number) =>
    (i === fixedA && j === fixedB) || (i === fixedB && j === fixedA) || i === dummy || j === dummy;

  let dist: CostFunction;
  if (size <= MATRIX_MAX_NODES) {
    const matrix = new Float64Array(size * size);
    for (let i = 0; i < size; i++) {
      for (let j = i + 1; j < size; j++) {
        const d = isFreeEdge(i, j) ? 0 : base(i, j);
        matrix[i * size + j] = d;
        matrix[j * size + i] = d;
      }
    }
    dist = (i, j) => matrix[i * size + j];
  } else {
    dist = (i, j) => (isFreeEdge(i, j) ? 0 : base(i, j));
  }

  const k = Math.min(options.neighbours ?? DEFAULT_NEIGHBOURS, size - 1);
  const neighbours = embedding
    ? neighboursFromEmbedding(embedding, n, k, dummy)
    : nearestNeighbours(size, dist, k);
  const greedy = greedyTour(size, dist, neighbours, k, fixedA, fixedB);
  const inputTour = Int32Array.from({ length: size }, (_, i) => i);
  const epsilon = 1e-9 * (inputLength / n) + 1e-12;
  const fromGreedy = new TourSearch(greedy, dist, neighbours, k, fixedA, fixedB, epsilon);
  const search =
    fromGreedy.length <= inputLength
      ? fromGreedy
      : new TourSearch(inputTour, dist, neighbours, k, fixedA, fixedB, epsilon);
  search.activateAll();
  search.optimize();

  const random = createRandom(options.seed ?? 1);
  const maxKicks = options.maxKicks ?? defaultMaxKicks(n);
  const deadline = startedAt + (options.timeLimitMs ?? defaultTimeLimitMs(n));
  let kicks = 0;
  while (kicks < maxKicks && now() < deadline) {
    kicks++;
    const before = search.length;
    search.checkpoint();
    if (!search.kick(random, KICK_SEGMENT)) continue;
    search.optimize();
    if (search.length <= before + epsilon) {
      search.commit();
    } else {
      search.rollback();
      search.length = before;
    }
  }
  return { order: routeFromTour(search, n, mode), kicks };
}

/** The dummy node is at distance 0 from all: first in every list; its own list is arbitrary. */
function neighboursFromEmbedding(
  embedding: Embedding,
  n: number,
  k: number,
  dummy: number,
): Int32Array {
  if (dummy === -1) return nearestNeighboursInSpace(embedding, n, k);
  const real = nearestNeighboursInSpace(embedding, n, k - 1);
  const lists = new Int32Array((n + 1) * k);
  for (let i = 0; i < n; i++) {
    lists[i * k] = dummy;
    lists.set(real.subarray(i * (k - 1), (i + 1) * (k - 1)), i * k + 1);
  }
  for (let c = 0; c < k; c++) lists[dummy * k + c] = c;
  return lists;
}

/** Reads the closed tour as a route: from the start, away from the fixed edge, without the dummy. */
function routeFromTour(search: TourSearch, n: number, mode: RouteMode): number[] {
  const avoid = mode === 'fixed-start' ? n : mode === 'fixed-start-end' ? n - 1 : -1;
  const forward = search.next(0) !== avoid;
  const order = [0];
  for (
    let v = forward ? search.next(0) : search.prev(0);
    v !== 0;
    v = forward ? search.next(v) : search.prev(v)
  ) {
    if (v !== n) order.push(v);
  }
  return order;
}
