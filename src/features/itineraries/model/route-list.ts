import type { Itinerary, ItineraryInput } from '@/lib/itineraries';

/** The title of a copy: "{title} (copy)" in the user's language, within the 200-character bound. */
export function copyTitle(title: string, pattern: (title: string) => string, max = 200): string {
  const whole = pattern(title);
  if (whole.length <= max) return whole;
  const spare = whole.length - title.length;
  return pattern(`${title.slice(0, Math.max(1, max - spare - 1))}…`);
}

/**
 * What a duplicate of a saved route is created with: the title given, the stops with their
 * notes and working-day fields, and the route's day plan; it starts fresh on the road (no stop
 * done or skipped), like a copy of a shared route.
 */
export function duplicateInput(itinerary: Itinerary, title: string): ItineraryInput {
  return {
    title,
    stops: itinerary.stops.map((stop) => {
      const fresh = { ...stop };
      delete fresh.status;
      return fresh;
    }),
    ...(itinerary.day_plan ? { day_plan: itinerary.day_plan } : {}),
  };
}
