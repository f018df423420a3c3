import { describe, expect, it } from 'vitest';
import { parseTypedCoordinates } from './coordinates';

describe('coordinates typed into the search box', () => {
  it.each([
    ['48.8584, 2.2945', { lat: 48.8584, lng: 2.2945 }],
    ['48.8584,2.2945', { lat: 48.8584, lng: 2.2945 }],
    ['  -33.8568 151.2153 ', { lat: -33.8568, lng: 151.2153 }],
    ['48,8584, 2,2945', { lat: 48.8584, lng: 2.2945 }],
    ['48,8584; 2,2945', { lat: 48.8584, lng: 2.2945 }],
    ['48,8584 2,2945', { lat: 48.8584, lng: 2.2945 }],
    ['40.7128;-74.0060', { lat: 40.7128, lng: -74.006 }],
    ['geo:48.8584,2.2945', { lat: 48.8584, lng: 2.2945 }],
    ['GEO:48.8584,2.2945,35;u=10', { lat: 48.8584, lng: 2.2945 }],
    ['+45, -120', { lat: 45, lng: -120 }],
  ])('reads %j', (text, point) => {
    expect(parseTypedCoordinates(text)).toEqual(point);
  });

  it.each([
    'Paris',
    '10 Downing Street',
    '91, 10',
    '45, 181',
    '48.8584',
    '48.8584, 2.2945, 3',
    'geo:abc',
    '1e3, 2',
    '',
    '75001 Paris',
  ])('leaves %j to the address search', (text) => {
    expect(parseTypedCoordinates(text)).toBeNull();
  });
});
