import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ApiGet } from '@/lib/api-url';
import { sharedRouteSchema, type SharedRoute } from '../model/shared-route';

export const sharedRouteKeys = {
  all: ['shared-route'] as const,
  detail: (shareToken: string) => [...sharedRouteKeys.all, shareToken] as const,
};

/** GET /api/itineraries/share/:token (no account needed). */
export const sharedRouteRequest = (shareToken: string): ApiGet => ({
  path: `/itineraries/share/${encodeURIComponent(shareToken)}`,
});

export function getSharedRoute(shareToken: string, signal?: AbortSignal): Promise<SharedRoute> {
  return apiClient.get(sharedRouteRequest(shareToken).path, {
    signal,
    schema: sharedRouteSchema,
  });
}

export const sharedRouteQueryOptions = (shareToken: string) =>
  queryOptions({
    queryKey: sharedRouteKeys.detail(shareToken),
    queryFn: ({ signal }) => getSharedRoute(shareToken, signal),
  });

export function useSharedRoute(shareToken: string | undefined) {
  return useQuery({ ...sharedRouteQueryOptions(shareToken ?? ''), enabled: Boolean(shareToken) });
}
