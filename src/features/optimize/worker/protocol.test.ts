import { describe, expect, it } from 'vitest';
import { handleOptimizeMessage } from './protocol.ts';

const paris: [number, number] = [48.8566, 2.3522];
const lyon: [number, number] = [45.764, 4.8357];
const lille: [number, number] = [50.6292, 3.0573];
const orleans: [number, number] = [47.9029, 1.9093];

describe('handleOptimizeMessage', () => {
  it('answers a request with the new order and the lengths before and after, in metres', () => {
    let clock = 0;
    const response = handleOptimizeMessage(
      {
        type: 'optimize',
        id: 7,
        points: [paris, lyon, lille, orleans],
        metric: 'haversine',
        mode: 'fixed-start',
      },
      () => (clock += 5),
    );
    expect(response).toMatchObject({ type: 'result', id: 7, ms: 5 });
    if (response.type !== 'result') throw new Error('expected a result');
    expect(response.order[0]).toBe(0);
    expect(new Set(response.order).size).toBe(4);
    expect(response.after).toBeLessThan(response.before);
    expect(response.before).toBeGreaterThan(500_000);
  });

  it('returns the input order and equal lengths when nothing can be gained', () => {
    const response = handleOptimizeMessage({
      type: 'optimize',
      id: 1,
      points: [paris, lille],
      metric: 'haversine',
      mode: 'round-trip',
    });
    expect(response).toMatchObject({ type: 'result', order: [0, 1] });
    if (response.type === 'result') expect(response.after).toBe(response.before);
  });

  it('answers malformed requests and bad points with an error for the same id', () => {
    expect(handleOptimizeMessage(null)).toEqual({
      type: 'error',
      id: -1,
      message: 'expected an optimize request with an integer id',
    });
    expect(
      handleOptimizeMessage({
        type: 'optimize',
        id: 2,
        points: 'x',
        metric: 'haversine',
        mode: 'round-trip',
      }),
    ).toEqual({
      type: 'error',
      id: 2,
      message: 'points must be an array',
    });
    expect(
      handleOptimizeMessage({
        type: 'optimize',
        id: 3,
        points: [],
        metric: 'taxicab',
        mode: 'round-trip',
      }),
    ).toMatchObject({
      type: 'error',
      id: 3,
      message: 'unknown metric: taxicab',
    });
    expect(
      handleOptimizeMessage({
        type: 'optimize',
        id: 4,
        points: [],
        metric: 'haversine',
        mode: 'loop',
      }),
    ).toMatchObject({
      type: 'error',
      id: 4,
      message: 'unknown mode: loop',
    });
    expect(
      handleOptimizeMessage({
        type: 'optimize',
        id: 5,
        points: [paris, [100, 0]],
        metric: 'haversine',
        mode: 'fixed-start',
      }),
    ).toEqual({
      type: 'error',
      id: 5,
      message: 'point 1: latitude 100 is outside -90..90',
    });
  });

  it('compares the given matrix instead of the metric when there is one', () => {
    // Four points on a line, but the matrix says 0-3 and 3-1 and 1-2 are the short hops.
    const cost = [
      [0, 9, 9, 1],
      [9, 0, 1, 1],
      [9, 1, 0, 9],
      [1, 1, 9, 0],
    ];
    const matrix = Float64Array.from(cost.flat());
    const response = handleOptimizeMessage({
      type: 'optimize',
      id: 8,
      points: [paris, lyon, lille, orleans],
      metric: 'haversine',
      mode: 'fixed-start',
      matrix,
    });
    expect(response).toMatchObject({ type: 'result', order: [0, 3, 1, 2], before: 19, after: 3 });
  });

  it('refuses a matrix that does not fit the points or is not symmetric', () => {
    const base = {
      type: 'optimize',
      points: [paris, lyon, lille, orleans],
      metric: 'haversine',
      mode: 'fixed-start',
    };
    expect(handleOptimizeMessage({ ...base, id: 9, matrix: [1, 2, 3] })).toEqual({
      type: 'error',
      id: 9,
      message: 'matrix must be a Float64Array',
    });
    expect(handleOptimizeMessage({ ...base, id: 10, matrix: new Float64Array(4) })).toMatchObject({
      type: 'error',
      id: 10,
    });
    const asymmetric = new Float64Array(16).fill(1);
    asymmetric[1] = 5;
    expect(handleOptimizeMessage({ ...base, id: 11, matrix: asymmetric })).toMatchObject({
      type: 'error',
      id: 11,
    });
  });
});
