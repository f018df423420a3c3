/**
 * Clock and calendar arithmetic for a working day: times of day ("HH:MM"), departures written
 * with their UTC offset ("2026-03-02T08:00+01:00"), and wall-clock times in a time zone (an IANA
 * name such as Europe/Paris, or a fixed offset) turned into moments and back, daylight-saving
 * changes included. Pure TypeScript on the standard Intl API, so the SPA and the `api` function
 * share it.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A time zone: an IANA name (DST rules from the runtime's tz data) or a fixed UTC offset. */
export type Zone = { kind: 'iana'; name: string } | { kind: 'offset'; minutes: number };

/** A calendar date. */
export interface LocalDate {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
}

/** "HH:MM", 00:00 to 23:59: a time of day within the day. */
export const CLOCK_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of "HH:MM" (00:00-23:59); null for anything else. */
export function parseClock(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = CLOCK_PATTERN.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** "HH:MM" of minutes after midnight (taken modulo a day). */
export function formatClock(minutes: number): string {
  const whole = ((Math.floor(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows this IANA time zone name. */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return false;
  try {
    partsFormatter(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Offsets worked out, by zone and minute (epoch ms / MINUTE_MS): formatToParts is slow, and a
 * day's times ask again for every stop at each change (moving one stop of 400 spent about 14 ms
 * at CPU 4× in it). Every zone's offset changes on a whole minute since 1973, so one holds for
 * the whole minute. Forgotten when it holds too many.
 */
const offsets = new Map<string, Map<number, number>>();
const OFFSETS_KEPT = 20_000;
let offsetsHeld = 0;

/** The zone's offset from UTC, in minutes east, at a moment (epoch ms). */
export function offsetAt(instant: number, zone: Zone): number {
  if (zone.kind === 'offset') return zone.minutes;
  const minute = Math.floor(instant / MINUTE_MS);
  let known = offsets.get(zone.name);
  const held = known?.get(minute);
  if (held !== undefined) return held;
  const start = minute * MINUTE_MS;
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(zone.name).formatToParts(start)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  const offset = Math.round((wall - start) / MINUTE_MS);
  if (offsetsHeld >= OFFSETS_KEPT) {
    offsets.clear();
    offsetsHeld = 0;
    known = undefined;
  }
  if (!known) offsets.set(zone.name, (known = new Map<number, number>()));
  known.set(minute, offset);
  offsetsHeld += 1;
  return offset;
}

/** The date and the minutes after midnight of a moment, on the zone's clocks. */
export function wallClockAt(instant: number, zone: Zone): { date: LocalDate; minutes: number } {
  const wall = new Date(instant + offsetAt(instant, zone) * MINUTE_MS);
  return {
    date: { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() },
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() + wall.getUTCSeconds() / 60,
  };
}

/**
 * The moment a wall-clock time on a date stands for in the zone. Across a daylight-saving change
 * it behaves as Temporal's 'compatible' disambiguation: a time the clocks skip (02:30 when they
 * jump from 02:00 to 03:00) is read forward by the gap (03:30), a time they show twice (02:30
 * when they go back from 03:00 to 02:00) is the earlier of the two.
 */
export function instantAt(date: LocalDate, minutes: number, zone: Zone): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE_MS;
  if (zone.kind === 'offset') return wall - zone.minutes * MINUTE_MS;
  // At most one change of offset lies within a day of any time (true of every zone in use).
  const before = offsetAt(wall - DAY_MS, zone);
  const after = offsetAt(wall + DAY_MS, zone);
  const candidates = [before, after]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => wall - offsetAt(instant, zone) * MINUTE_MS === instant);
  if (candidates.length > 0) return Math.min(...candidates);
  // In the gap: the offset from before the change, which lands after the gap.
  return wall - before * MINUTE_MS;
}

/** The date after `date` (or `days` later). */
export function addDays(date: LocalDate, days = 1): LocalDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** "YYYY-MM-DD" */
export const formatDate = (date: LocalDate): string =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

/** A date-time with its UTC offset, to the minute (or second): what a departure is stored as. */
export const DEPARTURE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

export interface Departure {
  /** The moment, epoch ms. */
  instant: number;
  /** The date and time as written (on the clocks of the offset it carries). */
  date: LocalDate;
  minutes: number;
  /** The offset it was written with, minutes east of UTC. */
  offset: number;
}

/**
 * Reads "2026-03-02T08:00+01:00" (seconds optional, Z for UTC); null when it is not a real date
 * and time with an offset (no offset is refused: a moment needs one).
 */
export function parseDeparture(text: unknown): Departure | null {
  if (typeof text !== 'string') return null;
  const match = DEPARTURE_PATTERN.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, sign, oh, om] = match;
  const date = { year: Number(y), month: Number(mo), day: Number(d) };
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  const offset = sign === undefined ? 0 : (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (
    check.getUTCFullYear() !== date.year ||
    check.getUTCMonth() !== date.month - 1 ||
    check.getUTCDate() !== date.day ||
    date.year < 1970 ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    Math.abs(offset) > 18 * 60 ||
    (oh !== undefined && Number(om) > 59)
  ) {
    return null;
  }
  const minutes = hour * 60 + minute + second / 60;
  return {
    instant: instantAt(date, minutes, { kind: 'offset', minutes: offset }),
    date,
    minutes,
    offset,
  };
}

/** "2026-03-02T08:00+01:00": a moment written on the zone's clocks, with that zone's offset. */
export function formatDeparture(instant: number, zone: Zone): string {
  const offset = offsetAt(instant, zone);
  const { date, minutes } = wallClockAt(instant, zone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const offsetText = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${formatDate(date)}T${formatClock(minutes)}${offsetText}`;
}

/** The next whole multiple of `step` minutes at or after a moment (now rounded up to 5 minutes). */
export function roundUpToMinutes(instant: number, step = 5): number {
  const stepMs = step * MINUTE_MS;
  return Math.ceil(instant / stepMs) * stepMs;
}
