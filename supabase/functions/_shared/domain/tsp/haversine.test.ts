import { describe, expect, it } from 'vitest';
import { greatCircleMeters } from '../geo.ts';
import { haversineCost, optimizePoints, routeLength, type Point } from './index.ts';

// Twelve German cities, [lat, lng], listed in a deliberately poor order.
const cities: [string, Point][] = [
  ['Berlin', [52.52, 13.405]],
  ['Munich', [48.1351, 11.582]],
  ['Hamburg', [53.5511, 9.9937]],
  ['Dresden', [51.0504, 13.7373]],
  ['Cologne', [50.9375, 6.9603]],
  ['Leipzig', [51.3397, 12.3731]],
  ['Bremen', [53.0793, 8.8017]],
  ['Stuttgart', [48.7758, 9.1829]],
  ['Hanover', [52.3759, 9.732]],
  ['Nuremberg', [49.4521, 11.0767]],
  ['Düsseldorf', [51.2277, 6.7735]],
  ['Frankfurt', [50.1109, 8.6821]],
  ['Rostock', [54.0924, 12.0991]],
  ['Kassel', [51.3127, 9.4797]],
  ['Freiburg', [47.999, 7.8421]],
];
const points = cities.map(([, point]) => point);

describe('haversine metric', () => {
  it('measures great-circle metres with the shared implementation', () => {
    const cost = haversineCost(points);
    expect(cost(0, 2)).toBe(
      greatCircleMeters({ lat: 52.52, lng: 13.405 }, { lat: 53.5511, lng: 9.9937 }),
    );
    expect(cost(0, 2) / 1000).toBeCloseTo(255, -1);
  });

  it('finds a much shorter driving order through real cities from a fixed start', () => {
    const result = optimizePoints(points, { metric: 'haversine', mode: 'fixed-start' });
    expect(result.order[0]).toBe(0);
    expect(result.length).toBeCloseTo(
      routeLength(result.order, haversineCost(points), 'fixed-start'),
      3,
    );
    expect(result.length).toBeLessThan(result.inputLength * 0.5);
    // Neighbouring cities end up next to each other.
    const position = (name: string) =>
      result.order.indexOf(cities.findIndex(([city]) => city === name));
    expect(Math.abs(position('Cologne') - position('Düsseldorf'))).toBe(1);
    expect(Math.abs(position('Dresden') - position('Leipzig'))).toBe(1);
  });

  it('keeps both ends in fixed-start-end and closes the loop in a round trip', () => {
    const fixedEnds = optimizePoints(points, { metric: 'haversine', mode: 'fixed-start-end' });
    expect(fixedEnds.order[0]).toBe(0);
    expect(fixedEnds.order.at(-1)).toBe(points.length - 1);
    const roundTrip = optimizePoints(points, { metric: 'haversine', mode: 'round-trip' });
    expect(roundTrip.length).toBeCloseTo(
      routeLength(roundTrip.order, haversineCost(points), 'round-trip'),
      3,
    );
    expect(roundTrip.length).toBeGreaterThan(fixedEnds.length * 0.9);
  });
});
