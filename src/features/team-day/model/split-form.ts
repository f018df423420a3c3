/**
 * The 'Split among drivers' form (pure): how many drivers, what matters most, the optional
 * limits per driver and whether everyone starts at the depot, read from what was typed.
 */
import type { DayProblemOptions } from '@/lib/optimizer/day-problem.ts';

export const MIN_DRIVERS = 2;
export const MAX_DRIVERS = 20;
/** A start and two stops to share: the fewest worth splitting. */
export const MIN_SPLIT_STOPS = 3;

export type SplitObjective = 'distance' | 'makespan';

/** The form as typed (numbers are text until they are read). */
export interface SplitFormValues {
  drivers: string;
  objective: SplitObjective;
  maxStops: string;
  maxHours: string;
  sharedStart: boolean;
}

export const initialSplitForm: SplitFormValues = {
  drivers: '2',
  objective: 'makespan',
  maxStops: '',
  maxHours: '',
  sharedStart: true,
};

export interface SplitFormIssues {
  drivers?: 'drivers-range';
  maxStops?: 'limit-invalid';
  maxHours?: 'limit-invalid';
}

const WHOLE = /^\s*\d+\s*$/;

/** A whole number above 0, undefined for an empty field, 'invalid' otherwise. */
function optionalLimit(text: string): number | undefined | 'invalid' {
  if (text.trim() === '') return undefined;
  if (!WHOLE.test(text)) return 'invalid';
  const value = Number(text);
  return value > 0 ? value : 'invalid';
}

/** The split's options, or what is wrong with the form. */
export function readSplitForm(values: SplitFormValues):
  | {
      ok: true;
      options: Required<Pick<DayProblemOptions, 'drivers' | 'objective' | 'sharedStart'>> &
        DayProblemOptions;
    }
  | { ok: false; issues: SplitFormIssues } {
  const issues: SplitFormIssues = {};
  const drivers = Number(values.drivers);
  if (!WHOLE.test(values.drivers) || drivers < MIN_DRIVERS || drivers > MAX_DRIVERS) {
    issues.drivers = 'drivers-range';
  }
  const maxStops = optionalLimit(values.maxStops);
  if (maxStops === 'invalid') issues.maxStops = 'limit-invalid';
  const maxHours = optionalLimit(values.maxHours);
  if (maxHours === 'invalid') issues.maxHours = 'limit-invalid';
  if (Object.keys(issues).length > 0) return { ok: false, issues };
  return {
    ok: true,
    options: {
      drivers,
      objective: values.objective,
      sharedStart: values.sharedStart,
      ...(typeof maxStops === 'number' ? { maxStops } : {}),
      ...(typeof maxHours === 'number' ? { maxWorkingHours: maxHours } : {}),
    },
  };
}
