import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';
import { driverLinkSchema, type DriverLink } from '../model/schemas';
import { driverReportKeys } from './query-keys';

const path = (itineraryId: string) => `/itineraries/${encodeURIComponent(itineraryId)}/driver-link`;

/**
 * POST /api/itineraries/:id/driver-link -> {driverUrl}: a new link for the route's driver; the
 * route's previous link stops working at once.
 */
export function createDriverLink(itineraryId: string): Promise<DriverLink> {
  return apiClient.post(path(itineraryId), undefined, { schema: driverLinkSchema });
}

/** GET /api/itineraries/:id/driver-link -> the active link, null when the route has none. */
export async function getDriverLink(
  itineraryId: string,
  signal?: AbortSignal,
): Promise<DriverLink | null> {
  try {
    return await apiClient.get(path(itineraryId), { signal, schema: driverLinkSchema });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** DELETE /api/itineraries/:id/driver-link -> 204; 404 when there is no active link. */
export function revokeDriverLink(itineraryId: string): Promise<void> {
  return apiClient.delete(path(itineraryId));
}

export const driverLinkQueryOptions = (itineraryId: string) =>
  queryOptions({
    queryKey: driverReportKeys.link(itineraryId),
    queryFn: ({ signal }) => getDriverLink(itineraryId, signal),
  });

export const useDriverLink = (itineraryId: string | undefined) =>
  useQuery({ ...driverLinkQueryOptions(itineraryId ?? ''), enabled: Boolean(itineraryId) });

export const createDriverLinkMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: createDriverLink,
    onSuccess: (link, itineraryId) =>
      queryClient.setQueryData(driverReportKeys.link(itineraryId), link),
  });

export function useCreateDriverLink() {
  const queryClient = useQueryClient();
  return useMutation(createDriverLinkMutationOptions(queryClient));
}

export const revokeDriverLinkMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: revokeDriverLink,
    // Revoked here or elsewhere meanwhile (404): the route has no link either way.
    onSettled: (_result, error, itineraryId) => {
      if (!error || (isApiError(error) && error.status === 404))
        queryClient.setQueryData(driverReportKeys.link(itineraryId), null);
    },
  });

export function useRevokeDriverLink() {
  const queryClient = useQueryClient();
  return useMutation(revokeDriverLinkMutationOptions(queryClient));
}
