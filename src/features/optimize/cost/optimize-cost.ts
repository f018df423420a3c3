/**
 * Which distances the optimiser compares: road distances from the route table when the route
 * service gives them, otherwise great-circle distances (the default, and the silent fallback).
 */
import type { LatLng } from '@domain/geo.ts';
import { ROUTE_TABLE_MAX_STOPS } from '@domain/limits.ts';
import { routeLength, type RouteMode } from '@domain/tsp/index.ts';

/**
 * Most stops for which the planner asks for road distances: 200 stops are 4 table blocks of
 * 100 x 100 (a few seconds behind the public router's 1 request per second); above that the
 * straight-line optimisation starts at once.
 */
export const ROAD_DISTANCES_MAX_STOPS = Math.min(200, ROUTE_TABLE_MAX_STOPS);

/**
 * The table as the route service answers it: metres from each stop [row] to each stop [column].
 * The rows are checked by `costFromTable` (a square table of finite numbers >= 0), in the same
 * pass that makes the optimiser's matrix: on the click that optimises, cold, a separate check of
 * 40 000 numbers (200 stops) cost as much again.
 */
export interface DistanceTable {
  distances: readonly unknown[];
  estimated: boolean;
}

export type OptimizeCost =
  | { kind: 'straight' }
  /** `matrix`: the symmetric costs the optimiser works with; `distances`: the directed road metres. */
  | { kind: 'road'; matrix: Float64Array; distances: readonly (readonly number[])[] };

export const STRAIGHT_LINE: OptimizeCost = { kind: 'straight' };

export const wantsRoadDistances = (stopCount: number): boolean =>
  stopCount >= 2 && stopCount <= ROAD_DISTANCES_MAX_STOPS;

/**
 * Road costs from the table, or straight-line when there is none, it is the service's own
 * great-circle estimate, or it does not fit the stops.
 */
export function costFromTable(table: DistanceTable | null, stopCount: number): OptimizeCost {
  if (!table || table.estimated || table.distances.length !== stopCount) return STRAIGHT_LINE;
  const matrix = symmetricMatrix(table.distances);
  // Checked by symmetricMatrix: n rows of n finite numbers >= 0.
  const distances = table.distances as readonly (readonly number[])[];
  return matrix ? { kind: 'road', matrix, distances } : STRAIGHT_LINE;
}

const isDistance = (value: unknown): value is number =>
  typeof value === 'number' && value >= 0 && value < Infinity;

/**
 * The optimiser solves symmetric routes: each pair costs the mean of its two directions (one-way
 * streets make them differ a little), row-major n x n. Null unless the table is n rows of n
 * finite numbers >= 0: checked in the same pass (on the click that optimises, cold, a separate
 * check cost as much as making the matrix). Indexed loops: cold, `for…of`'s iterators were
 * about three times slower.
 */
export function symmetricMatrix(distances: readonly unknown[]): Float64Array | null {
  const n = distances.length;
  const rows: (readonly unknown[])[] = [];
  for (let i = 0; i < n; i++) {
    const row = distances[i];
    if (!Array.isArray(row) || row.length !== n) return null;
    rows.push(row);
  }
  const matrix = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    if (!isDistance(row[i])) return null;
    for (let j = i + 1; j < n; j++) {
      const there = row[j];
      const back = rows[j][i];
      if (!isDistance(there) || !isDistance(back)) return null;
      const mean = (there + back) / 2;
      matrix[i * n + j] = mean;
      matrix[j * n + i] = mean;
    }
  }
  return matrix;
}

/** The road length of visiting `order` in its direction (a round trip returns to its start). */
export function directedLength(
  order: readonly number[],
  distances: readonly (readonly number[])[],
  mode: RouteMode,
): number {
  return routeLength(order, (from, to) => distances[from][to], mode);
}

/** Asks for road distances when the stop count allows it; any failure means straight-line. */
export async function loadOptimizeCost(
  stops: readonly LatLng[],
  fetchTable: (stops: readonly LatLng[], signal?: AbortSignal) => Promise<DistanceTable | null>,
  signal?: AbortSignal,
): Promise<OptimizeCost> {
  if (!wantsRoadDistances(stops.length)) return STRAIGHT_LINE;
  let table: DistanceTable | null = null;
  try {
    table = await fetchTable(stops, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  return costFromTable(table, stops.length);
}
