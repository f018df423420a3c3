import { describe, expect, it } from 'vitest';
import { MIN_STOPS, formatPercentSaved, reorder, sameStops } from './presentation.ts';

describe('formatPercentSaved', () => {
  it('gives the saving in percent with at most one decimal', () => {
    expect(formatPercentSaved(1000, 750, 'en')).toBe('25');
    expect(formatPercentSaved(3000, 2000, 'en')).toBe('33.3');
    expect(formatPercentSaved(0, 0, 'en')).toBe('0');
    expect(formatPercentSaved(3000, 2000, 'fr')).toBe('33,3');
    expect(formatPercentSaved(3000, 2000, 'en')).toBe('33.3');
  });
});

describe('stops helpers', () => {
  const a = { name: 'A', lat: 1, lng: 2 };
  const b = { name: 'B', lat: 3, lng: 4 };
  it('reorders by indices', () => {
    expect(reorder([a, b], [1, 0])).toEqual([b, a]);
  });
  it('compares stop lists by value and order', () => {
    expect(sameStops([a, b], [{ ...a }, { ...b }])).toBe(true);
    expect(sameStops([a, b], [b, a])).toBe(false);
    expect(sameStops([a], [a, b])).toBe(false);
  });
  it('needs 3 stops from a fixed start and 4 otherwise', () => {
    expect(MIN_STOPS).toEqual({ 'fixed-start': 3, 'fixed-start-end': 4, 'round-trip': 4 });
  });
});
