import { describe, expect, it } from 'vitest';
import { searchBias } from './bias';

const hartfordView = {
  center: { lat: 41.76, lng: -72.67 },
  zoom: 12,
  bounds: { south: 41.7, west: -72.8, north: 41.82, east: -72.55 },
};

describe('searchBias', () => {
  it('prefers the user’s position when the map shows it, with the view’s zoom', () => {
    expect(searchBias(hartfordView, { lat: 41.77, lng: -72.6 })).toEqual({
      lat: 41.77,
      lng: -72.6,
      zoom: 12,
    });
  });

  it('prefers the view’s centre when the user is elsewhere', () => {
    expect(searchBias(hartfordView, { lat: 48.85, lng: 2.35 })).toEqual({
      lat: 41.76,
      lng: -72.67,
      zoom: 12,
    });
    expect(searchBias(hartfordView, null)).toEqual({ lat: 41.76, lng: -72.67, zoom: 12 });
  });

  it('ignores a view of a continent or the world, and needs one of the two', () => {
    const world = { ...hartfordView, zoom: 3 };
    expect(searchBias(world, { lat: 48.85, lng: 2.35 })).toEqual({ lat: 48.85, lng: 2.35 });
    expect(searchBias(world, null)).toBeNull();
    expect(searchBias(null, null)).toBeNull();
  });
});
