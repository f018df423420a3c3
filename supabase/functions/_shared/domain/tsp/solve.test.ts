import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactRoute } from './exact.ts';
import {
  OptimizeInputError,
  ROUTE_MODES,
  euclideanCost,
  optimizePoints,
  routeLength,
  solveRoute,
  type Point,
  type RouteMode,
} from './index.ts';

const FAST = { maxKicks: 300, timeLimitMs: Infinity };

const pointArb = fc.tuple(
  fc.integer({ min: 0, max: 1000 }),
  fc.integer({ min: 0, max: 1000 }),
) as fc.Arbitrary<Point>;
const modeArb = fc.constantFrom<RouteMode>(...ROUTE_MODES);

function isPermutation(order: number[], n: number): boolean {
  return (
    order.length === n &&
    new Set(order).size === n &&
    order.every((v) => Number.isInteger(v) && v >= 0 && v < n)
  );
}

function* permutations(items: number[]): Generator<number[]> {
  if (items.length <= 1) {
    yield items;
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const tail of permutations(rest)) yield [items[i], ...tail];
  }
}

function bruteForce(points: Point[], mode: RouteMode): number {
  const n = points.length;
  const cost = euclideanCost(points);
  const end = mode === 'fixed-start-end' ? n - 1 : -1;
  const middle = Array.from({ length: n }, (_, i) => i).filter((i) => i !== 0 && i !== end);
  let best = Infinity;
  for (const perm of permutations(middle)) {
    const order = end === -1 ? [0, ...perm] : [0, ...perm, end];
    best = Math.min(best, routeLength(order, cost, mode));
  }
  return best;
}

describe('solveRoute: properties', () => {
  it('returns a permutation from the start, keeps a fixed end, never lengthens the input order', () => {
    fc.assert(
      fc.property(
        fc.array(pointArb, { maxLength: 60 }),
        modeArb,
        fc.nat(),
        (points, mode, seed) => {
          const result = optimizePoints(points, { metric: 'euclidean', mode, seed, ...FAST });
          const n = points.length;
          expect(isPermutation(result.order, n)).toBe(true);
          if (n > 0) expect(result.order[0]).toBe(0);
          if (mode === 'fixed-start-end' && n > 1) expect(result.order[n - 1]).toBe(n - 1);
          const cost = euclideanCost(points);
          expect(result.length).toBeCloseTo(routeLength(result.order, cost, mode), 6);
          expect(result.inputLength).toBeCloseTo(routeLength([...Array(n).keys()], cost, mode), 6);
          expect(result.length).toBeLessThanOrEqual(result.inputLength);
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  });

  it('equals the brute-force optimum on up to 8 points', () => {
    fc.assert(
      fc.property(fc.array(pointArb, { minLength: 1, maxLength: 8 }), modeArb, (points, mode) => {
        const result = optimizePoints(points, { metric: 'euclidean', mode });
        expect(result.length).toBeCloseTo(bruteForce(points, mode), 6);
      }),
      { numRuns: 200, seed: 11 },
    );
  });

  it('finds the optimum that dynamic programming finds on 15-point instances (local search path)', () => {
    fc.assert(
      fc.property(fc.array(pointArb, { minLength: 15, maxLength: 15 }), modeArb, (points, mode) => {
        const cost = euclideanCost(points);
        const result = solveRoute({ n: 15, cost }, { mode, maxKicks: 2000, timeLimitMs: Infinity });
        expect(result.kicks).toBeGreaterThan(0);
        const optimum = routeLength(exactRoute(15, cost, mode), cost, mode);
        expect(result.length).toBeCloseTo(Math.min(optimum, result.inputLength), 6);
      }),
      { numRuns: 30, seed: 3 },
    );
  });

  it('is deterministic for a seed and a kick budget', () => {
    const random = fc.sample(fc.array(pointArb, { minLength: 120, maxLength: 120 }), {
      numRuns: 1,
      seed: 5,
    })[0];
    for (const mode of ROUTE_MODES) {
      const options = {
        metric: 'euclidean' as const,
        mode,
        seed: 42,
        maxKicks: 2000,
        timeLimitMs: Infinity,
      };
      const first = optimizePoints(random, options);
      const second = optimizePoints(random, options);
      expect(second.order).toEqual(first.order);
      expect(second.length).toBe(first.length);
    }
  });
});

describe('solveRoute: edge cases', () => {
  it('handles 0, 1, 2 and 3 points', () => {
    for (const mode of ROUTE_MODES) {
      expect(optimizePoints([], { metric: 'euclidean', mode })).toMatchObject({
        order: [],
        length: 0,
      });
      expect(optimizePoints([[1, 1]], { metric: 'euclidean', mode })).toMatchObject({
        order: [0],
        length: 0,
      });
      expect(
        optimizePoints(
          [
            [0, 0],
            [3, 4],
          ],
          { metric: 'euclidean', mode },
        ).order,
      ).toEqual([0, 1]);
    }
    expect(
      optimizePoints(
        [
          [0, 0],
          [3, 4],
        ],
        { metric: 'euclidean', mode: 'round-trip' },
      ).length,
    ).toBe(10);
    const three: Point[] = [
      [0, 0],
      [10, 0],
      [1, 0],
    ];
    expect(optimizePoints(three, { metric: 'euclidean', mode: 'fixed-start' })).toMatchObject({
      order: [0, 2, 1],
      length: 10,
    });
    expect(optimizePoints(three, { metric: 'euclidean', mode: 'fixed-start-end' }).order).toEqual([
      0, 1, 2,
    ]);
    expect(optimizePoints(three, { metric: 'euclidean', mode: 'round-trip' }).order).toEqual([
      0, 1, 2,
    ]);
  });

  it('handles duplicate and identical points', () => {
    for (const mode of ROUTE_MODES) {
      for (const n of [5, 30]) {
        const same = optimizePoints(
          Array.from({ length: n }, () => [7, 7] as Point),
          { metric: 'euclidean', mode },
        );
        expect(same.order).toEqual([...Array(n).keys()]);
        expect(same.length).toBe(0);
      }
      const doubled: Point[] = Array.from(
        { length: 40 },
        (_, i) => [(i % 20) * 10, ((i % 20) * 37) % 100] as Point,
      );
      const result = optimizePoints(doubled, { metric: 'euclidean', mode, ...FAST });
      expect(isPermutation(result.order, 40)).toBe(true);
      expect(result.length).toBeLessThanOrEqual(result.inputLength);
    }
  });

  it('solves points on a line and a circle optimally', () => {
    const line: Point[] = [
      0, 5, 1, 9, 3, 7, 2, 8, 4, 6, 10, 14, 12, 11, 13, 19, 15, 18, 16, 17,
    ].map((x) => [x, 0] as Point);
    expect(optimizePoints(line, { metric: 'euclidean', mode: 'fixed-start' }).length).toBe(19);
    const circle: Point[] = Array.from({ length: 50 }, (_, i) => {
      const angle = ((i * 17) % 50) * ((2 * Math.PI) / 50);
      return [Math.cos(angle) * 100, Math.sin(angle) * 100] as Point;
    });
    const perimeter = 50 * 2 * 100 * Math.sin(Math.PI / 50);
    expect(optimizePoints(circle, { metric: 'euclidean', mode: 'round-trip' }).length).toBeCloseTo(
      perimeter,
      6,
    );
  });

  it('returns the input order when it cannot be improved', () => {
    const alreadyBest: Point[] = Array.from({ length: 30 }, (_, i) => [i, 0] as Point);
    const result = optimizePoints(alreadyBest, { metric: 'euclidean', mode: 'fixed-start' });
    expect(result.order).toEqual([...Array(30).keys()]);
    expect(result.length).toBe(result.inputLength);
  });

  it('works from a distance matrix', () => {
    const points: Point[] = Array.from(
      { length: 25 },
      (_, i) => [(i * 7919) % 101, (i * 104729) % 97] as Point,
    );
    const cost = euclideanCost(points);
    const matrix = new Float64Array(25 * 25);
    for (let i = 0; i < 25; i++) for (let j = 0; j < 25; j++) matrix[i * 25 + j] = cost(i, j);
    const fromMatrix = solveRoute({ n: 25, matrix }, { mode: 'round-trip', ...FAST });
    const fromFunction = solveRoute({ n: 25, cost }, { mode: 'round-trip', ...FAST });
    expect(fromMatrix.order).toEqual(fromFunction.order);
  });

  it('stores no matrix above 2000 points and still improves the route', () => {
    const points: Point[] = Array.from(
      { length: 2100 },
      (_, i) => [(i * 7919) % 1009, (i * 104729) % 997] as Point,
    );
    const result = optimizePoints(points, {
      metric: 'euclidean',
      mode: 'fixed-start',
      maxKicks: 50,
      timeLimitMs: Infinity,
    });
    expect(isPermutation(result.order, 2100)).toBe(true);
    expect(result.length).toBeLessThan(result.inputLength * 0.2);
  });

  it('rejects bad input with clear errors', () => {
    expect(() =>
      optimizePoints(
        [
          [0, 0],
          [NaN, 1],
        ],
        { metric: 'euclidean' },
      ),
    ).toThrow(new OptimizeInputError('point 1 has a coordinate that is not a finite number'));
    expect(() => optimizePoints([[0, Infinity]], { metric: 'euclidean' })).toThrow(
      OptimizeInputError,
    );
    expect(() => optimizePoints([[91, 0]], { metric: 'haversine' })).toThrow(
      'latitude 91 is outside -90..90',
    );
    expect(() => optimizePoints([[0, -181]], { metric: 'haversine' })).toThrow(
      'longitude -181 is outside -180..180',
    );
    expect(() => solveRoute({ n: 2, matrix: new Float64Array(3) })).toThrow('n x n = 4 values');
    expect(() => solveRoute({ n: 2, matrix: Float64Array.of(0, 1, 2, 0) })).toThrow('symmetric');
    expect(() => solveRoute({ n: 2, matrix: Float64Array.of(0, -1, -1, 0) })).toThrow(
      'finite and non-negative',
    );
    expect(() => solveRoute({ n: 20, cost: () => NaN })).toThrow(
      'is NaN: distances must be finite and non-negative',
    );
    expect(() => solveRoute({ n: -1, cost: () => 0 })).toThrow('non-negative integer');
  });
});
