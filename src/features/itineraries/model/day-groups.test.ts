import { describe, expect, it } from 'vitest';
import type { ItinerarySummary } from '@/lib/itineraries';
import { firstDeparting, groupByDay } from './day-groups';

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

describe('firstDeparting', () => {
  const leaving = (id: string, title: string, departure?: string): ItinerarySummary => ({
    ...route(id, title, 'g1'),
    ...(departure ? { day_plan: { departure, timeZone: 'Europe/Paris' } } : {}),
  });

  it('is the plan of the route that leaves first, whatever its title', () => {
    const day = [
      leaving('d1', 'Driver 1', '2030-03-04T09:30+01:00'),
      leaving('d2', 'Driver 2'),
      // 06:45 UTC is 07:45 in Paris: before 08:00 there.
      leaving('d3', 'Driver 3', '2030-03-04T06:45Z'),
      leaving('d4', 'Driver 4', '2030-03-04T08:00+01:00'),
    ];
    expect(firstDeparting(day)?.departure).toBe('2030-03-04T06:45Z');
  });

  it('is undefined when no route has a departure', () => {
    expect(firstDeparting([leaving('d1', 'Driver 1'), route('d2', 'Driver 2')])).toBeUndefined();
  });
});
