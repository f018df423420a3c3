/**
 * How a list of itineraries can be ordered (GET /api/itineraries?sort=, My Routes' sort menu):
 * newest or oldest first, by title, shortest or longest first (a route whose distance is
 * unknown goes last either way).
 */
export const ITINERARY_SORTS = ['newest', 'oldest', 'title', 'shortest', 'longest'] as const;
export type ItinerarySort = (typeof ITINERARY_SORTS)[number];

export const isItinerarySort = (value: unknown): value is ItinerarySort =>
  typeof value === 'string' && (ITINERARY_SORTS as readonly string[]).includes(value);
