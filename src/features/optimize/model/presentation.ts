import type { RouteMode } from '@domain/tsp/index.ts';

/**
 * Fewest stops for which the mode has an order to choose: with 3 stops only 'fixed-start' does
 * (the two after the start can swap); the other modes fix one more stop or close the loop.
 */
export const MIN_STOPS: Readonly<Record<RouteMode, number>> = {
  'fixed-start': 3,
  'fixed-start-end': 4,
  'round-trip': 4,
};

/** One format per locale: making an Intl.NumberFormat costs more than the rest of the message. */
const percentFormats = new Map<string, Intl.NumberFormat>();

/** The share of the route saved, in percent with at most one decimal. */
export function formatPercentSaved(before: number, after: number, locale: string): string {
  const percent = before > 0 ? ((before - after) / before) * 100 : 0;
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    percentFormats.set(locale, format);
  }
  return format.format(percent);
}

export function reorder<T>(items: readonly T[], order: readonly number[]): T[] {
  return order.map((index) => items[index]);
}

export interface PlaceLike {
  name: string;
  lat: number;
  lng: number;
}

/** Same stops in the same order (by value, so a parent may copy the objects). */
export function sameStops(a: readonly PlaceLike[], b: readonly PlaceLike[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (stop, i) =>
        stop === b[i] ||
        (stop.name === b[i].name && stop.lat === b[i].lat && stop.lng === b[i].lng),
    )
  );
}
