/**
 * Times of the working day as people read them: the interface language's conventions (24 h or
 * 12 h, refined by the browser's region for that language: en-GB reads 24 h, en-US 12 h) in the
 * device's time zone, or a given one.
 */

/** The browser's zone (an IANA name), UTC when the runtime does not say. */
function readDeviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** How long the device's zone is taken as known: a device that moves zone is followed after this. */
export const DEVICE_TIME_ZONE_TTL_MS = 60_000;

/**
 * `read`'s answer, asked again once it is `ttlMs` old (or the clock went back): for an answer
 * that costs to get and rarely changes.
 */
export function rememberedFor<T>(
  ttlMs: number,
  read: () => T,
  clock: () => number = () => Date.now(),
): () => T {
  let value: T;
  let readAt = Number.NaN;
  return () => {
    const now = clock();
    // NaN (never read) fails both comparisons, so the first call reads.
    if (!(now >= readAt && now - readAt < ttlMs)) {
      value = read();
      readAt = now;
    }
    return value;
  };
}

/**
 * The browser's zone (an IANA name), UTC when the runtime does not say. Remembered for a minute:
 * asking `Intl` builds a formatter (some 4 ms on each planner render otherwise).
 */
export const deviceTimeZone: () => string = rememberedFor(
  DEVICE_TIME_ZONE_TTL_MS,
  readDeviceTimeZone,
);

/**
 * The locale to write times in: the browser's first tag in the interface language (its region
 * decides 12 or 24 hours), else the interface language itself.
 */
export function timeLocale(interfaceLanguage: string, browserLanguages: readonly string[]): string {
  const language = interfaceLanguage.split('-')[0].toLowerCase();
  const regional = browserLanguages.find(
    (tag) => tag.split(/[-_]/)[0].toLowerCase() === language && /[-_]/.test(tag),
  );
  if (!regional) return language;
  try {
    return Intl.getCanonicalLocales(regional.replace('_', '-'))[0];
  } catch {
    return language;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, timeZone: string | undefined, withDate: boolean) {
  const key = `${locale}|${timeZone ?? ''}|${withDate}`;
  let format = formats.get(key);
  if (!format) {
    // Two-digit hours on a 24-hour clock ("07:05"), as those locales write times of day.
    const hourCycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions()
      .hourCycle;
    const hour = hourCycle === 'h23' || hourCycle === 'h24' ? '2-digit' : 'numeric';
    const options: Intl.DateTimeFormatOptions = { hour, minute: '2-digit', timeZone };
    if (withDate) Object.assign(options, { weekday: 'short', day: 'numeric', month: 'short' });
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: undefined });
    }
    formats.set(key, format);
  }
  return format;
}

/** "08:05" or "8:05 AM": a moment's time of day (seconds are dropped, never rounded up). */
export const formatTimeOfDay = (instant: number, locale: string, timeZone?: string): string =>
  formatter(locale, timeZone, false).format(instant);

/**
 * A time of day written "HH:MM" (a window's end, as a stop keeps it) in the locale's
 * conventions: "9:00 AM" in en-US, "09:00" in en-GB. The text as it is when it is not one.
 */
export function formatClockText(clock: string, locale: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!match) return clock;
  return formatTimeOfDay(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])), locale, 'UTC');
}

/** "Mon, 2 Mar, 08:05": a moment with its day, for the departure and a finish on another day. */
export const formatDayAndTime = (instant: number, locale: string, timeZone?: string): string =>
  formatter(locale, timeZone, true).format(instant);

const MINUTE_MS = 60_000;

/**
 * The minutes between two moments as their times of day read (the seconds of both dropped, as
 * `formatTimeOfDay` drops them): an arrival at 9:37:40 is 67 min after a window closing at 8:30,
 * and a wait from 8:52:30 until 9:00 is 8 min, as the user reads them off the times shown.
 */
export const minutesBetween = (from: number, to: number): number =>
  Math.max(0, Math.floor(to / MINUTE_MS) - Math.floor(from / MINUTE_MS));

/** A stop's wait and lateness (see @domain/day-plan/schedule), in minutes between its times shown. */
export function stopTimeMinutes(time: { arrival: number | null; wait: number; late: number }) {
  if (time.arrival === null) return { wait: 0, late: 0 };
  return {
    wait: time.wait > 0 ? minutesBetween(time.arrival, time.arrival + time.wait) : 0,
    late: time.late > 0 ? minutesBetween(time.arrival - time.late, time.arrival) : 0,
  };
}
