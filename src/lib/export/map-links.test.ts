import { describe, expect, it } from 'vitest';
import { appleMapsLinks, GOOGLE_MAX_WAYPOINTS, googleMapsLinks, splitIntoParts } from './map-links';

const stops = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ lat: 45 + index / 100, lng: 4.5 + index / 1000 }));
const paramsOf = (url: string) => new URL(url).searchParams;

describe('splitIntoParts', () => {
  it('cuts a route into consecutive parts that share their end stop', () => {
    expect(splitIntoParts(15, 11)).toEqual([
      { first: 0, last: 10 },
      { first: 10, last: 14 },
    ]);
    expect(splitIntoParts(11, 11)).toEqual([{ first: 0, last: 10 }]);
    expect(splitIntoParts(21, 11)).toEqual([
      { first: 0, last: 10 },
      { first: 10, last: 20 },
    ]);
    expect(splitIntoParts(22, 11)).toEqual([
      { first: 0, last: 10 },
      { first: 10, last: 20 },
      { first: 20, last: 21 },
    ]);
    expect(splitIntoParts(1, 11)).toEqual([{ first: 0, last: 0 }]);
    expect(splitIntoParts(0, 11)).toEqual([]);
  });
});

describe('googleMapsLinks', () => {
  it('puts up to 11 stops in one directions link', () => {
    const [link, ...rest] = googleMapsLinks(stops(3));
    expect(rest).toEqual([]);
    expect(link.url).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=45%2C4.5&destination=45.02%2C4.502&waypoints=45.01%2C4.501&travelmode=driving',
    );
    expect(link).toMatchObject({ firstStop: 1, lastStop: 3 });
  });

  it('splits a 15-stop route into legs of at most 9 waypoints, each leg starting where the last ended', () => {
    const route = stops(15);
    const links = googleMapsLinks(route);
    expect(links.map(({ firstStop, lastStop }) => [firstStop, lastStop])).toEqual([
      [1, 11],
      [11, 15],
    ]);
    const [first, second] = links.map((link) => paramsOf(link.url));
    expect(first.get('origin')).toBe('45,4.5');
    expect(first.get('waypoints')?.split('|')).toHaveLength(GOOGLE_MAX_WAYPOINTS);
    expect(first.get('destination')).toBe('45.1,4.51');
    expect(second.get('origin')).toBe(first.get('destination'));
    expect(second.get('waypoints')?.split('|')).toEqual([
      '45.11,4.511',
      '45.12,4.512',
      '45.13,4.513',
    ]);
    expect(second.get('destination')).toBe('45.14,4.514');
    expect(links.every((link) => paramsOf(link.url).get('travelmode') === 'driving')).toBe(true);
  });

  it('visits every stop exactly once across the parts of a 200-stop route', () => {
    const route = stops(200);
    const visited = googleMapsLinks(route).flatMap((link, index) => {
      const params = paramsOf(link.url);
      const points = [...(params.get('waypoints')?.split('|') ?? []), params.get('destination')!];
      return index === 0 ? [params.get('origin')!, ...points] : points;
    });
    expect(visited).toEqual(
      route.map(({ lat, lng }) => `${Number(lat.toFixed(6))},${Number(lng.toFixed(6))}`),
    );
  });

  it('sends a single stop as the destination from where the user is', () => {
    const [link] = googleMapsLinks([{ lat: 48.8566, lng: 2.3522 }]);
    expect(link.url).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=48.8566%2C2.3522&travelmode=driving',
    );
    expect(googleMapsLinks([])).toEqual([]);
  });
});

describe('appleMapsLinks', () => {
  it('gives one driving link per leg, start and destination', () => {
    const links = appleMapsLinks(stops(3));
    expect(links.map((link) => link.url)).toEqual([
      'https://maps.apple.com/?saddr=45%2C4.5&daddr=45.01%2C4.501&dirflg=d',
      'https://maps.apple.com/?saddr=45.01%2C4.501&daddr=45.02%2C4.502&dirflg=d',
    ]);
    expect(links.map(({ firstStop, lastStop }) => [firstStop, lastStop])).toEqual([
      [1, 2],
      [2, 3],
    ]);
    expect(appleMapsLinks([{ lat: -33.8688, lng: 151.2093 }])[0].url).toBe(
      'https://maps.apple.com/?daddr=-33.8688%2C151.2093&dirflg=d',
    );
  });
});
