import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { itinerarySchema, type Itinerary, type ItineraryInput } from '../model/itinerary';
import { itineraryKeys } from './query-keys';

export interface UpdateItineraryVariables {
  id: string;
  input: ItineraryInput;
  /**
   * Save only over this version (the updated_at it was read with): a route changed
   * elsewhere since then answers 412 instead of being overwritten. Unset: last save wins.
   */
  onlyIfUpdatedAt?: string;
}

/** PUT /api/itineraries/:id -> the updated itinerary. */
export function updateItinerary({
  id,
  input,
  onlyIfUpdatedAt,
}: UpdateItineraryVariables): Promise<Itinerary> {
  return apiClient.put(`/itineraries/${encodeURIComponent(id)}`, input, {
    schema: itinerarySchema,
    headers: onlyIfUpdatedAt ? { 'If-Match': `"${onlyIfUpdatedAt}"` } : undefined,
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
