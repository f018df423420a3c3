import { describe, expect, it } from 'vitest';
import {
  departureFields,
  endPointOf,
  newDayPlan,
  plannerSchedule,
  serviceFromField,
  loadFromField,
  windowFormIssue,
  windowFromFields,
  withDepartureFields,
} from './day-plan';

const paris = 'Europe/Paris';

describe('the planner’s working day', () => {
  it('starts a plan leaving now, rounded up to the next 5 minutes, in the device’s zone', () => {
    expect(newDayPlan(Date.parse('2026-03-02T07:01:10Z'), paris)).toEqual({
      departure: '2026-03-02T08:05+01:00',
      timeZone: paris,
      defaultServiceMinutes: 0,
      end: 'last-stop',
    });
    // Summer time: the offset of that day.
    expect(newDayPlan(Date.parse('2026-07-01T06:00:00Z'), paris).departure).toBe(
      '2026-07-01T08:00+02:00',
    );
  });

  it('shows and sets the departure as a date and a time on the route zone’s clocks', () => {
    const plan = { departure: '2026-03-02T08:05+01:00', timeZone: paris };
    expect(departureFields(plan, 'UTC')).toEqual({ date: '2026-03-02', time: '08:05' });
    // Moving the date across the DST change takes that day's offset.
    expect(withDepartureFields(plan, '2026-03-30', '08:05', 'UTC')?.departure).toBe(
      '2026-03-30T08:05+02:00',
    );
    expect(withDepartureFields(plan, '2026-03-30', '', 'UTC')).toBeNull();
    expect(withDepartureFields(plan, '30/03/2026', '08:05', 'UTC')).toBeNull();
    expect(departureFields(null, paris)).toBeNull();
    // A plan without its zone gets the device's.
    expect(withDepartureFields({}, '2026-03-02', '09:00', paris)).toEqual({
      departure: '2026-03-02T09:00+01:00',
      timeZone: paris,
    });
  });

  it('checks the window fields as typed', () => {
    expect(windowFormIssue('', '')).toBeNull();
    expect(windowFormIssue('09:00', '')).toBe('needs-both');
    expect(windowFormIssue('10:00', '09:00')).toBe('end-before-start');
    expect(windowFormIssue('09:00', '10:00')).toBeNull();
    expect(windowFromFields('09:00', '10:00')).toEqual({ start: '09:00', end: '10:00' });
    expect(windowFromFields('10:00', '09:00')).toBeNull();
    expect(serviceFromField('')).toBeUndefined();
    expect(serviceFromField('15')).toBe(15);
    expect(serviceFromField('241')).toBe('invalid');
    expect(serviceFromField('2.5')).toBe('invalid');
  });

  it('reads a stop’s load as typed: a whole number up to 9999, empty for none', () => {
    expect(loadFromField('')).toBeUndefined();
    expect(loadFromField(' ')).toBeUndefined();
    expect(loadFromField('0')).toBe(0);
    expect(loadFromField('12')).toBe(12);
    expect(loadFromField('9999')).toBe(9999);
    expect(loadFromField('10000')).toBe('invalid');
    expect(loadFromField('-1')).toBe('invalid');
    expect(loadFromField('1.5')).toBe('invalid');
  });

  it('knows where the day ends', () => {
    const stops = [
      { lat: 1, lng: 1 },
      { lat: 2, lng: 2 },
    ];
    expect(endPointOf(null, stops)).toBeNull();
    expect(endPointOf({ end: 'start' }, stops)).toEqual({ lat: 1, lng: 1 });
    expect(endPointOf({ end: { name: 'Home', lat: 3, lng: 3 } }, stops)).toEqual({
      lat: 3,
      lng: 3,
    });
  });

  it('schedules once the legs fit the stops (and the end leg is known)', () => {
    const plan = { departure: '2026-03-02T08:00Z', end: 'start' as const };
    const stops = [{}, { window: { start: '08:30', end: '09:00' } }];
    expect(plannerSchedule(plan, stops, [], 600)).toBeNull();
    expect(plannerSchedule(plan, stops, [{ duration: 600 }], null)).toBeNull();
    const schedule = plannerSchedule(plan, stops, [{ duration: 600 }], 600)!;
    // Leaving 20 minutes later rather than waiting 20 minutes there.
    expect(schedule.stops[0].departure).toBe(Date.parse('2026-03-02T08:20:00Z'));
    expect(schedule.stops[1].wait).toBe(0);
    expect(schedule.finish).toBe(Date.parse('2026-03-02T08:40:00Z'));
    expect(plannerSchedule(null, stops, [{ duration: 600 }], 600)).toBeNull();
    expect(plannerSchedule(plan, [{}], undefined, null)?.finish).toBe(
      Date.parse('2026-03-02T08:00:00Z'),
    );
  });
});
