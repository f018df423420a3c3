/**
 * Display formats for distances, durations and coordinates (spec section 9),
 * shared by every page that shows a route. English today; the locale parameter
 * lets the languages issue pass the interface language (decimal separators).
 */

export const DEFAULT_FORMAT_LOCALE = 'en';

const numberFormat = (locale: string, fractionDigits: number) =>
  new Intl.NumberFormat(locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    useGrouping: false,
  });

/** Under 1000 m in metres; under 10 km one decimal km; else whole km. */
export function formatDistance(meters: number, locale: string = DEFAULT_FORMAT_LOCALE): string {
  const safe = Number.isFinite(meters) && meters > 0 ? meters : 0;
  const wholeMeters = Math.round(safe);
  if (wholeMeters < 1000) return `${numberFormat(locale, 0).format(wholeMeters)} m`;
  const km = safe / 1000;
  // Round first so 9.96 km reads "10 km", not "10.0 km".
  if (Math.round(km * 10) / 10 < 10) return `${numberFormat(locale, 1).format(km)} km`;
  return `${numberFormat(locale, 0).format(Math.round(km))} km`;
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

/** Spec section 9: 4 decimals in the planner, 6 on the navigation page. */
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
