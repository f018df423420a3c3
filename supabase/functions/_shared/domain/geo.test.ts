import { describe, expect, it } from 'vitest';
import {
  estimateLeg,
  greatCircleMeters,
  legPairs,
  sumLegs,
  FALLBACK_SPEED_METERS_PER_SECOND,
} from './geo.ts';

describe('greatCircleMeters', () => {
  it('is zero between a point and itself', () => {
    expect(greatCircleMeters({ lat: 40.7, lng: -74 }, { lat: 40.7, lng: -74 })).toBe(0);
  });

  it('matches known distances on a 6371 km sphere', () => {
    // Paris – London ≈ 343.5 km; one degree of latitude ≈ 111.195 km
    expect(
      greatCircleMeters({ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 }) / 1000,
    ).toBeCloseTo(343.5, 0);
    expect(greatCircleMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_194.93, 1);
  });

  it('is symmetric and handles the antimeridian and antipodes', () => {
    const a = { lat: 10, lng: 179.5 };
    const b = { lat: 10, lng: -179.5 };
    expect(greatCircleMeters(a, b)).toBeCloseTo(greatCircleMeters(b, a), 9);
    expect(greatCircleMeters(a, b)).toBeLessThan(120_000);
    expect(greatCircleMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(
      Math.PI * 6_371_000,
      0,
    );
  });
});

describe('estimateLeg', () => {
  it('drives the straight line at 50 km/h and says it is an estimate', () => {
    const from = { lat: 0, lng: 0 };
    const to = { lat: 0.5, lng: 0 };
    const leg = estimateLeg(from, to);
    expect(leg.estimated).toBe(true);
    expect(leg.distance).toBeCloseTo(55_597.46, 1);
    expect(leg.duration).toBeCloseTo(leg.distance / (50_000 / 3600), 9);
    expect(FALLBACK_SPEED_METERS_PER_SECOND).toBeCloseTo(13.8889, 4);
    expect(leg.coordinates).toEqual([
      [0, 0],
      [0.5, 0],
    ]);
  });
});

describe('sumLegs and legPairs', () => {
  it('adds distances and durations', () => {
    expect(
      sumLegs([
        { distance: 100, duration: 10 },
        { distance: 50.5, duration: 4 },
      ]),
    ).toEqual({ totalDistance: 150.5, totalDuration: 14 });
    expect(sumLegs([])).toEqual({ totalDistance: 0, totalDuration: 0 });
  });

  it('pairs consecutive stops', () => {
    expect(legPairs([1, 2, 3])).toEqual([
      [1, 2],
      [2, 3],
    ]);
    expect(legPairs([1])).toEqual([]);
  });
});
