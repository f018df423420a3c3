import { describe, expect, it } from 'vitest';
import type { ItinerarySummary } from '@/lib/itineraries';
import { groupByDay } from './day-groups';

const route = (id: string, title: string, day_group?: string): ItinerarySummary => ({
  id,
  title,
  stop_count: 0,
  created_at: '2030-03-01T10:00:00Z',
  ...(day_group ? { day_group } : {}),
});

describe('groupByDay', () => {
  it('puts the routes of one day together where the first of them is, in title order', () => {
    const routes = [
      route('a', 'Plain'),
      route('d10', 'Monday — Driver 10', 'g1'),
      route('b', 'Another'),
      route('d2', 'Monday — Driver 2', 'g1'),
      route('d1', 'Monday — Driver 1', 'g1'),
    ];
    const entries = groupByDay(routes, 'en');
    expect(entries.map((entry) => entry.kind)).toEqual(['route', 'day', 'route']);
    const day = entries[1];
    expect(day.kind === 'day' && day.itineraries.map((itinerary) => itinerary.id)).toEqual([
      'd1',
      'd2',
      'd10',
    ]);
    expect(day.kind === 'day' && day.group).toBe('g1');
  });

  it('keeps two days apart, and a day with one route in view is a plain route', () => {
    const entries = groupByDay(
      [
        route('x1', 'X — Driver 1', 'gx'),
        route('y1', 'Y — Driver 1', 'gy'),
        route('x2', 'X — Driver 2', 'gx'),
        route('z1', 'Z — Driver 1', 'gz'),
      ],
      'en',
    );
    expect(
      entries.map((entry) =>
        entry.kind === 'day' ? entry.itineraries.map((i) => i.id) : entry.itinerary.id,
      ),
    ).toEqual([['x1', 'x2'], 'y1', 'z1']);
  });

  it('leaves routes without a day as they are', () => {
    const routes = [route('a', 'A'), route('b', 'B')];
    expect(groupByDay(routes, 'en')).toEqual([
      { kind: 'route', itinerary: routes[0] },
      { kind: 'route', itinerary: routes[1] },
    ]);
  });
});
