/**
 * The customers' tracking links of the board's routes (owner): read the active ones, make the
 * missing ones for every stop of a route (or for one stop). See docs/api.md, "Tracking links".
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';
import * as z from 'zod/mini';

const linkSchema = z.object({
  stopId: z.string(),
  trackingUrl: z.string(),
  showPhoto: z.boolean(),
  contact: z.optional(z.string()),
});
const linksSchema = z.object({ links: z.array(linkSchema) });
export type TrackingLink = z.infer<typeof linkSchema>;

const base = (itineraryId: string) => `/itineraries/${encodeURIComponent(itineraryId)}`;

export const trackingLinkKeys = {
  all: ['tracking-links'] as const,
  route: (itineraryId: string) => [...trackingLinkKeys.all, itineraryId] as const,
};

/** GET /api/itineraries/:id/tracking-links: the route's active links, in its order. */
export const trackingLinksQueryOptions = (itineraryId: string) =>
  queryOptions({
    queryKey: trackingLinkKeys.route(itineraryId),
    queryFn: async ({ signal }) =>
      (await apiClient.get(`${base(itineraryId)}/tracking-links`, { signal, schema: linksSchema }))
        .links,
  });

/** POST /api/itineraries/:id/tracking-links: a link for every stop but the start (the same ones). */
export const makeTrackingLinks = async (itineraryId: string): Promise<TrackingLink[]> =>
  (await apiClient.post(`${base(itineraryId)}/tracking-links`, undefined, { schema: linksSchema }))
    .links;

/**
 * POST /api/itineraries/:id/stops/:stopId/tracking-link: the stop's link (made when it has none);
 * `showPhoto` given sets whether it shows the delivery's photo, absent leaves it.
 */
export const makeTrackingLink = (
  itineraryId: string,
  stopId: string,
  options?: { showPhoto: boolean },
): Promise<TrackingLink> =>
  apiClient.post(
    `${base(itineraryId)}/stops/${encodeURIComponent(stopId)}/tracking-link`,
    options,
    {
      schema: linkSchema,
    },
  );

/**
 * DELETE /api/itineraries/:id/tracking-links: every link of the route stops working at once; a
 * route that has none (404: revoked meanwhile) is as asked.
 */
export async function revokeTrackingLinks(itineraryId: string): Promise<void> {
  try {
    await apiClient.delete(`${base(itineraryId)}/tracking-links`);
  } catch (error) {
    if (!(isApiError(error) && error.status === 404)) throw error;
  }
}
