import { describe, expect, it } from 'vitest';
import { wazeLinks } from './waze-links';

describe('wazeLinks', () => {
  it('builds the web and app links with 6 decimals', () => {
    expect(wazeLinks({ lat: 48.8534951, lng: 2.3483918 })).toEqual({
      webUrl: 'https://waze.com/ul?ll=48.853495,2.348392&navigate=yes',
      appUrl: 'waze://?ll=48.853495,2.348392&navigate=yes',
    });
  });

  it('pads short coordinates and keeps signs', () => {
    expect(wazeLinks({ lat: -33.9, lng: -70 }).webUrl).toBe(
      'https://waze.com/ul?ll=-33.900000,-70.000000&navigate=yes',
    );
    expect(wazeLinks({ lat: 0, lng: 0 }).appUrl).toBe('waze://?ll=0.000000,0.000000&navigate=yes');
  });

  it('never writes a negative zero', () => {
    expect(wazeLinks({ lat: -0.0000001, lng: -0 }).webUrl).toBe(
      'https://waze.com/ul?ll=0.000000,0.000000&navigate=yes',
    );
  });

  it('accepts the edges of the valid range', () => {
    expect(wazeLinks({ lat: 90, lng: -180 }).webUrl).toBe(
      'https://waze.com/ul?ll=90.000000,-180.000000&navigate=yes',
    );
    expect(wazeLinks({ lat: -90, lng: 180 }).appUrl).toBe(
      'waze://?ll=-90.000000,180.000000&navigate=yes',
    );
  });

  it.each([
    [Number.NaN, 0],
    [0, Number.NaN],
    [Number.POSITIVE_INFINITY, 0],
    [0, Number.NEGATIVE_INFINITY],
    [90.0001, 0],
    [-91, 0],
    [0, 180.5],
    [0, -181],
  ])('rejects %s, %s', (lat, lng) => {
    expect(() => wazeLinks({ lat, lng })).toThrow(RangeError);
  });

  it('rejects values that are not numbers at all', () => {
    expect(() => wazeLinks({ lat: '48.85' as unknown as number, lng: 2.35 })).toThrow(RangeError);
  });
});
