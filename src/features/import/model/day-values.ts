/**
 * The working day's values in an imported file, read the way people write them in a
 * spreadsheet: times of day ("9", "09:00", "9h30", "9.30", "0930", "9 Uhr", "9am", "2:30 PM"), time
 * windows ("09:00-12:00", "9-12", "9h à 12h", "from 9 to 12", "9–11am"), and times at a stop
 * ("10", "10 min", "0:10", "1h30", "1 hr 5 min", "1.5 h"), and loads ("3", "3 parcels"). Pure.
 */
import { formatClock } from '@domain/day-plan/clock.ts';
import {
  SERVICE_MINUTES_MAX,
  STOP_LOAD_MAX,
  windowIssue,
  type StopWindow,
} from '@domain/day-plan/day-plan.ts';

const DAY_MINUTES = 24 * 60;

/** One time of day as written ("09:00", "9h", "2:30 pm"). */
const TIME = String.raw`\d{1,2}(?:\s*[:h.]\s*\d{2})?\s*(?:h|uhr)?\s*(?:[ap]\.?\s?m\.?)?|\d{4}`;
/** Words before a window: "from 9 to 12", "de 9h à 12h", "zwischen 9 und 12"... */
const PREFIX = String.raw`(?:from|between|de|des|dès|desde|entre|von|zwischen|ab|dalle|da|tra|fra|das)\s+`;
/** Between its two times: dashes, a tilde, or a word in one of the six languages. */
const SEPARATOR = String.raw`\s*(?:-|–|—|~|\.\.|\s(?:to|until|till|and|à|a|et|jusqu'à|jusqu’à|bis|und|al|hasta|y|alle|e|até|ate)\s)\s*`;
const WINDOW = new RegExp(`^(?:${PREFIX})?(${TIME})${SEPARATOR}(${TIME})$`, 'iu');

const CLOCK = /^(\d{1,2})(?:\s*[:h.]\s*(\d{2}))?\s*(?:h|uhr)?\s*(?:([ap])\.?\s?m\.?)?$/iu;
const FOUR_DIGITS = /^(\d{2})(\d{2})$/;

interface ClockValue {
  minutes: number;
  /** 'a' or 'p' when the time said AM or PM. */
  meridiem: 'a' | 'p' | null;
}

/** A time of day from its hours and minutes; 24:00 is the end of the day, nothing later exists. */
function clockValue(hours: number, minutes: number, meridiem: ClockValue['meridiem']) {
  if (minutes >= 60) return null;
  const total = hours * 60 + minutes;
  return total <= DAY_MINUTES ? { minutes: total, meridiem } : null;
}

function readClock(text: string): ClockValue | null {
  const value = text.trim().toLowerCase();
  // "0930", "2400"; "2430" is refused like "24:30".
  const four = FOUR_DIGITS.exec(value);
  if (four) return clockValue(Number(four[1]), Number(four[2]), null);
  const match = CLOCK.exec(value);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  const meridiem = (match[3] as 'a' | 'p' | undefined) ?? null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
  }
  return clockValue(hours, minutes, meridiem);
}

/** Minutes after midnight of a time of day as written; null when it is not one (24:00 is 1440). */
export function parseTimeOfDay(text: string): number | null {
  return readClock(text)?.minutes ?? null;
}

/** "HH:MM" of minutes in the day: 24:00 (the end of the day) is its last minute, 23:59. */
const clockText = (minutes: number): string => formatClock(Math.min(minutes, DAY_MINUTES - 1));

export type WindowProblem = 'unreadable' | 'endBeforeStart';

export type WindowResult = { window: StopWindow } | { problem: WindowProblem };

/** A window from its opening and closing times (either alone: open until midnight, or since it). */
export function windowOf(start: number | null, end: number | null): WindowResult {
  const window = {
    start: clockText(start ?? 0),
    end: clockText(end ?? DAY_MINUTES),
  };
  if (windowIssue(window) === 'end-before-start') return { problem: 'endBeforeStart' };
  return windowIssue(window) === null ? { window } : { problem: 'unreadable' };
}

/**
 * A time window written in one cell: "09:00-12:00", "9-12", "9h30 à 12h", "9am - 12pm",
 * "9–11am" (an AM or PM on the closing time alone counts for the opening time too, when that
 * keeps the window in order: "11-2pm" is 11:00-14:00). Null for an empty cell.
 */
export function parseWindow(text: string): WindowResult | null {
  const value = text.trim().replace(/\s+/g, ' ');
  if (value === '') return null;
  const match = WINDOW.exec(value);
  if (!match) return { problem: 'unreadable' };
  const start = readClock(match[1]);
  const end = readClock(match[2]);
  if (!start || !end) return { problem: 'unreadable' };
  let opens = start.minutes;
  if (
    !start.meridiem &&
    end.meridiem === 'p' &&
    opens < 12 * 60 &&
    opens + 12 * 60 <= end.minutes
  ) {
    opens += 12 * 60;
  }
  return windowOf(opens, end.minutes);
}

/**
 * One end of a window written in its own column ("Earliest", "Latest"): a time of day, null for
 * an empty cell, 'unreadable' otherwise.
 */
export function parseWindowEnd(text: string): number | null | 'unreadable' {
  if (text.trim() === '') return null;
  return parseTimeOfDay(text) ?? 'unreadable';
}

const MINUTE_UNIT = String.raw`m|mn|min|mins|min\.|minute|minutes|minuto|minutos|minuti|minuten|′|'`;
const HOUR_UNIT = String.raw`h|hr|hrs|hour|hours|hora|horas|heure|heures|ora|ore|std|std\.|stunde|stunden`;
const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const MINUTES_ONLY = new RegExp(`^(${NUMBER})\\s*(?:${MINUTE_UNIT})?$`, 'iu');
const HOURS_ONLY = new RegExp(`^(${NUMBER})\\s*(?:${HOUR_UNIT})$`, 'iu');
const HOURS_AND_MINUTES = new RegExp(
  `^(\\d+)\\s*(?:${HOUR_UNIT})\\s*(\\d{1,2})\\s*(?:${MINUTE_UNIT})?$`,
  'iu',
);
const H_MM = /^(\d{1,2}):(\d{2})$/;

export type ServiceProblem = 'unreadable' | 'tooLong';

export type ServiceResult = { minutes: number } | { problem: ServiceProblem };

const number = (text: string) => Number(text.replace(',', '.'));

/**
 * The time at a stop: "10", "10 min", "0:10" (hours:minutes), "1h30", "1 hr 5 min", "1.5 h";
 * whole minutes (rounded), 0 to SERVICE_MINUTES_MAX. Null for an empty cell.
 */
export function parseServiceMinutes(text: string): ServiceResult | null {
  const value = text.trim().replace(/\s+/g, ' ');
  if (value === '') return null;
  let minutes: number | null = null;
  let match: RegExpExecArray | null;
  if ((match = H_MM.exec(value))) {
    minutes = Number(match[2]) < 60 ? Number(match[1]) * 60 + Number(match[2]) : null;
  } else if ((match = HOURS_AND_MINUTES.exec(value))) {
    minutes = Number(match[2]) < 60 ? Number(match[1]) * 60 + Number(match[2]) : null;
  } else if ((match = HOURS_ONLY.exec(value))) {
    minutes = number(match[1]) * 60;
  } else if ((match = MINUTES_ONLY.exec(value))) {
    minutes = number(match[1]);
  }
  if (minutes === null || !Number.isFinite(minutes)) return { problem: 'unreadable' };
  const whole = Math.round(minutes);
  return whole > SERVICE_MINUTES_MAX ? { problem: 'tooLong' } : { minutes: whole };
}

export type LoadProblem = 'unreadable' | 'tooLarge';

export type LoadResult = { load: number } | { problem: LoadProblem };

/** A whole number, with a unit word after it or not: "3", "3 parcels", "12 Stk.", "4 colis". */
const LOAD = /^(\d+)(?:\s*\p{L}+\.?)?$/u;

/** A stop's load: a whole number from 0 to STOP_LOAD_MAX. Null for an empty cell. */
export function parseLoad(text: string): LoadResult | null {
  const value = text.trim();
  if (value === '') return null;
  const match = LOAD.exec(value);
  if (!match) return { problem: 'unreadable' };
  const load = Number(match[1]);
  return load > STOP_LOAD_MAX ? { problem: 'tooLarge' } : { load };
}
