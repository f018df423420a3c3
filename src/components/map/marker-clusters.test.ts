import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupByGrid, ungrouped, withOwnMarker } from './marker-clusters';

describe('groupByGrid', () => {
  it('puts points of one cell in one cluster and keeps lone points single', () => {
    const groups = groupByGrid(
      [
        { x: 5, y: 5 },
        { x: 200, y: 200 },
        { x: 40, y: 10 },
        { x: 49.9, y: 49.9 },
      ],
      50,
    );
    expect(groups.singles).toEqual([1]);
    expect(groups.clusters).toEqual([{ key: '0:0', members: [0, 2, 3] }]);
  });

  it('leaves out points outside the bounds', () => {
    const groups = groupByGrid(
      [
        { x: 5, y: 5 },
        { x: 500, y: 5 },
        { x: 10, y: 10 },
      ],
      50,
      { minX: 0, minY: 0, maxX: 100, maxY: 100 },
    );
    expect(groups.singles).toEqual([]);
    expect(groups.clusters).toEqual([{ key: '0:0', members: [0, 2] }]);
    expect(
      ungrouped(
        [
          { x: 5, y: 5 },
          { x: 500, y: 5 },
        ],
        { minX: 0, minY: 0, maxX: 100, maxY: 100 },
      ),
    ).toEqual({ singles: [0], clusters: [] });
  });

  it('shows every point exactly once, singles alone in their cell, clusters of two or more', () => {
    const point = fc.record({
      x: fc.double({ min: -1e5, max: 1e5, noNaN: true }),
      y: fc.double({ min: -1e5, max: 1e5, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(point, { maxLength: 300 }),
        fc.integer({ min: 1, max: 200 }),
        (points, cellSize) => {
          const { singles, clusters } = groupByGrid(points, cellSize);
          const shown = [...singles, ...clusters.flatMap((cluster) => cluster.members)].sort(
            (a, b) => a - b,
          );
          expect(shown).toEqual(points.map((_, index) => index));
          const cellOf = (index: number) =>
            `${Math.floor(points[index].x / cellSize)}:${Math.floor(points[index].y / cellSize)}`;
          for (const cluster of clusters) {
            expect(cluster.members.length).toBeGreaterThan(1);
            for (const member of cluster.members) expect(cellOf(member)).toBe(cluster.key);
          }
          const singleCells = singles.map(cellOf);
          expect(new Set(singleCells).size).toBe(singles.length);
          for (const cell of singleCells)
            expect(clusters.some((cluster) => cluster.key === cell)).toBe(false);
        },
      ),
    );
  });

  it('refuses a cell size that is not positive', () => {
    expect(() => groupByGrid([], 0)).toThrow(RangeError);
  });
});

describe('withOwnMarker', () => {
  it('takes the highlighted point out of its cluster; a cluster left with one point dissolves', () => {
    const groups = {
      singles: [4],
      clusters: [
        { key: '0:0', members: [0, 1, 2] },
        { key: '1:0', members: [3, 5] },
      ],
    };
    expect(withOwnMarker(groups, 1)).toEqual({
      singles: [1, 4],
      clusters: [
        { key: '0:0', members: [0, 2] },
        { key: '1:0', members: [3, 5] },
      ],
    });
    expect(withOwnMarker(groups, 5)).toEqual({
      singles: [3, 4, 5],
      clusters: [{ key: '0:0', members: [0, 1, 2] }],
    });
    expect(withOwnMarker(groups, 4)).toBe(groups);
    expect(withOwnMarker(groups, -1)).toBe(groups);
  });
});
