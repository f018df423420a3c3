import { describe, expect, it } from 'vitest';
import { cheapestPlace, firstOpenPlace, placeFor, withStopAt } from './day-changes.ts';

const at = (id: string, lng: number) => ({ id, name: id, lat: 0, lng });
// A line of stops along the equator, 0.01° (about 1.1 km) apart.
const line = [at('a', 0), at('b', 0.01), at('c', 0.02), at('d', 0.03)];

describe('firstOpenPlace', () => {
  it('is after the start, or after the last stop reported on', () => {
    expect(firstOpenPlace(line, new Set())).toBe(1);
    expect(firstOpenPlace(line, new Set(['b']))).toBe(2);
    expect(firstOpenPlace(line, new Set(['c', 'b']))).toBe(3);
    expect(firstOpenPlace(line, new Set(['d']))).toBe(4);
  });
});

describe('cheapestPlace', () => {
  it('puts a stop where it adds the least distance', () => {
    expect(cheapestPlace(line, { lat: 0, lng: 0.015 }, 1)).toBe(2);
    expect(cheapestPlace(line, { lat: 0, lng: 0.05 }, 1)).toBe(4);
  });

  it('never before `from`', () => {
    // Cheapest between b and c (place 2); from 3 on, between c and d beats the end.
    expect(cheapestPlace(line, { lat: 0, lng: 0.015 }, 3)).toBe(3);
    // Behind the driver: the end adds less than going back between c and d.
    expect(cheapestPlace(line, { lat: 0, lng: 0.005 }, 3)).toBe(4);
  });

  it('is the end of an empty or one-stop route', () => {
    expect(cheapestPlace([], { lat: 0, lng: 0 }, 0)).toBe(0);
    expect(cheapestPlace([line[0]], { lat: 0, lng: 1 }, 1)).toBe(1);
  });
});

describe('withStopAt and placeFor', () => {
  it('inserts after the start at the earliest, and at the end at the latest', () => {
    const x = at('x', 9);
    expect(withStopAt(line, x, 0).map((stop) => stop.id)).toEqual(['a', 'x', 'b', 'c', 'd']);
    expect(withStopAt(line, x, 2).map((stop) => stop.id)).toEqual(['a', 'b', 'x', 'c', 'd']);
    expect(withStopAt(line, x, 99).map((stop) => stop.id)).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(withStopAt([], x, 3)).toEqual([x]);
  });

  it('takes the place asked for, else the cheapest after what was reported', () => {
    const between = { lat: 0, lng: 0.015 };
    expect(placeFor(line, between, new Set(), 1)).toBe(1);
    expect(placeFor(line, between, new Set())).toBe(2);
    expect(placeFor(line, between, new Set(['c']))).toBe(3);
  });
});
