import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greedyTour } from './construct.ts';
import { TourSearch } from './local-search.ts';
import { euclideanCost, type Point } from './metrics.ts';
import { nearestNeighbours } from './neighbours.ts';
import { createRandom } from '../random.ts';

function tourLength(search: TourSearch, dist: (a: number, b: number) => number): number {
  const tour = search.order();
  let length = 0;
  for (let i = 0; i < tour.length; i++) length += dist(tour[i], tour[(i + 1) % tour.length]);
  return length;
}

const instanceArb = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 })), {
    minLength: 8,
    maxLength: 70,
  })
  .chain((points) =>
    fc.record({
      points: fc.constant(points as Point[]),
      fixed: fc.option(
        fc.tuple(fc.nat(points.length - 1), fc.nat(points.length - 1)).filter(([a, b]) => a !== b),
      ),
      seed: fc.nat(),
    }),
  );

function setUp(points: Point[], fixed: [number, number] | null) {
  const n = points.length;
  const dist = euclideanCost(points);
  const k = Math.min(8, n - 1);
  const neighbours = nearestNeighbours(n, dist, k);
  const [fixedA, fixedB] = fixed ?? [-1, -1];
  const tour = greedyTour(n, dist, neighbours, k, fixedA, fixedB);
  return { dist, search: new TourSearch(tour, dist, neighbours, k, fixedA, fixedB, 1e-9) };
}

const adjacent = (search: TourSearch, a: number, b: number) =>
  search.next(a) === b || search.prev(a) === b;

describe('TourSearch', () => {
  it('keeps its length equal to the tour it holds, a permutation, with the fixed edge kept', () => {
    fc.assert(
      fc.property(instanceArb, ({ points, fixed, seed }) => {
        const { dist, search } = setUp(points, fixed);
        if (fixed) expect(adjacent(search, fixed[0], fixed[1])).toBe(true);
        search.activateAll();
        search.optimize();
        const random = createRandom(seed);
        for (let round = 0; round < 30; round++) {
          search.kick(random, 10);
          search.optimize();
        }
        expect(search.length).toBeCloseTo(tourLength(search, dist), 6);
        expect(new Set(search.order()).size).toBe(points.length);
        if (fixed) expect(adjacent(search, fixed[0], fixed[1])).toBe(true);
      }),
      { numRuns: 200, seed: 1 },
    );
  });

  it('rolls a kick and the search after it back to the exact previous tour', () => {
    fc.assert(
      fc.property(instanceArb, ({ points, fixed, seed }) => {
        const { search } = setUp(points, fixed);
        const random = createRandom(seed);
        for (let round = 0; round < 10; round++) {
          const before = search.order();
          search.checkpoint();
          search.kick(random, 10);
          search.optimize();
          search.rollback();
          expect(search.order()).toEqual(before);
        }
      }),
      { numRuns: 100, seed: 2 },
    );
  });

  it('builds a greedy tour that is a permutation holding the fixed edge', () => {
    fc.assert(
      fc.property(instanceArb, ({ points, fixed }) => {
        const { search } = setUp(points, fixed);
        expect(new Set(search.order()).size).toBe(points.length);
        if (fixed) expect(adjacent(search, fixed[0], fixed[1])).toBe(true);
      }),
      { numRuns: 100, seed: 3 },
    );
  });
});
