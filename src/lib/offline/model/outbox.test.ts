import { describe, expect, it } from 'vitest';
import type { Stop } from '@domain/stops.ts';
import {
  mergeRoadChanges,
  planSync,
  queueChange,
  sameStopList,
  type ServerItinerary,
} from './outbox';

const STOPS: Stop[] = [
  { name: 'A', lat: 1, lng: 1 },
  { name: 'B', lat: 2, lng: 2, note: 'code 12' },
];
const server = (stops = STOPS, updated_at = 't1'): ServerItinerary => ({
  id: '7',
  title: 'T',
  stops,
  updated_at,
});

describe('outbox model', () => {
  it('a new entry is based on the version shown; later changes keep that base and bump the revision', () => {
    const first = queueChange(
      undefined,
      server(),
      [{ ...STOPS[0], status: 'done' }, STOPS[1]],
      1000,
    );
    expect(first).toMatchObject({
      itineraryId: '7',
      baseUpdatedAt: 't1',
      baseStops: STOPS,
      revision: 1,
      queuedAt: 1000,
    });
    const second = queueChange(first, server(STOPS, 't9'), STOPS, 2000);
    expect(second).toMatchObject({
      baseUpdatedAt: 't1',
      stops: STOPS,
      revision: 2,
      queuedAt: 1000,
    });
  });

  it('stop identity is name and place, in order; notes and statuses do not count', () => {
    expect(
      sameStopList(STOPS, [
        { ...STOPS[0], status: 'done' },
        { ...STOPS[1], note: 'other' },
      ]),
    ).toBe(true);
    expect(sameStopList(STOPS, [STOPS[1], STOPS[0]])).toBe(false);
    expect(sameStopList(STOPS, [{ ...STOPS[0], name: 'A2' }, STOPS[1]])).toBe(false);
    expect(sameStopList(STOPS, STOPS.slice(0, 1))).toBe(false);
  });

  it('merging removes a field the driver cleared and keeps fields the driver left alone', () => {
    const base = [{ ...STOPS[0], status: 'done' as const }, STOPS[1]];
    const local = [STOPS[0], STOPS[1]];
    const remote = [
      { ...STOPS[0], status: 'done' as const, note: 'new' },
      { ...STOPS[1], status: 'skipped' as const },
    ];
    expect(mergeRoadChanges(remote, base, local)).toEqual([
      { ...STOPS[0], note: 'new' },
      { ...STOPS[1], status: 'skipped' },
    ]);
    expect(mergeRoadChanges([STOPS[1], STOPS[0]], base, local)).toBeNull();
  });

  it('carries each stop’s time at stop, window and lock: the driver’s changes merge onto them', () => {
    const day: Stop[] = [
      { ...STOPS[0], lock: 'first' },
      { ...STOPS[1], serviceMinutes: 10, window: { start: '09:00', end: '10:00' } },
    ];
    const entry = queueChange(undefined, server(day), [day[0], { ...day[1], status: 'done' }], 0);
    // Sent as it is when the server still has the version the change was made on.
    expect(planSync(entry, server(day))).toEqual({ kind: 'put', stops: entry.stops });
    // The window moved elsewhere meanwhile: the server's window stays, the driver's status lands.
    const moved = [day[0], { ...day[1], window: { start: '10:00', end: '11:00' } }];
    expect(planSync(entry, server(moved, 't2'))).toEqual({
      kind: 'put',
      stops: [day[0], { ...moved[1], status: 'done' }],
    });
  });

  it('plans a put, nothing, or a conflict', () => {
    const entry = queueChange(undefined, server(), [{ ...STOPS[0], status: 'done' }, STOPS[1]], 0);
    expect(planSync(entry, server())).toEqual({ kind: 'put', stops: entry.stops });
    expect(planSync(entry, server(entry.stops, 't2'))).toEqual({ kind: 'already-saved' });
    expect(planSync(entry, server([STOPS[0]], 't2'))).toEqual({ kind: 'conflict' });
  });
});
