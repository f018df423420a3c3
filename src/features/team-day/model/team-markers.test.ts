import { describe, expect, it } from 'vitest';
import type { Stop } from '@domain/stops.ts';
import { fitPoints, shownDrivers, teamPins } from './team-markers.ts';
import type { DriverRoute } from './team-plan.ts';

const stops: Stop[] = [
  { name: 'Depot', lat: 0, lng: 0 },
  { name: 'A', lat: 0, lng: 1 },
  { name: 'B', lat: 0, lng: 2 },
  { name: 'C', lat: 0, lng: -1 },
  { name: 'D', lat: 0, lng: -2 },
];
const depot = { name: 'Depot', lat: 0, lng: 0 };
const home = { name: 'Home', lat: 1, lng: 1 };
const route = (number: number, extra: Partial<DriverRoute>): DriverRoute => ({
  number,
  start: depot,
  served: [],
  end: depot,
  endsAtStart: true,
  schedule: null,
  distance: 0,
  ...extra,
});
const drivers = [
  route(1, { served: [2, 1] }),
  route(2, { served: [3], start: home, end: depot, endsAtStart: false }),
  route(3, {}),
];

describe('the split map', () => {
  it('before a split: every stop by its number', () => {
    expect(teamPins(stops, null, [], null).map((pin) => pin.text)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });

  it('after: the depot once, a driver’s own place, driver·place on each stop, the stops left', () => {
    const pins = teamPins(stops, drivers, [4], null);
    expect(pins.map((pin) => [pin.kind, pin.text, pin.name])).toEqual([
      ['depot', '⌂', 'Depot'],
      ['driver', '1·1', 'B'],
      ['driver', '1·2', 'A'],
      ['home', '2·⌂', 'Home'],
      ['driver', '2·1', 'C'],
      ['unassigned', '×', 'D'],
    ]);
    expect(new Set(pins.map((pin) => pin.id)).size).toBe(pins.length);
  });

  it('one driver at a time: their pins and line only, and the camera fits them', () => {
    const pins = teamPins(stops, drivers, [4], 2);
    expect(pins.map((pin) => pin.text)).toEqual(['⌂', '2·⌂', '2·1']);
    expect(shownDrivers(drivers, 2).map((driver) => driver.number)).toEqual([2]);
    expect(shownDrivers(drivers, null).map((driver) => driver.number)).toEqual([1, 2]);
    const points = fitPoints(stops, pins, shownDrivers(drivers, 2));
    expect(points.every((point) => point.lng <= 1)).toBe(true);
  });
});
