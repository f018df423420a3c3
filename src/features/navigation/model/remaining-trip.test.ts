import { describe, expect, it } from 'vitest';
import type { Stop } from '@domain/stops.ts';
import { remainingTrip } from './remaining-trip';

const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
const stop = (status?: Stop['status']): Pick<Stop, 'status'> => (status ? { status } : {});
/** Leg i: stop i -> stop i+1. */
const legs = [
  { distance: 1000, duration: 600 },
  { distance: 2000, duration: 900 },
  { distance: 3000, duration: 1200 },
];

describe('remaining trip', () => {
  it('before the first stop: the route starts there (no arrival), the rest add their legs', () => {
    const trip = remainingTrip([stop(), stop(), stop(), stop()], legs, NOW);
    expect(trip.arrivals).toEqual([null, NOW + 600_000, NOW + 1_500_000, NOW + 2_700_000]);
    expect(trip.distance).toBe(6000);
    expect(trip.duration).toBe(2700);
  });

  it('after stop 1 is done: the leg into the current stop is still ahead', () => {
    const trip = remainingTrip([stop('done'), stop(), stop(), stop()], legs, NOW);
    expect(trip.arrivals).toEqual([null, NOW + 600_000, NOW + 1_500_000, NOW + 2_700_000]);
    expect(trip.distance).toBe(6000);
  });

  it('further on: settled stops lose their ETA, later stops keep the legs driven past them', () => {
    const trip = remainingTrip([stop('done'), stop('skipped'), stop(), stop()], legs, NOW);
    expect(trip.arrivals).toEqual([null, null, NOW + 900_000, NOW + 2_100_000]);
    expect(trip.distance).toBe(5000);
    expect(trip.duration).toBe(2100);

    const middleDone = remainingTrip([stop('done'), stop(), stop('done'), stop()], legs, NOW);
    expect(middleDone.arrivals).toEqual([null, NOW + 600_000, null, NOW + 2_700_000]);
  });

  it('a last stop settled early: the remaining distance ends at the last stop still to do', () => {
    const trip = remainingTrip([stop('done'), stop(), stop(), stop('skipped')], legs, NOW);
    expect(trip.distance).toBe(3000);
    expect(trip.duration).toBe(1500);
  });

  it('recomputed later, every ETA moves with the clock', () => {
    const later = NOW + 5 * 60_000;
    const trip = remainingTrip([stop('done'), stop(), stop(), stop()], legs, later);
    expect(trip.arrivals[1]).toBe(later + 600_000);
  });

  it('nothing left, unknown legs or legs of another route: no ETA and no distance', () => {
    const all = [stop('done'), stop('done'), stop('skipped'), stop('done')];
    expect(remainingTrip(all, legs, NOW)).toEqual({
      distance: 0,
      duration: 0,
      arrivals: [null, null, null, null],
    });
    expect(remainingTrip([stop(), stop(), stop(), stop()], null, NOW).arrivals).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(remainingTrip([stop(), stop(), stop()], legs, NOW).arrivals).toEqual([null, null, null]);
  });

  it('a one-stop route needs no legs', () => {
    expect(remainingTrip([stop()], [], NOW)).toEqual({
      distance: 0,
      duration: 0,
      arrivals: [null],
    });
  });
});
