/**
 * Display formats for distances, durations and coordinates,
 * shared by every page that shows a route, in the interface language's numbers
 * (`locale`) and the user's distance units (`units`, with the language's unit words).
 */
import type { DistanceUnits } from '@/lib/units/units';

export const DEFAULT_FORMAT_LOCALE = 'en';

/** One formatter per locale and precision: making one costs far more than using it. */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      useGrouping: false,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** The unit words of the interface language (abbreviations: km, m, mi, ft). */
export interface DistanceWords {
  km: string;
  m: string;
  mi: string;
  ft: string;
}

export const ENGLISH_DISTANCE_WORDS: DistanceWords = { km: 'km', m: 'm', mi: 'mi', ft: 'ft' };

const METERS_PER_MILE = 1609.344;
const METERS_PER_FOOT = 0.3048;
/** A tenth of a mile: below it a distance reads in feet. */
const FEET_BELOW_MILES = 528;

/**
 * Metric: under 1000 m in metres; under 10 km one decimal km; else whole km. Imperial: under
 * 0.1 mi in feet (to 10 ft from 100 ft); under 10 mi one decimal mile; else whole miles.
 */
export function formatDistance(
  meters: number,
  locale: string = DEFAULT_FORMAT_LOCALE,
  units: DistanceUnits = 'metric',
  words: DistanceWords = ENGLISH_DISTANCE_WORDS,
): string {
  const safe = Number.isFinite(meters) && meters > 0 ? meters : 0;
  if (units === 'imperial') {
    const feet = safe / METERS_PER_FOOT;
    if (Math.round(feet) < FEET_BELOW_MILES) {
      const shown = feet < 100 ? Math.round(feet) : Math.round(feet / 10) * 10;
      return `${numberFormat(locale, 0).format(shown)} ${words.ft}`;
    }
    const miles = safe / METERS_PER_MILE;
    if (Math.round(miles * 10) / 10 < 10)
      return `${numberFormat(locale, 1).format(miles)} ${words.mi}`;
    return `${numberFormat(locale, 0).format(Math.round(miles))} ${words.mi}`;
  }
  const wholeMeters = Math.round(safe);
  if (wholeMeters < 1000) return `${numberFormat(locale, 0).format(wholeMeters)} ${words.m}`;
  const km = safe / 1000;
  // Round first so 9.96 km reads "10 km", not "10.0 km".
  if (Math.round(km * 10) / 10 < 10) return `${numberFormat(locale, 1).format(km)} ${words.km}`;
  return `${numberFormat(locale, 0).format(Math.round(km))} ${words.km}`;
}

/**
 * Whole minutes of a duration, rounded to the nearest (30 s and more count as a minute): the one
 * rounding rule of every duration the app shows (a span between two times of day shown to the
 * user is their difference instead: `minutesBetween` in lib/day-plan).
 */
export function durationMinutes(seconds: number): number {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  return Math.round(safe / 60);
}

interface DurationFormats {
  hours: Intl.NumberFormat;
  minutes: Intl.NumberFormat;
  list: Intl.ListFormat;
}

const durationFormats = new Map<string, DurationFormats>();

function durationFormatsOf(locale: string): DurationFormats {
  let formats = durationFormats.get(locale);
  if (!formats) {
    const unit = (unit: 'hour' | 'minute') =>
      new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' });
    formats = {
      hours: unit('hour'),
      minutes: unit('minute'),
      list: new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }),
    };
    durationFormats.set(locale, formats);
  }
  return formats;
}

/**
 * A number of whole minutes in the language's narrow units: "43m", "1h 5m" in English,
 * "43 Min." and "1h, 5 Min." in German, "43min" and "1h 5min" in French. This is how ECMA-402 defines `Intl.DurationFormat`'s narrow style (unit formats joined
 * by the language's unit list), which gives exactly these; DurationFormat itself is missing from
 * Firefox before 136 and from Node 20, which runs the unit tests. From an hour the minutes are
 * always shown ("2h 0m").
 */
export function formatMinutes(minutes: number, locale: string = DEFAULT_FORMAT_LOCALE): string {
  const whole = Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 0;
  const formats = durationFormatsOf(locale);
  const hours = Math.floor(whole / 60);
  if (hours === 0) return formats.minutes.format(whole);
  return formats.list.format([formats.hours.format(hours), formats.minutes.format(whole % 60)]);
}

/** A duration in seconds as the app shows every duration: `durationMinutes`, `formatMinutes`. */
export function formatDuration(seconds: number, locale: string = DEFAULT_FORMAT_LOCALE): string {
  return formatMinutes(durationMinutes(seconds), locale);
}

/** 4 decimals in the planner, 6 on the navigation page. */
export function formatCoordinate(value: number, decimals = 4): string {
  return value.toFixed(decimals);
}

/** "lat, lng" with the same number of decimals for both. */
export function formatLatLng(point: { lat: number; lng: number }, decimals = 4): string {
  return `${formatCoordinate(point.lat, decimals)}, ${formatCoordinate(point.lng, decimals)}`;
}

/** A time of day in the language's own way ("14:32", "2:32 PM"): arrival times on the road. */
export function formatClockTime(epochMs: number, locale: string = DEFAULT_FORMAT_LOCALE): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(
    new Date(epochMs),
  );
}
