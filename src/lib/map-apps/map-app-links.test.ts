import { describe, expect, it } from 'vitest';
import { directionsUrl, isMapApp } from './map-app-links';

const LYON = { lat: 45.764043, lng: 4.835659 };

describe('directionsUrl', () => {
  it('asks each app for driving directions to the point, to 6 decimals', () => {
    expect(directionsUrl('waze', LYON)).toBe(
      'https://waze.com/ul?ll=45.764043,4.835659&navigate=yes',
    );
    expect(directionsUrl('google', LYON)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=45.764043,4.835659&travelmode=driving',
    );
    expect(directionsUrl('apple', { lat: -33.8688, lng: 151.2093 })).toBe(
      'https://maps.apple.com/?daddr=-33.868800,151.209300&dirflg=d',
    );
  });

  it('refuses a point that is not on the map', () => {
    expect(() => directionsUrl('google', { lat: 91, lng: 0 })).toThrow(RangeError);
    expect(() => directionsUrl('apple', { lat: 0, lng: Number.NaN })).toThrow(RangeError);
  });

  it('knows the apps by name', () => {
    expect(['waze', 'google', 'apple'].every(isMapApp)).toBe(true);
    expect(isMapApp('here')).toBe(false);
  });
});
