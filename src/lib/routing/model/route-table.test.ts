import { describe, expect, it } from 'vitest';
import { routeTableSchema } from './route-table';

const table = {
  distances: [
    [0, 465_000],
    [466_000, 0],
  ],
  durations: [
    [0, 16_000],
    [16_100, 0],
  ],
  estimated: false,
};

describe('the route table check', () => {
  it('takes a square table of distances and durations, and leaves other fields out', () => {
    expect(routeTableSchema.safeParse({ ...table, extra: 'x' })).toEqual({
      success: true,
      data: table,
    });
    expect(
      routeTableSchema.safeParse({ distances: [], durations: [], estimated: true }),
    ).toMatchObject({ success: true });
  });

  it.each([
    ['not an object', 'table'],
    ['null', null],
    ['no estimated flag', { distances: table.distances, durations: table.durations }],
    ['a row too short', { ...table, distances: [[0, 1], [2]] }],
    ['durations of another size', { ...table, durations: [[0]] }],
    ['too many rows', { ...table, distances: [...table.distances, [0, 0]] }],
    [
      'a negative distance',
      {
        ...table,
        distances: [
          [0, -1],
          [1, 0],
        ],
      },
    ],
    [
      'NaN',
      {
        ...table,
        durations: [
          [0, Number.NaN],
          [1, 0],
        ],
      },
    ],
    [
      'Infinity',
      {
        ...table,
        durations: [
          [0, Infinity],
          [1, 0],
        ],
      },
    ],
    [
      'a number as text',
      {
        ...table,
        distances: [
          [0, '1'],
          [1, 0],
        ],
      },
    ],
    [
      'a missing cell',
      {
        ...table,
        distances: [
          [0, null],
          [1, 0],
        ],
      },
    ],
  ])('refuses %s', (_, data) => {
    expect(routeTableSchema.safeParse(data).success).toBe(false);
  });
});
