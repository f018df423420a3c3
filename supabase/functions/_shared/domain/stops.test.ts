import { describe, expect, it } from 'vitest';
import {
  autoTitle,
  fallbackStopName,
  isLatitude,
  isLongitude,
  isStopId,
  truncateStopName,
  withStopId,
  withStopIds,
} from './stops.ts';

describe('autoTitle', () => {
  it('names a route by its stops', () => {
    expect(autoTitle([])).toBe('New Route');
    expect(autoTitle([{ name: 'Lyon, Auvergne-Rhône-Alpes, France' }])).toBe('Trip to Lyon');
    expect(
      autoTitle([{ name: 'Paris, France' }, { name: 'Dijon' }, { name: 'Lyon, France' }]),
    ).toBe('Paris to Lyon');
  });

  it('trims the part before the first comma', () => {
    expect(autoTitle([{ name: '  Times Square , New York' }])).toBe('Trip to Times Square');
  });
});

describe('stop names', () => {
  it('cuts names to 100 characters plus an ellipsis', () => {
    expect(truncateStopName('a'.repeat(100))).toBe('a'.repeat(100));
    expect(truncateStopName('a'.repeat(101))).toBe(`${'a'.repeat(100)}...`);
  });

  it('does not split a character made of two UTF-16 units', () => {
    const name = `${'a'.repeat(99)}😀😀`;
    expect(truncateStopName(name)).toBe(`${'a'.repeat(99)}😀...`);
  });

  it('names an unnamed point by its coordinates with 4 decimals', () => {
    expect(fallbackStopName(40.712812, -74.00601)).toBe('Location 40.7128, -74.0060');
  });
});

describe('coordinate bounds', () => {
  it('accepts the closed ranges and nothing else', () => {
    expect([-90, 0, 90].every(isLatitude)).toBe(true);
    expect([-90.0001, 91, Number.NaN, Infinity, '1', null].some(isLatitude)).toBe(false);
    expect([-180, 180].every(isLongitude)).toBe(true);
    expect([180.1, -181, Number.NaN].some(isLongitude)).toBe(false);
  });
});

describe('stop ids', () => {
  const paris = { name: 'Paris', lat: 48.85, lng: 2.35 };
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('keeps the id a stop has and gives one to a stop without', () => {
    expect(withStopId({ id, ...paris })).toEqual({ id, ...paris });
    const given = withStopId(paris);
    expect(isStopId(given.id)).toBe(true);
    expect(Object.keys(given)[0]).toBe('id');
  });

  it('replaces an id that is not a lowercase UUID or that a stop before it has', () => {
    const [first, second, third] = withStopIds([
      { id, ...paris },
      { id, ...paris },
      { id: 'stop-3', ...paris },
    ]);
    expect(first.id).toBe(id);
    expect(second.id).not.toBe(id);
    expect(isStopId(third.id)).toBe(true);
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
  });

  it('leaves a list whose stops all have ids as it is, stop for stop', () => {
    const stops = [{ id, ...paris }];
    expect(withStopIds(stops)[0]).toBe(stops[0]);
  });
});
