import { describe, expect, it } from 'vitest';
import type { Stop } from '@domain/stops.ts';
import { projectDrive, type DriveDayStop } from './running-late';

const MIN = 60_000;
const NOW = Date.UTC(2030, 2, 4, 8, 0, 0);
const at = (minutes: number) => NOW + minutes * MIN;
const stop = (fields: Partial<DriveDayStop> = {}, status?: Stop['status']): DriveDayStop => ({
  service: 0,
  window: null,
  ...fields,
  ...(status ? { status } : {}),
});
/** Leg i: stop i -> stop i+1, in seconds. */
const legs = (...minutes: number[]) => minutes.map((m) => ({ duration: m * 60 }));

describe('the rest of the day from now (running late)', () => {
  it('adds the legs, the time at each stop and the waits before windows open', () => {
    const projection = projectDrive(
      [stop(), stop({ service: 300 }), stop({ window: [at(40), at(60)], service: 600 }), stop()],
      legs(10, 15, 5),
      NOW,
      NOW,
    );
    // 08:10 at stop 2, 5 min there, 15 min on: 08:30 at stop 3, waits to 08:40, 10 min there.
    expect(projection.arrivals).toEqual([null, at(10), at(30), at(55)]);
    expect(projection.lateBy).toEqual([0, 0, 0, 0]);
  });

  it('flags a stop still to do that will be reached after its window closes, by how much', () => {
    const projection = projectDrive(
      [stop({}, 'done'), stop({ service: 600 }), stop({ window: [at(0), at(20)] })],
      legs(10, 25),
      NOW,
      null,
    );
    // On the leg into stop 2 (08:10), 10 min there, 25 min on: 08:45, the window closed at 08:20.
    expect(projection.arrivals).toEqual([null, at(10), at(45)]);
    expect(projection.lateBy).toEqual([0, 0, 25 * MIN]);
  });

  it('takes an arrival within the closing minute as on time (the planner’s rule)', () => {
    const late = (arrivalMinutes: number) =>
      projectDrive(
        [stop({}, 'done'), stop({ window: [at(0), at(10)] })],
        legs(arrivalMinutes),
        NOW,
        null,
      ).lateBy[1];
    expect(late(10)).toBe(0);
    expect(late(10.5)).toBe(0);
    expect(late(11)).toBe(MIN);
  });

  it('drives past a stop done out of order: its leg counts, its time at the stop does not', () => {
    const projection = projectDrive(
      [
        stop({}, 'done'),
        stop({ service: 600 }),
        stop({ service: 1200 }, 'skipped'),
        stop({ window: [at(0), at(30)] }),
      ],
      legs(10, 10, 10),
      NOW,
      null,
    );
    expect(projection.arrivals).toEqual([null, at(10), null, at(40)]);
    expect(projection.lateBy[3]).toBe(10 * MIN);
  });

  it('leaves the start at the departure when the day has not begun, and now once it has passed', () => {
    const stops = [stop(), stop({ window: [at(30), at(45)] })];
    // The day departs 30 min from now: the start has no "arrival now"; stop 2 counts from then.
    const early = projectDrive(stops, legs(20), NOW, at(30));
    expect(early.arrivals).toEqual([null, at(50)]);
    expect(early.lateBy).toEqual([0, 5 * MIN]);
    const late = projectDrive(stops, legs(20), NOW, at(-30));
    expect(late.arrivals).toEqual([null, at(20)]);
    expect(late.lateBy).toEqual([0, 0]);
  });

  it('never flags the start, a stop done or skipped, or anything when every stop is settled', () => {
    const window = [at(-60), at(-30)] as const;
    const projection = projectDrive(
      [stop({ window }), stop({ window }, 'skipped'), stop({ window })],
      legs(5, 5),
      NOW,
      null,
    );
    expect(projection.lateBy).toEqual([0, 0, 40 * MIN]);
    const settled = projectDrive([stop({}, 'done'), stop({ window }, 'done')], legs(5), NOW, null);
    expect(settled).toEqual({ arrivals: [null, null], lateBy: [0, 0] });
  });

  it('gives nothing without legs, or with legs of other stops', () => {
    const stops = [stop(), stop({ window: [at(-60), at(-30)] })];
    expect(projectDrive(stops, null, NOW, null)).toEqual({
      arrivals: [null, null],
      lateBy: [0, 0],
    });
    expect(projectDrive(stops, legs(1, 2), NOW, null).lateBy).toEqual([0, 0]);
  });
});
