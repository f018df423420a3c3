import { describe, expect, it } from 'vitest';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { defaultDriver, initialSplitForm, readSplitForm } from './split-form.ts';

const PLAN: DayPlan = { departure: '2030-03-04T08:00+01:00', timeZone: 'Europe/Paris' };
const EIGHT = Date.parse('2030-03-04T07:00:00Z');
const HOUR = 3_600_000;
const home = { name: 'Home', lat: 48.9, lng: 2.4 };

describe('readSplitForm', () => {
  it('the balanced day by default, every driver from the depot and back, leaving at the departure', () => {
    expect(readSplitForm(initialSplitForm, PLAN, EIGHT)).toEqual({
      ok: true,
      objective: 'makespan',
      team: [
        { start: 'depot', end: 'start', leaves: EIGHT },
        { start: 'depot', end: 'start', leaves: EIGHT },
      ],
    });
  });

  it('each driver’s start time, end of shift, places, most stops and capacity; the most hours for all', () => {
    const read = readSplitForm(
      {
        drivers: '3',
        objective: 'vehicles',
        maxHours: ' 8 ',
        team: [
          { ...defaultDriver, name: 'Alice', startTime: '06:30', endTime: '14:00', maxStops: '12' },
          { ...defaultDriver, start: home, end: 'last-stop', capacity: ' 40 ' },
          { ...defaultDriver, start: 'first-stop', end: 'depot' },
          { ...defaultDriver, name: 'Kept for another day' },
        ],
      },
      PLAN,
      EIGHT,
    );
    expect(read).toEqual({
      ok: true,
      objective: 'vehicles',
      team: [
        {
          start: 'depot',
          end: 'start',
          leaves: EIGHT - 1.5 * HOUR,
          until: EIGHT + 6 * HOUR,
          maxStops: 12,
          maxWorkingHours: 8,
        },
        { start: home, end: 'last-stop', leaves: EIGHT, capacity: 40, maxWorkingHours: 8 },
        { start: 'first-stop', end: 'depot', leaves: EIGHT, maxWorkingHours: 8 },
      ],
    });
  });

  it('says what is wrong: drivers out of range, times, a shift ending before it starts, limits', () => {
    for (const drivers of ['1', '21', '', '2.5', 'two']) {
      expect(readSplitForm({ ...initialSplitForm, drivers }, PLAN, EIGHT)).toEqual({
        ok: false,
        issues: { drivers: 'drivers-range' },
      });
    }
    expect(
      readSplitForm(
        {
          ...initialSplitForm,
          maxHours: '7.5',
          team: [
            { ...defaultDriver, startTime: '25:00', maxStops: '0', capacity: '2.5' },
            { ...defaultDriver, startTime: '09:00', endTime: '08:30', capacity: '1000000' },
          ],
        },
        PLAN,
        EIGHT,
      ),
    ).toEqual({
      ok: false,
      issues: {
        maxHours: 'limit-invalid',
        team: {
          0: { startTime: 'time-invalid', maxStops: 'limit-invalid', capacity: 'limit-invalid' },
          1: { endTime: 'end-before-start', capacity: 'limit-invalid' },
        },
      },
    });
    // An end of shift before the departure, for a driver leaving then.
    expect(
      readSplitForm(
        { ...initialSplitForm, team: [{ ...defaultDriver, endTime: '07:00' }] },
        PLAN,
        EIGHT,
      ),
    ).toEqual({ ok: false, issues: { team: { 0: { endTime: 'end-before-start' } } } });
  });
});
