import { describe, expect, it } from 'vitest';
import { endLegKey, endLegPoints } from './end-leg';

const stops = [
  { name: 'Depot', lat: 48.85, lng: 2.35 },
  { name: 'Bakery', lat: 48.86, lng: 2.36 },
];

describe('the leg after the last stop of a shared day', () => {
  it('goes from the last stop back to the start when the day ends there', () => {
    const key = endLegKey({
      stops,
      day_plan: { departure: '2026-03-02T08:00Z', end: 'start' },
    });
    expect(endLegPoints(key)).toEqual([
      { lat: 48.86, lng: 2.36 },
      { lat: 48.85, lng: 2.35 },
    ]);
  });

  it('is none without a day, without stops, or when the day ends at the last stop', () => {
    expect(endLegKey({ stops })).toBe('');
    expect(
      endLegKey({ stops: [], day_plan: { departure: '2026-03-02T08:00Z', end: 'start' } }),
    ).toBe('');
    expect(
      endLegKey({ stops, day_plan: { departure: '2026-03-02T08:00Z', end: 'last-stop' } }),
    ).toBe('');
    expect(endLegPoints('')).toEqual([]);
  });
});
