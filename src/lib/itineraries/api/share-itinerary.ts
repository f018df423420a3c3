import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { shareLinkSchema, type ShareLink } from '../model/itinerary';

/** POST /api/itineraries/:id/share -> {shareUrl}. */
export function shareItinerary(id: string): Promise<ShareLink> {
  return apiClient.post(`/itineraries/${encodeURIComponent(id)}/share`, undefined, {
    schema: shareLinkSchema,
  });
}

export const shareItineraryMutationOptions = () => mutationOptions({ mutationFn: shareItinerary });

export function useShareItinerary() {
  return useMutation(shareItineraryMutationOptions());
}
