import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Itinerary } from '../model/itinerary';
import { itineraryKeys } from './query-keys';

/** DELETE /api/itineraries/:id -> 204. */
export function deleteItinerary(id: string): Promise<void> {
  return apiClient.delete(`/itineraries/${encodeURIComponent(id)}`);
}

export const deleteItineraryMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: deleteItinerary,
    onSuccess: (_result, id) => {
      // A confirmed delete removes the route from the list.
      queryClient.setQueryData<Itinerary[]>(itineraryKeys.lists(), (list) =>
        list?.filter((itinerary) => itinerary.id !== id),
      );
      queryClient.removeQueries({ queryKey: itineraryKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: itineraryKeys.lists() });
    },
  });

export function useDeleteItinerary() {
  const queryClient = useQueryClient();
  return useMutation(deleteItineraryMutationOptions(queryClient));
}
