import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { shareLinkSchema, type ShareLink } from '../model/itinerary';
import { markShared } from './summary-cache';

/**
 * POST /api/itineraries/:id/share -> {shareUrl, includeNotes}. The same link until it is
 * revoked; `includeNotes`, when given, sets whether it shows the stops' notes for the driver
 * (a new link leaves them out unless told otherwise, an existing one keeps its choice).
 */
export function shareItinerary(id: string, includeNotes?: boolean): Promise<ShareLink> {
  return apiClient.post(
    `/itineraries/${encodeURIComponent(id)}/share`,
    includeNotes === undefined ? undefined : { includeNotes },
    { schema: shareLinkSchema },
  );
}

export interface ShareItineraryVariables {
  id: string;
  includeNotes?: boolean;
}

export const shareItineraryMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: ({ id, includeNotes }: ShareItineraryVariables) => shareItinerary(id, includeNotes),
    onSuccess: (_link, { id }) => markShared(queryClient, id, true),
  });

export function useShareItinerary() {
  const queryClient = useQueryClient();
  return useMutation(shareItineraryMutationOptions(queryClient));
}
