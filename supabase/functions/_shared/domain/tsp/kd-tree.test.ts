import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nearestNeighboursInSpace } from './kd-tree.ts';
import { costFor, embeddingFor, type Metric, type Point } from './metrics.ts';
import { nearestNeighbours } from './neighbours.ts';

const coordinate = fc.integer({ min: -50, max: 50 }).map((v) => v / 10);

describe('nearestNeighboursInSpace', () => {
  it('finds neighbours as near as the full scan does, in both metrics, duplicates included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(coordinate, coordinate), { minLength: 2, maxLength: 120 }),
        fc.constantFrom<Metric>('euclidean', 'haversine'),
        fc.integer({ min: 1, max: 12 }),
        (raw, metric, wanted) => {
          // Duplicates on purpose: every point appears twice.
          const points: Point[] = [...raw, ...raw].map(([a, b]) => [a + 45, b] as Point);
          const n = points.length;
          const k = Math.min(wanted, n - 1);
          const cost = costFor(points, metric);
          const fromTree = nearestNeighboursInSpace(embeddingFor(points, metric), n, k);
          const fromScan = nearestNeighbours(n, cost, k);
          for (let i = 0; i < n; i++) {
            const row = Array.from(fromTree.subarray(i * k, (i + 1) * k));
            expect(new Set(row).size).toBe(k);
            expect(row).not.toContain(i);
            const treeDistances = row.map((j) => cost(i, j));
            const scanDistances = Array.from(fromScan.subarray(i * k, (i + 1) * k), (j) =>
              cost(i, j),
            );
            treeDistances.forEach((d, c) => expect(d).toBeCloseTo(scanDistances[c], 6));
          }
        },
      ),
      { numRuns: 100, seed: 4 },
    );
  });
});
