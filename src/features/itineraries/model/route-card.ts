import { formatDistance as formatMetric, formatDuration } from '@/lib/format';
import type { ItinerarySummary } from '@/lib/itineraries';

/** What a route card shows, formatted. */
export interface RouteCardFacts {
  stopCount: number;
  /** Formatted distance, or null when unknown (shown as '--'). */
  distance: string | null;
  /** Formatted duration, or null when unknown (shown as '--'). */
  duration: string | null;
  /** The creation date in the interface language, or null for an unreadable date. */
  created: string | null;
}

/** One date format per language: making one costs far more than using it (a page has 24 cards). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
export function dateFormatFor(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale);
    dateFormats.set(locale, format);
  }
  return format;
}

const known = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * Totals of 0 mean "not computed" (total_distance and total_duration default to 0).
 * `formatDistance`: metres in the user's units (useFormatDistance).
 */
export function routeCardFacts(
  itinerary: ItinerarySummary,
  locale: string,
  formatDistance: (meters: number) => string = (meters) => formatMetric(meters, locale),
): RouteCardFacts {
  const createdAt = new Date(itinerary.created_at);
  return {
    stopCount: itinerary.stop_count,
    distance: known(itinerary.total_distance) ? formatDistance(itinerary.total_distance) : null,
    duration: known(itinerary.total_duration)
      ? formatDuration(itinerary.total_duration, locale)
      : null,
    created: Number.isNaN(createdAt.getTime()) ? null : dateFormatFor(locale).format(createdAt),
  };
}

/**
 * A click on the card body opens the route; a click on (or inside) one of the
 * card's own controls does that control's job instead.
 */
export function isCardBodyClick(target: EventTarget | null, card: Element): boolean {
  if (!(target instanceof Element)) return false;
  const control = target.closest(
    'a, button, input, select, textarea, label, [role="button"], [role="dialog"], [role="alertdialog"]',
  );
  return control === null || !card.contains(control);
}
