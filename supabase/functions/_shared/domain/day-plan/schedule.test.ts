import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  computeSchedule,
  dayOf,
  scheduleRoute,
  windowMoments,
  type ScheduleInput,
  type ScheduleStop,
} from './schedule.ts';
import {
  hasDayFields,
  lockIssue,
  planZone,
  serviceMinutesOf,
  windowIssue,
  type DayPlan,
} from './day-plan.ts';

const utc = (text: string) => Date.parse(text);
const MIN = 60_000;
const at = (hhmm: string) => utc(`2026-03-02T${hhmm}:00Z`);
const stop = (service = 0, window: [string, string] | null = null): ScheduleStop => ({
  service: service * 60,
  window: window ? [at(window[0]), at(window[1])] : null,
});

describe('the day along a route', () => {
  it('leaves the start at the departure and drives leg by leg', () => {
    const schedule = computeSchedule({
      departure: at('08:00'),
      stops: [stop(), stop(5), stop(10)],
      legs: [20 * 60, 15 * 60],
    });
    expect(schedule.stops).toEqual([
      { arrival: null, wait: 0, departure: at('08:00'), late: 0 },
      { arrival: at('08:20'), wait: 0, departure: at('08:25'), late: 0 },
      { arrival: at('08:40'), wait: 0, departure: at('08:50'), late: 0 },
    ]);
    expect(schedule.finish).toBe(at('08:50'));
    expect(schedule.driving).toBe(35 * MIN);
    expect(schedule.atStops).toBe(15 * MIN);
    expect(schedule.waiting).toBe(0);
    expect(schedule.lateStops).toEqual([]);
  });

  it('leaves later rather than wait: a first stop that opens at 09:00 is reached at 09:00', () => {
    const schedule = computeSchedule({
      departure: at('06:35'),
      stops: [stop(), stop(5, ['09:00', '10:00']), stop(5)],
      legs: [30 * 60, 10 * 60],
    });
    expect(schedule.stops[0].departure).toBe(at('08:30'));
    expect(schedule.stops[1]).toEqual({
      arrival: at('09:00'),
      wait: 0,
      departure: at('09:05'),
      late: 0,
    });
    expect(schedule.stops[2].arrival).toBe(at('09:15'));
    expect(schedule.waiting).toBe(0);
    expect(schedule.finish).toBe(at('09:20'));
  });

  it('keeps the time of every stop with a window: a wait after one stays a wait', () => {
    // Leaving at 08:00 the school (until 08:30) is reached at 08:20; leaving later would move it.
    const schedule = computeSchedule({
      departure: at('08:00'),
      stops: [stop(), stop(0, ['08:00', '08:30']), stop(5, ['09:30', '10:00']), stop(5)],
      legs: [20 * 60, 20 * 60, 10 * 60],
    });
    expect(schedule.stops[0].departure).toBe(at('08:00'));
    expect(schedule.stops[1].arrival).toBe(at('08:20'));
    expect(schedule.stops[2]).toEqual({
      arrival: at('08:40'),
      wait: 50 * MIN,
      departure: at('09:35'),
      late: 0,
    });
    expect(schedule.stops[3].arrival).toBe(at('09:45'));
    expect(schedule.finish).toBe(at('09:50'));
  });

  it('does the stops without a window just before the first one with a window', () => {
    const schedule = computeSchedule({
      departure: at('08:00'),
      stops: [stop(), stop(5), stop(5), stop(5, ['15:00', '16:00'])],
      legs: [10 * 60, 10 * 60, 10 * 60],
    });
    expect(schedule.stops.map((time) => time.departure)).toEqual([
      at('14:20'),
      at('14:35'),
      at('14:50'),
      at('15:05'),
    ]);
    expect(schedule.waiting).toBe(0);
  });

  it('does not leave later when that would make a late stop later still', () => {
    const schedule = computeSchedule({
      departure: at('08:00'),
      stops: [stop(), stop(0, ['07:00', '07:30']), stop(0, ['10:00', '11:00'])],
      legs: [10 * 60, 10 * 60],
    });
    expect(schedule.stops[0].departure).toBe(at('08:00'));
    expect(schedule.stops[1].late).toBe(40 * MIN);
    expect(schedule.stops[2].wait).toBe(100 * MIN);
  });

  it('marks a stop reached after its window closes as late, by how much', () => {
    const schedule = computeSchedule({
      departure: at('09:40'),
      stops: [stop(), stop(0, ['09:00', '10:00']), stop(0, ['09:00', '12:00'])],
      legs: [40 * 60, 10 * 60],
    });
    expect(schedule.stops[1].late).toBe(20 * MIN);
    expect(schedule.stops[1].wait).toBe(0);
    expect(schedule.stops[2].late).toBe(0);
    expect(schedule.lateStops).toEqual([1]);
  });

  it('takes both minutes of a window: 10:00:59 is on time for "until 10:00", 10:01 is late', () => {
    const window: [string, string] = ['09:00', '10:00'];
    const on = computeSchedule({
      departure: at('09:00'),
      stops: [stop(), stop(0, window)],
      legs: [60 * 60 + 59],
    });
    expect(on.lateStops).toEqual([]);
    const off = computeSchedule({
      departure: at('09:00'),
      stops: [stop(), stop(0, window)],
      legs: [61 * 60],
    });
    expect(off.stops[1].late).toBe(MIN);
    // A stop due at 08:59 keeps the driver from leaving later: the next one is waited for.
    const early = computeSchedule({
      departure: at('08:59'),
      stops: [stop(), stop(0, ['08:59', '08:59']), stop(0, ['09:00', '09:00'])],
      legs: [0, 0],
    });
    expect(early.stops[2].wait).toBe(MIN);
  });

  it('ignores the start’s own time and window unless the first stop is served too', () => {
    const stops = [stop(30, ['07:00', '07:30']), stop(0)];
    const fromStart = computeSchedule({ departure: at('08:00'), stops, legs: [600] });
    expect(fromStart.stops[1].arrival).toBe(at('08:10'));
    expect(fromStart.lateStops).toEqual([]);
    const served = computeSchedule({
      departure: at('08:00'),
      stops,
      legs: [600],
      firstIsStart: false,
    });
    expect(served.stops[0]).toEqual({
      arrival: at('08:00'),
      wait: 0,
      departure: at('08:30'),
      late: 30 * MIN,
    });
    expect(served.stops[1].arrival).toBe(at('08:40'));
  });

  it('ends back at the start or at an address after the end leg', () => {
    const schedule = computeSchedule({
      departure: at('08:00'),
      stops: [stop(), stop(5)],
      legs: [600],
      endLeg: 900,
    });
    expect(schedule.finish).toBe(at('08:30'));
    expect(schedule.driving).toBe(25 * MIN);
  });

  it('refuses legs that do not fit the stops', () => {
    expect(() => computeSchedule({ departure: 0, stops: [stop(), stop()], legs: [] })).toThrow(
      RangeError,
    );
  });

  it('keeps the totals (finish = leaving + driving + at stops + waiting) and leaves as late as it can', () => {
    /** The service starts when leaving at `departure` and waiting wherever early. */
    const starts = (input: ScheduleInput, departure: number) => {
      let clock = departure;
      return input.stops.map((row, i) => {
        if (i === 0) return clock;
        clock += input.legs[i - 1] * 1000;
        const start = row.window ? Math.max(clock, row.window[0]) : clock;
        clock = start + row.service * 1000;
        return start;
      });
    };
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            service: fc.integer({ min: 0, max: 240 }),
            open: fc.integer({ min: 0, max: 1000 }),
            length: fc.integer({ min: 0, max: 400 }),
            windowed: fc.boolean(),
            leg: fc.integer({ min: 0, max: 7200 }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (rows) => {
          const departure = at('06:00');
          const input: ScheduleInput = {
            departure,
            stops: rows.map((row, i) => ({
              service: i === 0 ? 0 : row.service * 60,
              window:
                row.windowed && i > 0
                  ? [departure + row.open * MIN, departure + (row.open + row.length) * MIN]
                  : null,
            })),
            legs: rows.slice(1).map((row) => row.leg),
          };
          const schedule = computeSchedule(input);
          const leaving = schedule.stops[0].departure;
          expect(leaving).toBeGreaterThanOrEqual(departure);
          expect(schedule.finish).toBe(
            leaving + schedule.driving + schedule.atStops + schedule.waiting,
          );
          for (let i = 1; i < rows.length; i++) {
            const time = schedule.stops[i];
            expect(time.arrival).toBe(schedule.stops[i - 1].departure + rows[i].leg * 1000);
            expect(time.wait === 0 || time.late === 0).toBe(true);
          }
          // Against leaving at the earliest: the same finish, and no stop with a window later.
          const earliest = starts(input, departure);
          const chosen = starts(input, leaving);
          const last = rows.length - 1;
          expect(schedule.stops[last].departure).toBe(
            chosen[last] + input.stops[last].service * 1000,
          );
          expect(chosen[last]).toBe(earliest[last]);
          const tooLate = (start: number, i: number) =>
            input.stops[i].window !== null && start > earliest[i];
          expect(chosen.some(tooLate)).toBe(false);
          // A minute later would finish later or serve a stop with a window later.
          const later = starts(input, leaving + MIN);
          expect(later[last] > earliest[last] || later.some(tooLate)).toBe(true);
        },
      ),
    );
  });
});

describe('windows on the day of the departure', () => {
  const plan = (departure: string, timeZone?: string): DayPlan => ({ departure, timeZone });

  it('are read on the departure’s date in the route’s zone', () => {
    const paris = plan('2026-03-02T08:00+01:00', 'Europe/Paris');
    expect(dayOf(paris)).toEqual({ year: 2026, month: 3, day: 2 });
    expect(windowMoments(paris, { start: '09:00', end: '10:00' })).toEqual([
      utc('2026-03-02T08:00:00Z'),
      utc('2026-03-02T09:00:00Z'),
    ]);
  });

  it('use the departure’s offset when the route names no zone', () => {
    expect(windowMoments(plan('2026-03-02T08:00-05:00'), { start: '09:00', end: '10:00' })).toEqual(
      [utc('2026-03-02T14:00:00Z'), utc('2026-03-02T15:00:00Z')],
    );
  });

  it('show the same moments to a viewer in another zone (the date is the route’s)', () => {
    // Leaving Sydney at 07:00 on 2 March is still 1 March in UTC and in New York.
    const sydney = plan('2026-03-02T07:00+11:00', 'Australia/Sydney');
    expect(dayOf(sydney)).toEqual({ year: 2026, month: 3, day: 2 });
    expect(windowMoments(sydney, { start: '08:00', end: '09:00' })?.[0]).toBe(
      utc('2026-03-01T21:00:00Z'),
    );
  });

  it('follow the clocks on the DST change day', () => {
    // Paris, 29 March 2026: a departure at 01:30 (+01:00); a window 09:00-10:00 is CEST.
    const spring = plan('2026-03-29T01:30+01:00', 'Europe/Paris');
    expect(windowMoments(spring, { start: '09:00', end: '10:00' })).toEqual([
      utc('2026-03-29T07:00:00Z'),
      utc('2026-03-29T08:00:00Z'),
    ]);
    const schedule = scheduleRoute({
      plan: spring,
      stops: [{}, { window: { start: '03:00', end: '03:30' } }],
      legs: [30 * 60],
    })!;
    // 01:30 + 30 min of driving is 03:00 on the clocks (the hour from 02:00 is skipped): on time.
    expect(schedule.stops[1].arrival).toBe(utc('2026-03-29T01:00:00Z'));
    expect(schedule.lateStops).toEqual([]);
    // Autumn: the 25-hour day. Leaving at 01:30 and driving 2 hours arrives at 02:30 the second time.
    const autumn = plan('2026-10-25T01:30+02:00', 'Europe/Paris');
    const late = scheduleRoute({
      plan: autumn,
      stops: [{}, { window: { start: '02:00', end: '02:45' } }],
      legs: [2 * 3600],
    })!;
    // The window is the first 02:00-02:45 (CEST); the second 02:30 (CET) is 45 minutes past it.
    expect(late.stops[1].late).toBe(45 * MIN);
  });

  it('stay on the departure’s day when the route runs past midnight', () => {
    const schedule = scheduleRoute({
      plan: plan('2026-03-02T22:00+00:00', 'UTC'),
      stops: [
        {},
        { window: { start: '23:00', end: '23:30' } },
        { window: { start: '00:30', end: '01:00' } },
      ],
      legs: [3600, 3600],
    })!;
    expect(schedule.stops[1].late).toBe(0);
    // 00:00 on the 3rd is 23 hours after the window of the 2nd closed.
    expect(schedule.stops[2].arrival).toBe(utc('2026-03-03T00:00:00Z'));
    expect(schedule.stops[2].late).toBe(23 * 60 * MIN);
  });

  it('do not exist without a departure, or when malformed', () => {
    expect(windowMoments({}, { start: '09:00', end: '10:00' })).toBeNull();
    expect(windowMoments(plan('2026-03-02T08:00Z'), { start: '10:00', end: '09:00' })).toBeNull();
    expect(scheduleRoute({ plan: {}, stops: [{}, {}], legs: [60] })).toBeNull();
    expect(scheduleRoute({ plan: null, stops: [{}, {}], legs: [60] })).toBeNull();
  });
});

describe('a route’s day from its plan', () => {
  it('uses the default time at stop where a stop says nothing, and the end leg unless it ends at the last stop', () => {
    const plan: DayPlan = {
      departure: '2026-03-02T08:00Z',
      defaultServiceMinutes: 5,
      end: 'start',
    };
    const schedule = scheduleRoute({
      plan,
      stops: [{}, {}, { serviceMinutes: 0 }],
      legs: [600, 600],
      endLeg: 1200,
    })!;
    expect(schedule.stops[1].departure).toBe(at('08:15'));
    expect(schedule.stops[2].departure).toBe(at('08:25'));
    expect(schedule.finish).toBe(at('08:45'));
    const open = scheduleRoute({
      plan: { ...plan, end: 'last-stop' },
      stops: [{}, {}],
      legs: [600],
      endLeg: 1200,
    })!;
    expect(open.finish).toBe(at('08:15'));
  });
});

describe('rules of the fields', () => {
  it('says what is wrong with a window', () => {
    expect(windowIssue({ start: '09:00', end: '10:00' })).toBeNull();
    expect(windowIssue({ start: '09:00', end: '09:00' })).toBeNull();
    expect(windowIssue({ start: '10:00', end: '09:00' })).toBe('end-before-start');
    expect(windowIssue({ start: '09:00', end: '24:00' })).toBe('outside-day');
    expect(windowIssue({ start: '9am', end: '10:00' })).toBe('outside-day');
    expect(windowIssue({})).toBe('outside-day');
  });

  it('allows one stop locked first and one last', () => {
    expect(lockIssue([{ lock: 'first' }, { lock: 'last' }, {}])).toBeNull();
    expect(lockIssue([{ lock: 'first' }, { lock: 'first' }])).toBe('two-first');
    expect(lockIssue([{ lock: 'last' }, {}, { lock: 'last' }])).toBe('two-last');
  });

  it('reads the time at a stop, the zone, and whether a route has a day at all', () => {
    expect(serviceMinutesOf({}, null)).toBe(0);
    expect(serviceMinutesOf({}, { defaultServiceMinutes: 7 })).toBe(7);
    expect(serviceMinutesOf({ serviceMinutes: 0 }, { defaultServiceMinutes: 7 })).toBe(0);
    expect(planZone({ timeZone: 'Europe/Paris' })).toEqual({ kind: 'iana', name: 'Europe/Paris' });
    expect(planZone({ departure: '2026-03-02T08:00-03:00' })).toEqual({
      kind: 'offset',
      minutes: -180,
    });
    expect(planZone(null)).toBeNull();
    expect(hasDayFields(null, [{}, {}])).toBe(false);
    expect(hasDayFields({}, [{}])).toBe(false);
    expect(hasDayFields(null, [{ lock: 'last' }])).toBe(true);
    expect(hasDayFields({ end: 'start' }, [])).toBe(true);
  });
});
