import { describe, expect, it } from 'vitest';
import type { Stop } from '@domain/stops.ts';
import { currentStopIndex, stopProgressView, withoutStatuses, withStopStatus } from './stop-status';

const stops: Stop[] = [
  { name: 'A', lat: 1, lng: 1, note: 'Door code 1234' },
  { name: 'B', lat: 2, lng: 2 },
  { name: 'C', lat: 3, lng: 3 },
];

describe('stop status', () => {
  it('the current stop is the first one neither done nor skipped', () => {
    expect(currentStopIndex(stops)).toBe(0);
    const firstDone = withStopStatus(stops, 0, 'done');
    expect(currentStopIndex(firstDone)).toBe(1);
    const secondSkipped = withStopStatus(firstDone, 1, 'skipped');
    expect(currentStopIndex(secondSkipped)).toBe(2);
    expect(currentStopIndex(withStopStatus(secondSkipped, 2, 'done'))).toBeNull();
    expect(currentStopIndex([])).toBeNull();
  });

  it('a stop settled out of order leaves the earlier one current', () => {
    const lastDone = withStopStatus(stops, 2, 'done');
    expect(currentStopIndex(lastDone)).toBe(0);
    expect(stopProgressView(lastDone)).toEqual({
      currentIndex: 0,
      settled: 1,
      done: 1,
      skipped: 0,
      total: 3,
    });
  });

  it('undo removes the status field and keeps the rest of the stop', () => {
    const done = withStopStatus(stops, 0, 'done');
    expect(done[0]).toEqual({ name: 'A', lat: 1, lng: 1, note: 'Door code 1234', status: 'done' });
    const undone = withStopStatus(done, 0, null);
    expect(undone[0]).toEqual(stops[0]);
    expect('status' in undone[0]).toBe(false);
  });

  it('never mutates its input and ignores an index outside the route', () => {
    const before = structuredClone(stops);
    withStopStatus(stops, 1, 'skipped');
    expect(stops).toEqual(before);
    expect(withStopStatus(stops, 3, 'done')).toEqual(stops);
    expect(withStopStatus(stops, -1, 'done')).toEqual(stops);
    expect(withStopStatus(stops, 0.5, 'done')).toEqual(stops);
  });

  it('start over clears every status and keeps notes', () => {
    const settled = withStopStatus(withStopStatus(stops, 0, 'done'), 1, 'skipped');
    expect(stopProgressView(settled)).toEqual({
      currentIndex: 2,
      settled: 2,
      done: 1,
      skipped: 1,
      total: 3,
    });
    expect(withoutStatuses(settled)).toEqual(stops);
  });
});
