import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { withoutRoute, type SummaryPage } from '../model/summary-page';
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
      queryClient.setQueriesData<InfiniteData<SummaryPage, string | null>>(
        { queryKey: itineraryKeys.lists() },
        (data) => data && { ...data, pages: withoutRoute(data.pages, id) },
      );
      queryClient.removeQueries({ queryKey: itineraryKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: itineraryKeys.lists() });
    },
  });

export function useDeleteItinerary() {
  const queryClient = useQueryClient();
  return useMutation(deleteItineraryMutationOptions(queryClient));
}
