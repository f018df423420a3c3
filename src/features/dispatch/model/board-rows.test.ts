import { describe, expect, it } from 'vitest';
import type { RouteProgress } from '@/lib/driver-reports';
import { boardRows } from './board-rows';
import { dayReportCsv, spreadsheetTime, type DayReportTexts } from './day-report-csv';

const route: RouteProgress = {
  itineraryId: 'r1',
  title: 'Monday — Driver 1',
  counts: { delivered: 1, failed: 1, skipped: 0, toDo: 1, total: 3 },
  stops: [
    {
      id: 's1',
      name: 'Bakery, 1 Main St',
      lat: 48.8566,
      lng: 2.3522,
      eta: '2026-03-02T08:00:00Z',
      report: {
        id: 'x1',
        stopId: 's1',
        status: 'delivered',
        receivedAt: '2026-03-02T08:12:05Z',
        at: '2026-03-02T08:12:00Z',
        note: '=HYPERLINK("http://evil")',
        // About 20 m north of the stop.
        position: { lat: 48.85678, lng: 2.3522, accuracy: 8 },
        distanceMeters: 20.4,
        farFromStop: false,
        photoUrl: 'https://storage.example/signed/photo.jpg',
      },
      history: [],
    },
    {
      id: 's2',
      name: 'Pharmacy',
      lat: 48.86,
      lng: 2.36,
      eta: '2026-03-02T09:00:00Z',
      report: {
        id: 'x2',
        stopId: 's2',
        status: 'failed',
        receivedAt: '2026-03-02T09:20:05Z',
        reason: 'nobody-there',
        at: '2026-03-02T09:20:00Z',
        position: { lat: 48.87, lng: 2.36, accuracy: 20 },
        distanceMeters: 1112,
        farFromStop: true,
      },
      history: [],
    },
    { id: 's3', name: 'Depot', lat: 48.85, lng: 2.35, history: [] },
  ],
};

const texts: DayReportTexts = {
  headers: {
    driver: 'Driver',
    number: 'No.',
    stop: 'Stop',
    planned: 'Planned (Europe/Paris)',
    actual: 'Reported (Europe/Paris)',
    status: 'Status',
    reason: 'Reason',
    note: 'Note',
    latitude: 'Latitude',
    longitude: 'Longitude',
    accuracy: 'Accuracy (m)',
    distance: 'Distance from the stop (m)',
    far: 'Far from the stop',
    proofs: 'Proofs',
    tracking: 'Tracking link',
  },
  status: (status) =>
    ({
      delivered: 'Delivered',
      failed: 'Failed',
      skipped: 'Skipped',
      todo: 'To do',
      start: 'Start',
    })[status],
  reason: (reason) => (reason === 'nobody-there' ? 'Nobody there' : reason),
  yes: 'yes',
};

describe('boardRows', () => {
  it('gives every stop its plan, its report, the server’s distance from the stop and far flag', () => {
    const [bakery, pharmacy, depot] = boardRows([route]);
    expect(bakery).toMatchObject({
      driver: 'Monday — Driver 1',
      number: 1,
      status: 'delivered',
      distance: 20,
      far: false,
      photo: 'https://storage.example/signed/photo.jpg',
    });
    expect(pharmacy).toMatchObject({
      status: 'failed',
      reason: 'nobody-there',
      distance: 1112,
      far: true,
    });
    expect(depot).toMatchObject({
      status: 'todo',
      planned: null,
      reportedAt: null,
      distance: null,
    });
  });

  it('shows the start (stop 1) as such until it has a report, never as to do', () => {
    const [start, next] = boardRows([{ ...route, stops: [route.stops[2], route.stops[0]] }]);
    expect(start).toMatchObject({ number: 1, status: 'start' });
    expect(next).toMatchObject({ number: 2, status: 'delivered' });
  });
});

describe('dayReportCsv', () => {
  it('writes one row per stop in the user’s words and time zone, formulas as text', () => {
    const csv = dayReportCsv(
      boardRows([route]),
      texts,
      'Europe/Paris',
      (row) => `https://app/board/route/${row.routeId}#stop-${row.stopId}`,
      (row) => (row.stopId === 's3' ? 'https://app/track/t3' : ''),
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'Driver,No.,Stop,Planned (Europe/Paris),Reported (Europe/Paris),Status,Reason,Note,Latitude,Longitude,Accuracy (m),Distance from the stop (m),Far from the stop,Proofs,Tracking link',
    );
    expect(lines[1]).toBe(
      `Monday — Driver 1,1,"Bakery, 1 Main St",2026-03-02 09:00,2026-03-02 09:12,Delivered,,"'=HYPERLINK(""http://evil"")",48.85678,2.3522,8,20,,https://app/board/route/r1#stop-s1,`,
    );
    expect(lines[2]).toContain(',Failed,Nobody there,,');
    expect(lines[2]).toContain(',yes,');
    expect(lines[3]).toBe('Monday — Driver 1,3,Depot,,,To do,,,,,,,,,https://app/track/t3');
  });

  it('writes times on a 24-hour clock in the zone it is given', () => {
    expect(spreadsheetTime(Date.parse('2026-07-01T23:30:00Z'), 'America/New_York')).toBe(
      '2026-07-01 19:30',
    );
    expect(spreadsheetTime(Date.parse('2026-07-01T23:30:00Z'), 'Asia/Tokyo')).toBe(
      '2026-07-02 08:30',
    );
  });
});
