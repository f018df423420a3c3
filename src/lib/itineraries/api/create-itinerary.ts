import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { itinerarySchema, type Itinerary, type ItineraryInput } from '../model/itinerary';
import { itineraryKeys } from './query-keys';

/** POST /api/itineraries -> the created itinerary (201). */
export function createItinerary(input: ItineraryInput): Promise<Itinerary> {
  return apiClient.post('/itineraries', input, { schema: itinerarySchema });
}

export const createItineraryMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: createItinerary,
    onSuccess: (created) => {
      queryClient.setQueryData(itineraryKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: itineraryKeys.lists() });
    },
  });

export function useCreateItinerary() {
  const queryClient = useQueryClient();
  return useMutation(createItineraryMutationOptions(queryClient));
}
