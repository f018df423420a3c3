import { describe, expect, it } from 'vitest';
import { driveRouteSchema, routeProgressSchema } from './schemas';

const report = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  stopId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  status: 'failed',
  reason: 'nobody-there',
  at: '2026-03-02T09:05:00.000Z',
  receivedAt: '2026-03-02T09:05:01.000Z',
  position: { lat: 48.87, lng: 2.34, accuracy: 8 },
  distanceMeters: 11,
  farFromStop: false,
  hasPhoto: true,
  hasSignature: false,
};
const stop = {
  id: report.stopId,
  name: 'Pharmacy',
  lat: 48.87,
  lng: 2.34,
  eta: '2026-03-02T08:10:00.000Z',
  window: { start: '09:00', end: '10:00' },
};

describe('driver report answers', () => {
  it('reads the driver’s page, and refuses a report whose status is off the list', () => {
    const page = { title: 'Monday', timeZone: 'Europe/Paris', stops: [{ ...stop, report }] };
    expect(driveRouteSchema.parse(page)).toEqual(page);
    expect(
      driveRouteSchema.safeParse({
        ...page,
        stops: [{ ...stop, report: { ...report, status: 'lost' } }],
      }).success,
    ).toBe(false);
  });

  it('reads a route’s progress with the proofs’ links', () => {
    const progress = {
      itineraryId: 'r1',
      title: 'Monday',
      stops: [{ ...stop, report: { ...report, photoUrl: 'https://x/y' }, history: [report] }],
      counts: { delivered: 0, failed: 1, skipped: 0, toDo: 0, total: 1 },
      lastReport: { at: report.at, stopId: report.stopId },
      delayMinutes: 55,
    };
    expect(routeProgressSchema.parse(progress)).toEqual(progress);
  });
});
