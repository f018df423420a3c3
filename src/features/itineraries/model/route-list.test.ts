import { describe, expect, it } from 'vitest';
import type { Itinerary } from '@/lib/itineraries';
import { copyTitle, duplicateInput } from './route-list';

const route = (id: string, title: string, created: string, distance: number, stops = ['A']) =>
  ({
    id,
    title,
    stops: stops.map((name) => ({ name, lat: 1, lng: 2 })),
    total_distance: distance,
    total_duration: 1,
    created_at: created,
  }) as Itinerary;

describe('copyTitle', () => {
  it('names a copy in the user’s words, within 200 characters', () => {
    const pattern = (title: string) => `${title} (copy)`;
    expect(copyTitle('Errands', pattern)).toBe('Errands (copy)');
    const long = copyTitle('x'.repeat(200), pattern);
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('… (copy)')).toBe(true);
  });
});

describe('duplicateInput', () => {
  it('copies the stops with their notes and working day, and the day plan, but nothing done', () => {
    const driven = {
      ...route('a', 'Bakery round', '2025-03-02T10:00:00Z', 12_000),
      stops: [
        { name: 'Bakery', lat: 1, lng: 2, note: 'Side door', status: 'done', serviceMinutes: 10 },
        { name: 'Café', lat: 3, lng: 4, status: 'skipped', lock: 'last' },
        { name: 'Office', lat: 5, lng: 6 },
      ],
      day_plan: { departure: '2025-03-03T08:00+01:00', defaultServiceMinutes: 5 },
    } as Itinerary;
    expect(duplicateInput(driven, 'Bakery round (copy)')).toEqual({
      title: 'Bakery round (copy)',
      stops: [
        { name: 'Bakery', lat: 1, lng: 2, note: 'Side door', serviceMinutes: 10 },
        { name: 'Café', lat: 3, lng: 4, lock: 'last' },
        { name: 'Office', lat: 5, lng: 6 },
      ],
      day_plan: { departure: '2025-03-03T08:00+01:00', defaultServiceMinutes: 5 },
    });
    // The original is left as it was.
    expect(driven.stops[0].status).toBe('done');
    expect(duplicateInput(route('b', 'Plain', '2025-03-02T10:00:00Z', 0), 'Plain (copy)')).toEqual({
      title: 'Plain (copy)',
      stops: [{ name: 'A', lat: 1, lng: 2 }],
    });
  });
});
