/**
 * The 'Split among drivers' form (pure): how many drivers, what matters most, the most working
 * hours, and each driver's name, start time, end of shift, start, end rule, most stops and
 * capacity, read from what was typed into the team the split plans with.
 */
import { instantAt, parseClock } from '@domain/day-plan/clock.ts';
import { planZone, type DayPlan } from '@domain/day-plan/day-plan.ts';
import { dayOf } from '@domain/day-plan/schedule.ts';
import type { DriverEnd, DriverStart, TeamDriver } from './team-problem.ts';

export const MIN_DRIVERS = 2;
export const MAX_DRIVERS = 20;
/** A start and two stops to share: the fewest worth splitting. */
export const MIN_SPLIT_STOPS = 3;
/** The longest driver name kept. */
export const DRIVER_NAME_MAX_CHARS = 60;
/** The largest capacity a driver can be given (a hundred stops of the largest load). */
export const DRIVER_CAPACITY_MAX = 999_999;

/**
 * 'makespan': everyone finishing early, the balanced day (the default); 'distance': the least
 * total driving; 'vehicles': the fewest drivers.
 */
export type SplitObjective = 'makespan' | 'distance' | 'vehicles';
export const SPLIT_OBJECTIVES: readonly SplitObjective[] = ['makespan', 'distance', 'vehicles'];

/** One driver as typed (times and numbers are text until they are read). */
export interface DriverFields {
  name: string;
  /** "HH:MM" on the day's date; empty: the day's departure. */
  startTime: string;
  /** "HH:MM", the end of the shift; empty: none. */
  endTime: string;
  start: DriverStart;
  end: DriverEnd;
  maxStops: string;
  /** The most load the driver takes (the stops' loads, 1 for a stop without one); empty: none. */
  capacity: string;
}

export const defaultDriver: DriverFields = {
  name: '',
  startTime: '',
  endTime: '',
  start: 'depot',
  end: 'start',
  maxStops: '',
  capacity: '',
};

export interface SplitFormValues {
  drivers: string;
  objective: SplitObjective;
  maxHours: string;
  /** The drivers' own settings, in order (more than `drivers` may be kept for another day). */
  team: DriverFields[];
}

export const initialSplitForm: SplitFormValues = {
  drivers: '2',
  objective: 'makespan',
  maxHours: '',
  team: [],
};

export type DriverIssue = 'time-invalid' | 'end-before-start' | 'limit-invalid';

export interface SplitFormIssues {
  drivers?: 'drivers-range';
  maxHours?: 'limit-invalid';
  /** By driver index: what is wrong with each field. */
  team?: Record<
    number,
    Partial<Record<'startTime' | 'endTime' | 'maxStops' | 'capacity', DriverIssue>>
  >;
}

const WHOLE = /^\s*\d+\s*$/;

/** A whole number above 0 (up to `max`), undefined for an empty field, 'invalid' otherwise. */
function optionalLimit(text: string, max = Infinity): number | undefined | 'invalid' {
  if (text.trim() === '') return undefined;
  if (!WHOLE.test(text)) return 'invalid';
  const value = Number(text);
  return value > 0 && value <= max ? value : 'invalid';
}

/** The first `count` drivers' fields, the defaults where none were kept. */
export const driversOf = (values: SplitFormValues, count: number): DriverFields[] =>
  Array.from({ length: count }, (_, index) => values.team[index] ?? defaultDriver);

/** The day's drivers and the objective, or what is wrong with the form. */
export function readSplitForm(
  values: SplitFormValues,
  plan: DayPlan,
  departure: number,
):
  | { ok: true; team: TeamDriver[]; objective: SplitObjective }
  | { ok: false; issues: SplitFormIssues } {
  const issues: SplitFormIssues = {};
  const count = Number(values.drivers);
  if (!WHOLE.test(values.drivers) || count < MIN_DRIVERS || count > MAX_DRIVERS) {
    issues.drivers = 'drivers-range';
  }
  const maxHours = optionalLimit(values.maxHours);
  if (maxHours === 'invalid') issues.maxHours = 'limit-invalid';
  const date = dayOf(plan);
  const zone = planZone(plan);
  const clockAt = (text: string): number | null | 'invalid' => {
    if (text.trim() === '') return null;
    const minutes = parseClock(text.trim());
    return minutes === null || !date || !zone ? 'invalid' : instantAt(date, minutes, zone);
  };
  const team: TeamDriver[] = [];
  const teamIssues: NonNullable<SplitFormIssues['team']> = {};
  if (!issues.drivers) {
    driversOf(values, count).forEach((fields, index) => {
      const wrong: NonNullable<SplitFormIssues['team']>[number] = {};
      const leaves = clockAt(fields.startTime);
      const until = clockAt(fields.endTime);
      const maxStops = optionalLimit(fields.maxStops);
      const capacity = optionalLimit(fields.capacity, DRIVER_CAPACITY_MAX);
      if (leaves === 'invalid') wrong.startTime = 'time-invalid';
      if (until === 'invalid') wrong.endTime = 'time-invalid';
      else if (until !== null && leaves !== 'invalid' && until <= (leaves ?? departure)) {
        wrong.endTime = 'end-before-start';
      }
      if (maxStops === 'invalid') wrong.maxStops = 'limit-invalid';
      if (capacity === 'invalid') wrong.capacity = 'limit-invalid';
      if (Object.keys(wrong).length > 0) {
        teamIssues[index] = wrong;
        return;
      }
      team.push({
        start: fields.start,
        end: fields.end,
        leaves: typeof leaves === 'number' ? leaves : departure,
        ...(typeof until === 'number' ? { until } : {}),
        ...(typeof maxStops === 'number' ? { maxStops } : {}),
        ...(typeof capacity === 'number' ? { capacity } : {}),
        ...(typeof maxHours === 'number' ? { maxWorkingHours: maxHours } : {}),
      });
    });
  }
  if (Object.keys(teamIssues).length > 0) issues.team = teamIssues;
  if (Object.keys(issues).length > 0) return { ok: false, issues };
  return { ok: true, team, objective: values.objective };
}
