import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';
import { markShared } from './summary-cache';

/**
 * DELETE /api/itineraries/:id/share -> 204. The active link stops working at
 * once (404 when there is none); sharing again makes a new link.
 */
export function revokeShare(id: string): Promise<void> {
  return apiClient.delete(`/itineraries/${encodeURIComponent(id)}/share`);
}

export const revokeShareMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: revokeShare,
    onSuccess: (_result, id) => markShared(queryClient, id, false),
    // No link to revoke (revoked elsewhere meanwhile): the route is not shared either.
    onError: (error, id) => {
      if (isApiError(error) && error.status === 404) markShared(queryClient, id, false);
    },
  });

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation(revokeShareMutationOptions(queryClient));
}
