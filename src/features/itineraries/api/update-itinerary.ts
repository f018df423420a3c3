import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { itinerarySchema, type Itinerary, type ItineraryInput } from '../model/itinerary';
import { itineraryKeys } from './query-keys';

export interface UpdateItineraryVariables {
  id: string;
  input: ItineraryInput;
}

/** PUT /api/itineraries/:id -> the updated itinerary. */
export function updateItinerary({ id, input }: UpdateItineraryVariables): Promise<Itinerary> {
  return apiClient.put(`/itineraries/${encodeURIComponent(id)}`, input, {
    schema: itinerarySchema,
  });
}

export const updateItineraryMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updateItinerary,
    onSuccess: (updated) => {
      queryClient.setQueryData(itineraryKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: itineraryKeys.lists() });
    },
  });

export function useUpdateItinerary() {
  const queryClient = useQueryClient();
  return useMutation(updateItineraryMutationOptions(queryClient));
}
