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

/** 'Xh Ym' from one hour, else 'Ym' (whole minutes). */
export function formatDuration(seconds: number, locale: string = DEFAULT_FORMAT_LOCALE): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const totalMinutes = Math.round(safe / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const whole = numberFormat(locale, 0);
  return hours > 0
    ? `${whole.format(hours)}h ${whole.format(minutes)}m`
    : `${whole.format(minutes)}m`;
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
