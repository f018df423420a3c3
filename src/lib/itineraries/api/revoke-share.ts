import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * DELETE /api/itineraries/:id/share -> 204. The active link stops working at
 * once (404 when there is none); sharing again makes a new link.
 */
export function revokeShare(id: string): Promise<void> {
  return apiClient.delete(`/itineraries/${encodeURIComponent(id)}/share`);
}

export const revokeShareMutationOptions = () => mutationOptions({ mutationFn: revokeShare });

export function useRevokeShare() {
  return useMutation(revokeShareMutationOptions());
}
