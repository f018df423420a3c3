import { greatCircleMeters, type LatLng } from '../geo.ts';
import { OptimizeInputError } from './errors.ts';
import type { Embedding } from './kd-tree.ts';

/** The cost of travelling between two points, by index. Must be symmetric and non-negative. */
export type CostFunction = (from: number, to: number) => number;

export type Metric = 'euclidean' | 'haversine';
export const METRICS: readonly Metric[] = ['euclidean', 'haversine'];

/** [x, y] for 'euclidean', [lat, lng] in degrees for 'haversine'. */
export type Point = readonly [number, number];

/** Rejects what would make distances meaningless: non-finite numbers, and lat/lng out of range. */
export function validatePoints(points: readonly Point[], metric: Metric): void {
  points.forEach((point, index) => {
    if (!Array.isArray(point) || point.length !== 2) {
      throw new OptimizeInputError(`point ${index} must be a pair of numbers`);
    }
    const [a, b] = point;
    if (
      typeof a !== 'number' ||
      typeof b !== 'number' ||
      !Number.isFinite(a) ||
      !Number.isFinite(b)
    ) {
      throw new OptimizeInputError(`point ${index} has a coordinate that is not a finite number`);
    }
    if (metric === 'haversine') {
      if (a < -90 || a > 90) {
        throw new OptimizeInputError(`point ${index}: latitude ${a} is outside -90..90`);
      }
      if (b < -180 || b > 180) {
        throw new OptimizeInputError(`point ${index}: longitude ${b} is outside -180..180`);
      }
    }
  });
}

export function euclideanCost(points: readonly Point[]): CostFunction {
  const xs = Float64Array.from(points, (p) => p[0]);
  const ys = Float64Array.from(points, (p) => p[1]);
  return (i, j) => Math.hypot(xs[i] - xs[j], ys[i] - ys[j]);
}

/**
 * TSPLIB's EUC_2D: the Euclidean distance rounded to the nearest integer (nint). The published
 * optimal tour lengths are sums of these, so the benchmark optimises and measures with it.
 */
export function tsplibEuc2dCost(points: readonly Point[]): CostFunction {
  const xs = Float64Array.from(points, (p) => p[0]);
  const ys = Float64Array.from(points, (p) => p[1]);
  return (i, j) => Math.floor(Math.sqrt((xs[i] - xs[j]) ** 2 + (ys[i] - ys[j]) ** 2) + 0.5);
}

/** Great-circle metres between [lat, lng] points (the shared estimate, earth radius 6371 km). */
export function haversineCost(points: readonly Point[]): CostFunction {
  const places: LatLng[] = points.map(([lat, lng]) => ({ lat, lng }));
  return (i, j) => greatCircleMeters(places[i], places[j]);
}

export function costFor(points: readonly Point[], metric: Metric): CostFunction {
  return metric === 'haversine' ? haversineCost(points) : euclideanCost(points);
}

/** Where the points sit for the neighbour search: x, y as they are; lat, lng as unit vectors. */
export function embeddingFor(points: readonly Point[], metric: Metric): Embedding {
  if (metric === 'euclidean') {
    return { dimensions: 2, coordinates: Float64Array.from(points.flatMap(([x, y]) => [x, y])) };
  }
  const coordinates = new Float64Array(points.length * 3);
  points.forEach(([lat, lng], i) => {
    const phi = (lat * Math.PI) / 180;
    const lambda = (lng * Math.PI) / 180;
    coordinates[3 * i] = Math.cos(phi) * Math.cos(lambda);
    coordinates[3 * i + 1] = Math.cos(phi) * Math.sin(lambda);
    coordinates[3 * i + 2] = Math.sin(phi);
  });
  return { dimensions: 3, coordinates };
}
