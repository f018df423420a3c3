import { describe, expect, it, vi } from 'vitest';
import { ROUTE_TABLE_MAX_STOPS } from '@domain/limits.ts';
import {
  ROAD_DISTANCES_MAX_STOPS,
  STRAIGHT_LINE,
  costFromTable,
  directedLength,
  loadOptimizeCost,
  symmetricMatrix,
  wantsRoadDistances,
  type DistanceTable,
} from './optimize-cost.ts';

const stops = (n: number) => Array.from({ length: n }, (_, i) => ({ lat: 45 + i / 100, lng: 4 }));

// One-way streets: 0 -> 1 is 100 m, 1 -> 0 is 300 m.
const roadDistances = [
  [0, 100, 500],
  [300, 0, 200],
  [500, 200, 0],
];
const road: DistanceTable = { distances: roadDistances, estimated: false };

describe('wantsRoadDistances', () => {
  it('asks for road distances from 2 up to ROAD_DISTANCES_MAX_STOPS stops, within what the service accepts', () => {
    expect(ROAD_DISTANCES_MAX_STOPS).toBeLessThanOrEqual(ROUTE_TABLE_MAX_STOPS);
    expect(wantsRoadDistances(1)).toBe(false);
    expect(wantsRoadDistances(2)).toBe(true);
    expect(wantsRoadDistances(ROAD_DISTANCES_MAX_STOPS)).toBe(true);
    expect(wantsRoadDistances(ROAD_DISTANCES_MAX_STOPS + 1)).toBe(false);
  });
});

describe('costFromTable', () => {
  it('uses the road table, each pair costing the mean of both directions', () => {
    const cost = costFromTable(road, 3);
    expect(cost.kind).toBe('road');
    if (cost.kind !== 'road') return;
    expect([...cost.matrix]).toEqual([0, 200, 500, 200, 0, 200, 500, 200, 0]);
    expect(cost.distances).toBe(road.distances);
  });

  it('falls back to straight lines without a table, on the service estimate, or on a table of the wrong size', () => {
    expect(costFromTable(null, 3)).toEqual(STRAIGHT_LINE);
    expect(costFromTable({ ...road, estimated: true }, 3)).toEqual(STRAIGHT_LINE);
    expect(costFromTable(road, 4)).toEqual(STRAIGHT_LINE);
    expect(costFromTable({ distances: [[0, 1], [1]], estimated: false }, 2)).toEqual(STRAIGHT_LINE);
    expect(
      costFromTable(
        {
          distances: [
            [0, NaN],
            [1, 0],
          ],
          estimated: false,
        },
        2,
      ),
    ).toEqual(STRAIGHT_LINE);
  });

  it('falls back on any distance that is negative, not finite or missing, on or off the diagonal', () => {
    // A table is read as the service answered it: strings, nulls or arrays are not distances.
    const bad: unknown[] = [-1, NaN, Infinity, undefined, '5', null, [1]];
    for (const [i, j] of [
      [0, 0],
      [0, 2],
      [2, 0],
      [1, 1],
      [2, 2],
    ]) {
      for (const value of bad) {
        const distances: unknown[][] = roadDistances.map((row) => [...row]);
        distances[i][j] = value;
        expect(costFromTable({ distances, estimated: false }, 3)).toEqual(STRAIGHT_LINE);
      }
    }
    expect(
      costFromTable(
        {
          distances: [
            [0, 1, 2],
            [1, 0, 2],
            [2, 2],
          ],
          estimated: false,
        },
        3,
      ),
    ).toEqual(STRAIGHT_LINE);
  });
});

describe('symmetricMatrix', () => {
  it('is symmetric with a zero diagonal', () => {
    const matrix = symmetricMatrix(road.distances)!;
    for (let i = 0; i < 3; i++) {
      expect(matrix[i * 3 + i]).toBe(0);
      for (let j = 0; j < 3; j++) expect(matrix[i * 3 + j]).toBe(matrix[j * 3 + i]);
    }
  });
});

describe('directedLength', () => {
  it('follows the order in its direction, back to the start for a round trip', () => {
    expect(directedLength([0, 1, 2], roadDistances, 'fixed-start')).toBe(300);
    expect(directedLength([2, 1, 0], roadDistances, 'fixed-start')).toBe(500);
    expect(directedLength([0, 1, 2], roadDistances, 'round-trip')).toBe(800);
  });
});

describe('loadOptimizeCost', () => {
  it('fetches the table for the stops and uses road distances', async () => {
    const fetchTable = vi.fn(async () => road);
    const cost = await loadOptimizeCost(stops(3), fetchTable);
    expect(fetchTable).toHaveBeenCalledWith(stops(3), undefined);
    expect(cost.kind).toBe('road');
  });

  it('does not ask above ROAD_DISTANCES_MAX_STOPS stops', async () => {
    const fetchTable = vi.fn(async () => road);
    expect(await loadOptimizeCost(stops(ROAD_DISTANCES_MAX_STOPS + 1), fetchTable)).toEqual(
      STRAIGHT_LINE,
    );
    expect(fetchTable).not.toHaveBeenCalled();
  });

  it('uses straight lines silently when the table fails', async () => {
    expect(await loadOptimizeCost(stops(3), async () => null)).toEqual(STRAIGHT_LINE);
    expect(
      await loadOptimizeCost(stops(3), async () => Promise.reject(new Error('offline'))),
    ).toEqual(STRAIGHT_LINE);
  });

  it('passes on a cancellation instead of falling back', async () => {
    const controller = new AbortController();
    const fetchTable = async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    };
    await expect(loadOptimizeCost(stops(3), fetchTable, controller.signal)).rejects.toThrow(
      'aborted',
    );
  });
});
