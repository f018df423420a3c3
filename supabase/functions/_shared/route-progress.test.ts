import { describe, expect, it } from 'vitest';
import { driveAnswer, routeProgress, totalCounts } from './route-progress.ts';
import type { OwnedReport } from './driver-store.ts';
import type { Itinerary } from './itinerary-store.ts';

const stops = [
  { id: 's1', name: 'Depot', lat: 48.86, lng: 2.35, note: 'Gate 4' },
  { id: 's2', name: 'Pharmacy', lat: 48.87, lng: 2.34, window: { start: '09:00', end: '10:00' } },
  { id: 's3', name: 'Bakery', lat: 48.85, lng: 2.36, serviceMinutes: 5 },
];
const itinerary: Itinerary = {
  id: 'r1',
  title: 'Monday',
  stops,
  total_distance: 1000,
  total_duration: 600,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  day_plan: { departure: '2026-03-02T08:00+01:00', timeZone: 'Europe/Paris' },
  day_group: 'g1',
};
const times = {
  arrivals: [
    Date.parse('2026-03-02T07:00:00Z'),
    Date.parse('2026-03-02T08:10:00Z'),
    Date.parse('2026-03-02T08:30:00Z'),
  ],
  finish: Date.parse('2026-03-02T08:40:00Z'),
};
const report = (
  fields: Partial<OwnedReport> & Pick<OwnedReport, 'id' | 'stopId' | 'at'>,
): OwnedReport => ({
  status: 'delivered',
  receivedAt: fields.at,
  farFromStop: false,
  hasPhoto: false,
  hasSignature: false,
  itineraryId: 'r1',
  rank: 1,
  ...fields,
});

describe('routeProgress', () => {
  const reports = [
    report({
      id: 'x2',
      stopId: 's2',
      at: '2026-03-02T08:30:00.000Z',
      position: { lat: 48.87, lng: 2.34, accuracy: 5 },
    }),
    report({
      id: 'x1',
      stopId: 's2',
      status: 'failed',
      reason: 'refused',
      at: '2026-03-02T08:25:00.000Z',
      rank: 2,
    }),
    report({ id: 'y', stopId: 's1', at: '2026-03-02T07:00:00.000Z' }),
    report({ id: 'old', stopId: 'removed', status: 'skipped', at: '2026-03-02T09:00:00.000Z' }),
  ];
  const progress = routeProgress(itinerary, reports, times);

  it('gives every stop of the route its latest report and the earlier ones, newest first', () => {
    expect(
      progress.stops.map((stop) => [stop.id, stop.report?.id, stop.history.map((r) => r.id)]),
    ).toEqual([
      ['s1', 'y', []],
      ['s2', 'x2', ['x1']],
      ['s3', undefined, []],
    ]);
    expect(progress.stops[1].report).not.toHaveProperty('rank');
    expect(progress.stops[1].report).not.toHaveProperty('itineraryId');
  });

  it('counts the deliveries on the route only, and says where and when the driver last reported', () => {
    // s1 is the start: its report is shown, not counted.
    expect(progress.counts).toEqual({ delivered: 1, failed: 0, skipped: 0, toDo: 1, total: 2 });
    expect(progress.lastReport).toEqual({ at: '2026-03-02T08:30:00.000Z', stopId: 's2' });
    expect(progress.lastPosition).toEqual({
      lat: 48.87,
      lng: 2.34,
      accuracy: 5,
      at: '2026-03-02T08:30:00.000Z',
    });
  });

  it('runs 20 minutes late at the last report: the finish moves with it', () => {
    expect(progress).toMatchObject({
      itineraryId: 'r1',
      dayGroup: 'g1',
      timeZone: 'Europe/Paris',
      departure: '2026-03-02T08:00+01:00',
      delayMinutes: 20,
      plannedFinish: '2026-03-02T08:40:00.000Z',
      predictedFinish: '2026-03-02T09:00:00.000Z',
    });
    expect(progress.stops[1]).toMatchObject({
      eta: '2026-03-02T08:10:00.000Z',
      window: stops[1].window,
    });
  });

  it('a route without times or reports has none of them', () => {
    const plain = routeProgress(
      { ...itinerary, day_plan: undefined, day_group: undefined },
      [],
      null,
    );
    expect(plain).toEqual({
      itineraryId: 'r1',
      title: 'Monday',
      stops: stops.map(({ id, name, lat, lng, note, window, serviceMinutes }) => ({
        id,
        name,
        lat,
        lng,
        ...(note ? { note } : {}),
        ...(window ? { window } : {}),
        ...(serviceMinutes !== undefined ? { serviceMinutes } : {}),
        history: [],
      })),
      counts: { delivered: 0, failed: 0, skipped: 0, toDo: 2, total: 2 },
    });
  });
});

describe('driveAnswer', () => {
  it('shows each stop with its notes, planned time and latest report', () => {
    const latest = report({ id: 'y', stopId: 's1', at: '2026-03-02T07:00:00.000Z' });
    const { itineraryId: _i, rank: _r, ...plain } = latest;
    const answer = driveAnswer(
      {
        title: 'Monday',
        stops,
        day_plan: itinerary.day_plan,
        reports: [plain],
        version: '2026-03-01T18:00:00.000Z',
      },
      times,
    );
    expect(answer.version).toBe('2026-03-01T18:00:00.000Z');
    expect(answer.stops[0]).toEqual({
      ...stops[0],
      eta: '2026-03-02T07:00:00.000Z',
      report: plain,
    });
    expect(answer.stops[1]).not.toHaveProperty('report');
  });
});

describe('totalCounts', () => {
  it('adds the counts of several routes', () => {
    const one = { delivered: 1, failed: 2, skipped: 0, toDo: 3, total: 6 };
    expect(totalCounts([one, one])).toEqual({
      delivered: 2,
      failed: 4,
      skipped: 0,
      toDo: 6,
      total: 12,
    });
  });
});
