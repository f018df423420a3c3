import type { Itinerary, ItineraryInput } from '@/lib/itineraries';

/** How My Routes orders the routes (newest first by default). */
export const ROUTE_SORTS = ['newest', 'oldest', 'title', 'shortest', 'longest'] as const;
export type RouteSort = (typeof ROUTE_SORTS)[number];

export const isRouteSort = (value: unknown): value is RouteSort =>
  typeof value === 'string' && (ROUTE_SORTS as readonly string[]).includes(value);

/** Case- and accent-insensitive text for matching. */
const folded = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim();

const createdAt = (itinerary: Itinerary) => Date.parse(itinerary.created_at) || 0;
/** A route whose distance is unknown (0) goes last in either distance order. */
const distanceOf = (itinerary: Itinerary, unknown: number) =>
  itinerary.total_distance && itinerary.total_distance > 0 ? itinerary.total_distance : unknown;

/**
 * The routes whose title (or a stop's name) contains every word of `query`, in `sort` order;
 * titles compare in the interface language's alphabetical order.
 */
export function findRoutes(
  routes: readonly Itinerary[],
  { query, sort }: { query: string; sort: RouteSort },
  locale: string,
): Itinerary[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  const matching = routes.filter((itinerary) => {
    if (words.length === 0) return true;
    const haystack = folded(
      [itinerary.title, ...itinerary.stops.map((stop) => stop.name)].join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const compare: Record<RouteSort, (a: Itinerary, b: Itinerary) => number> = {
    newest: (a, b) => createdAt(b) - createdAt(a),
    oldest: (a, b) => createdAt(a) - createdAt(b),
    title: (a, b) => collator.compare(a.title, b.title) || createdAt(b) - createdAt(a),
    shortest: (a, b) => distanceOf(a, Infinity) - distanceOf(b, Infinity),
    longest: (a, b) => distanceOf(b, -Infinity) - distanceOf(a, -Infinity),
  };
  return [...matching].sort(compare[sort]);
}

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
